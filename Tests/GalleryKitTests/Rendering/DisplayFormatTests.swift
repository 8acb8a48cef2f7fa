import Foundation
import Testing

@testable import GalleryKit

@Suite struct DisplayFormatTests {
    static let shutterSpeeds: [(Double, String)] = [
        (1.0 / 250, "1/250 s"), (1.0 / 8, "1/8 s"), (0.3, "1/3 s"), (1, "1 s"), (2, "2 s"),
        (1.3, "1.3 s"), (1.0 / 4000, "1/4000 s"),
    ]

    @Test(arguments: shutterSpeeds)
    func shutterSpeedsReadLikeACamera(seconds: Double, expected: String) {
        #expect(DisplayFormat.shutter(seconds) == expected)
    }

    @Test func impossibleShutterSpeedsAreLeftOut() {
        #expect(DisplayFormat.shutter(0) == nil)
        #expect(DisplayFormat.shutter(-1) == nil)
        #expect(DisplayFormat.shutter(.infinity) == nil)
    }

    @Test func datesAreUTCWhateverTheMachineZone() {
        let lateEvening = RenderFixture.date("2024-06-03T23:30:00Z")
        #expect(DisplayFormat.longDate(lateEvening) == "June 3, 2024")
        #expect(DisplayFormat.longDateTime(lateEvening) == "June 3, 2024, 23:30")
        #expect(DisplayFormat.iso8601(lateEvening) == "2024-06-03T23:30:00Z")
        #expect(DisplayFormat.isoDay(lateEvening) == "2024-06-03")
    }

    @Test(arguments: [
        ("DSC_0142.jpg", "DSC 0142"), ("sunset-over-the-bay.jpeg", "Sunset over the bay"),
        ("a__b.png", "A b"), (".hidden", ".hidden"),
    ])
    func fileNamesAreHumanised(fileName: String, expected: String) {
        #expect(DisplayFormat.humanizedFileName(fileName) == expected)
    }

    @Test func numbersDropATrailingZero() {
        #expect(DisplayFormat.number(35) == "35")
        #expect(DisplayFormat.number(2.8) == "2.8")
        #expect(DisplayFormat.number(4.0000001) == "4")
    }
}
