import Foundation
import Testing

@testable import GalleryKit

/// Phone-like clips through whole builds: a rotated MOV with its location in three places, a
/// 10-bit HLG clip, WebM on request, and the album's date order with photos.
@Suite struct VideoPublishingTests {
    private func published(_ sandbox: BuildSandbox, _ suffix: String) throws -> URL {
        let path = try #require(
            FileTree.files(in: sandbox.output).first { $0.hasPrefix("_video/") && $0.hasSuffix(suffix) })
        return sandbox.output.appendingPathComponent(path)
    }

    /// ffprobe's answer for the first video stream of `url`, as JSON.
    private func stream(_ url: URL) throws -> [String: Any] {
        let outcome = try ChildProcess.run(
            try TestClips.tools.ffprobe,
            [
                "-v", "error", "-select_streams", "v:0", "-show_streams", "-show_format", "-of", "json",
                url.path,
            ],
            cancellation: ProcessCancellation())
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(outcome.standardOutput)) as? [String: Any])
        let streams = try #require(json["streams"] as? [[String: Any]])
        var first = try #require(streams.first)
        first["format"] = json["format"]
        return first
    }

    /// The first frame of `url` as RGB bytes, decoded by ffmpeg (which applies any display matrix).
    private func firstFrame(_ url: URL) throws -> [UInt8] {
        let outcome = try ChildProcess.run(
            try TestClips.tools.ffmpeg,
            [
                "-v", "error", "-i", url.path, "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "rgb24",
                "pipe:1",
            ],
            cancellation: ProcessCancellation())
        return outcome.standardOutput
    }

    @Test func aRotatedPhoneClipIsPublishedUprightWithoutItsLocationOrDevice() async throws {
        let sandbox = try BuildSandbox()
        let clip = sandbox.content.appendingPathComponent("trip/IMG_0001.MOV")
        try TestClips.phone(at: clip)
        let outcome = await sandbox.build()
        #expect(outcome.succeeded, "\(outcome.rendered)")
        let mp4 = try published(sandbox, ".mp4")
        let info = try stream(mp4)
        // Upright: the 320 x 240 picture turned a quarter left, with no display matrix left.
        #expect(info["width"] as? Int == 240)
        #expect(info["height"] as? Int == 320)
        #expect(info["side_data_list"] == nil)
        #expect(info["codec_name"] as? String == "h264")
        #expect(info["profile"] as? String == "High")
        #expect(info["pix_fmt"] as? String == "yuv420p")
        // The red top-left quadrant of the source is at the bottom left once turned upright.
        let frame = try firstFrame(mp4)
        try #require(frame.count == 240 * 320 * 3)
        let pixel = { (x: Int, y: Int) in Array(frame[(y * 240 + x) * 3..<(y * 240 + x) * 3 + 3]) }
        #expect(pixel(60, 240)[0] > 200 && pixel(60, 240)[2] < 60, "\(pixel(60, 240))")
        #expect(pixel(60, 80)[0] < 60 && pixel(60, 80)[2] > 200, "\(pixel(60, 80))")
        #expect(pixel(180, 240)[0] < 60, "\(pixel(180, 240))")
        // No location, device or date in any byte: the atom reader finds nothing, nor do the
        // tags, nor does the text of the location itself appear.
        let findings = try MovieMetadata.read(try FileReader(path: mp4.path))
        #expect(findings.coordinates(source: "x").isEmpty)
        let tags = ((info["format"] as? [String: Any])?["tags"] as? [String: Any]) ?? [:]
        #expect(
            Set(tags.keys).isSubset(of: ["major_brand", "minor_version", "compatible_brands"]), "\(tags)")
        let bytes = try Data(contentsOf: mp4)
        for secret in ["+48.8584", "Apple", "iPhone", "C39XK0", "2024-05-01", "com.apple"] {
            #expect(bytes.range(of: Data(secret.utf8)) == nil, "\(secret) in the published MP4")
        }
        // The source's location is among those no published file may spell out.
        let posterPage = try String(
            contentsOf: sandbox.output.appendingPathComponent("trip/img-0001/index.html"), encoding: .utf8)
        #expect(posterPage.contains("width=\"240\" height=\"320\""))
    }

    @Test func anHLGClipIsToneMappedToEightBitBT709() async throws {
        let sandbox = try BuildSandbox()
        try TestClips.hlg(at: sandbox.content.appendingPathComponent("hdr/sunset.mov"))
        let outcome = await sandbox.build()
        #expect(outcome.succeeded, "\(outcome.rendered)")
        let info = try stream(try published(sandbox, ".mp4"))
        #expect(info["pix_fmt"] as? String == "yuv420p")
        #expect(info["color_transfer"] as? String == "bt709")
        #expect(info["color_primaries"] as? String == "bt709")
        #expect(info["color_space"] as? String == "bt709")
        #expect(info["profile"] as? String == "High")
        // Tone-mapped, not clipped: SMPTE HD bars keep a light grey that is neither black nor white.
        let frame = try firstFrame(try published(sandbox, ".mp4"))
        let sum = frame.reduce(0) { $0 + Int($1) }
        let mean = Double(sum) / Double(frame.count)
        #expect(mean > 40 && mean < 200, "mean \(mean)")
    }

    @Test func webMIsOfferedFirstWhenAskedFor() async throws {
        let sandbox = try BuildSandbox()
        try sandbox.put("site.yml", "title: Clips\nvideo:\n  formats: [webm, mp4]\n  height: 144\n")
        try TestClips.pattern(at: sandbox.content.appendingPathComponent("a/clip.mp4"), seconds: 1)
        let outcome = await sandbox.build()
        #expect(outcome.succeeded, "\(outcome.rendered)")
        let webm = try stream(try published(sandbox, ".webm"))
        #expect(webm["codec_name"] as? String == "vp9")
        #expect(webm["height"] as? Int == 144)
        #expect(webm["width"] as? Int == 192)
        let mp4 = try stream(try published(sandbox, ".mp4"))
        #expect(mp4["height"] as? Int == 144)
        let page = try String(
            contentsOf: sandbox.output.appendingPathComponent("a/clip/index.html"), encoding: .utf8)
        let webmAt = try #require(page.range(of: "type=\"video/webm\""))
        let mp4At = try #require(page.range(of: "type=\"video/mp4\""))
        #expect(webmAt.lowerBound < mp4At.lowerBound)
    }

    @Test func clipsAndPhotosAreSortedByWhenTheyWereTaken() async throws {
        let sandbox = try BuildSandbox()
        // Names in the reverse of the recording order: a.mp4 last, z.mp4 first, the photo between.
        try TestClips.pattern(
            at: sandbox.content.appendingPathComponent("trip/a.mp4"), seconds: 1,
            creationTime: "2024-03-01T10:00:00Z")
        try TestClips.pattern(
            at: sandbox.content.appendingPathComponent("trip/z.mp4"), seconds: 1,
            creationTime: "2022-03-01T10:00:00Z")
        var metadata = ExifMetadata(bigEndian: false)
        let date = Array("2023:03:01 10:00:00".utf8) + [0]
        metadata.camera = [ExifEntry(tag: 0x9003, type: 2, count: UInt32(date.count), data: date)]
        let tiff = try #require(ExifWriter.payload(for: metadata))
        let photo = try ImageCodecs.encodeJPEG(
            ImageTestSupport.gradient(width: 64, height: 48), quality: 90, progressive: false,
            iccProfile: nil,
            exif: tiff)
        try sandbox.put("trip/m.jpg", bytes: photo)
        for name in ["a", "z", "m"] { try sandbox.put("trip/\(name).md", "---\nalt: Item \(name)\n---\n") }
        let outcome = await sandbox.build()
        #expect(outcome.succeeded, "\(outcome.rendered)")
        let album = try String(
            contentsOf: sandbox.output.appendingPathComponent("trip/index.html"), encoding: .utf8)
        let order = ["/trip/z/", "/trip/m/", "/trip/a/"].map { album.range(of: "href=\"\($0)\"")?.lowerBound }
        #expect(order.allSatisfy { $0 != nil })
        #expect(order.compactMap { $0 } == order.compactMap { $0 }.sorted())
        #expect(album.contains("1 photo · 2 videos"))
    }
}
