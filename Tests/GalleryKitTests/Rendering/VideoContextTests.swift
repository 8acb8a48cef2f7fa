import Foundation
import Testing

@testable import GalleryKit

/// What templates see of a clip: durations as a clock, for `<time datetime>` and for speech,
/// and the poster the player shows.
@Suite struct VideoContextTests {
    @Test(arguments: [
        (0.0, "0:00", "PT0S", "0 seconds"), (2.4, "0:02", "PT2S", "2 seconds"),
        (1.0, "0:01", "PT1S", "1 second"),
        (62.0, "1:02", "PT1M2S", "1 minute 2 seconds"), (120.0, "2:00", "PT2M", "2 minutes"),
        (3723.0, "1:02:03", "PT1H2M3S", "1 hour 2 minutes 3 seconds"), (-5.0, "0:00", "PT0S", "0 seconds"),
    ])
    func durations(seconds: Double, clock: String, iso: String, spoken: String) {
        #expect(VideoContext.clock(seconds) == clock)
        #expect(VideoContext.isoDuration(seconds) == iso)
        #expect(VideoContext.spoken(seconds) == spoken)
    }

    @Test func thePosterIsTheSmallestJPEGAsWideAsTheVideo() {
        let renditions = [
            Rendition(path: "a-320.webp", width: 320, height: 180, format: .webp, byteCount: 1),
            Rendition(path: "a-320.jpg", width: 320, height: 180, format: .jpeg, byteCount: 1),
            Rendition(path: "a-960.jpg", width: 960, height: 540, format: .jpeg, byteCount: 1),
            Rendition(path: "a-1600.jpg", width: 1600, height: 900, format: .jpeg, byteCount: 1),
            Rendition(path: "a-1600.webp", width: 1600, height: 900, format: .webp, byteCount: 1),
        ]
        #expect(VideoContext.poster(renditions, width: 640)?.path == "a-960.jpg")
        #expect(VideoContext.poster(renditions, width: 1920)?.path == "a-1600.jpg")
        #expect(
            VideoContext.poster(renditions.filter { $0.format == .webp }, width: 640)?.path == "a-1600.webp")
        #expect(VideoContext.poster([], width: 640) == nil)
    }
}
