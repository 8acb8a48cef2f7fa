import Foundation
import Testing

@testable import GalleryKit

/// What galleryc reads from ffprobe's answer, and what it refuses.
@Suite struct VideoProbeTests {
    private func json(_ streams: String, format: String = #"{"duration": "2.5"}"#) -> [UInt8] {
        Array(#"{"streams": [\#(streams)], "format": \#(format)}"#.utf8)
    }

    @Test func readsARotatedPhoneClip() throws {
        let probe = try VideoProbe.parse(
            json(
                #"{"codec_type": "video", "width": 1920, "height": 1080, "color_transfer": "arib-std-b67", "side_data_list": [{"rotation": -90}]}, {"codec_type": "audio"}"#,
                format:
                    #"{"duration": "3.25", "tags": {"com.apple.quicktime.creationdate": "2024-05-01T12:20:30+0200", "creation_time": "2024-05-01T10:20:30.000000Z"}}"#
            ), displayPath: "a/clip.mov")
        #expect(probe.duration == 3.25)
        #expect(probe.rotation == 270)
        #expect((probe.displayWidth, probe.displayHeight) == (1080, 1920))
        #expect(probe.transfer == .hlg)
        #expect(probe.hasAudio)
        // The wall-clock time, as a photo's EXIF date is read.
        #expect(probe.recorded == Date(timeIntervalSince1970: 1_714_566_030))
    }

    @Test func readsPQAndNoSound() throws {
        let probe = try VideoProbe.parse(
            json(#"{"codec_type": "video", "width": 640, "height": 360, "color_transfer": "smpte2084"}"#),
            displayPath: "a.mp4")
        #expect(probe.transfer == .pq)
        #expect(!probe.hasAudio)
        #expect(probe.rotation == 0)
        #expect(probe.recorded == nil)
    }

    static let refused: [(String, String, String)] = [
        (#"{"codec_type": "audio"}"#, #"{"duration": "2"}"#, "a.mp4: error: the file holds no video stream"),
        (
            #"{"codec_type": "video", "width": 0, "height": 240}"#, #"{"duration": "2"}"#,
            "a.mp4: error: not a usable video: it declares 0 × 240 pixels"
        ),
        (
            #"{"codec_type": "video", "width": 320, "height": 240}"#, #"{}"#,
            "a.mp4: error: not a usable video: it declares no duration"
        ),
        (
            #"{"codec_type": "video", "width": 320, "height": 240}"#, #"{"duration": "100000"}"#,
            "a.mp4: error: not a usable video: it declares 100000 s; clips of more than a day are not published"
        ),
    ]

    @Test(arguments: refused)
    func refusesWhatNoVideoIs(_ streams: String, _ format: String, _ expected: String) {
        #expect(throws: VideoError.self) {
            try VideoProbe.parse(json(streams, format: format), displayPath: "a.mp4")
        }
        do {
            _ = try VideoProbe.parse(json(streams, format: format), displayPath: "a.mp4")
        } catch {
            #expect(error.diagnostic.description == expected)
        }
    }

    @Test func ffprobeNamesAFileThatIsNotAVideo() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("galleryc-probe-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("notes.mp4")
        try Data("hello, not a video\n".utf8).write(to: file)
        let tools = try TestClips.tools
        do throws(VideoStageFailure) {
            _ = try VideoProbe.probe(
                MovieSource(path: file.path), displayPath: "a/notes.mp4", tools: tools,
                cancellation: ProcessCancellation())
            Issue.record("a text file was probed as a video")
        } catch {
            guard case .failed(let problem) = error else { throw TestClips.ClipError(message: "cancelled") }
            let text = problem.diagnostic.description
            #expect(text.hasPrefix("a/notes.mp4: error: not a readable video (ffprobe: "))
            #expect(text.contains("Invalid data found when processing input"))
            #expect(!text.contains(folder.path))
        }
    }
}
