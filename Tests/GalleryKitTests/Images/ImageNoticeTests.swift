import Foundation
import Testing

@testable import GalleryKit

/// Photos that are published although something is not right with them say so: a warning
/// naming the photo, on every build, also when the renditions come from the cache.
@Suite struct ImageNoticeTests {
    /// A JPEG with three stray bytes before its SOF: libjpeg decodes it whole and warns.
    static func damagedJPEG() throws -> [UInt8] {
        let jpeg = try ImageTestSupport.jpeg(width: 64, height: 48)
        let sof = try #require((2..<jpeg.count - 1).first { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xC0 })
        return Array(jpeg[..<sof]) + [0x12, 0x34, 0x56] + Array(jpeg[sof...])
    }

    @Test func aJPEGWithCorruptDataIsPublishedWithLibjpegsWords() throws {
        let (result, _) = try ImageTestSupport.process(
            Self.damagedJPEG(), name: "a/damaged.jpg", widths: [32])
        #expect(!result.derivatives.renditions.isEmpty)
        #expect(
            result.derivatives.notices == [
                .damagedData(message: "Corrupt JPEG data: 3 extraneous bytes before marker 0xc0", count: 1)
            ])
        let warning = ImageError(
            ImageProblem(.damagedData(message: "Corrupt JPEG data: x", count: 3)), file: "a/b.jpg")
        #expect(
            warning.description
                == "a/b.jpg: warning: the JPEG data is damaged; it was published as libjpeg decoded it: "
                + "Corrupt JPEG data: x (and 2 more warnings)")
    }

    @Test func anUndamagedJPEGHasNoNotice() throws {
        let (result, _) = try ImageTestSupport.process(
            ImageTestSupport.jpeg(width: 64, height: 48), name: "a/fine.jpg", widths: [32])
        #expect(result.derivatives.notices == nil)
    }

    /// A CMYK profile on RGB pixels is never carried (browsers ignore or misapply the pair).
    @Test func aCMYKProfileOnAnRGBJPEGIsLeftOutWithAWarning() throws {
        var profile = [UInt8](repeating: 0, count: 132)
        profile.replaceSubrange(16..<20, with: Array("CMYK".utf8))
        let jpeg = try ImageTestSupport.jpeg(width: 64, height: 48, icc: profile)
        let (result, output) = try ImageTestSupport.process(jpeg, name: "a/odd.jpg", widths: [32])
        #expect(
            result.derivatives.notices == [
                .profileIgnored("the embedded ICC profile is a CMYK profile on RGB pixels; it was left out")
            ])
        let rendition = try #require(result.derivatives.renditions.first)
        let decoded = try ImageCodecs.decodeJPEG(
            ImageTestSupport.read(rendition, in: output), scale: 8, maxPixels: 1 << 20, maxScans: 100)
        #expect(decoded.iccProfile == nil)
    }

    /// The warning is rendered from the derivatives, so a rebuild from the cache says it again.
    @Test func theWarningComesBackOnACachedBuild() async throws {
        let sandbox = try BuildSandbox()
        try sandbox.put("site.yml", "title: t\nimages:\n  widths: [32]\n")
        try sandbox.put("album/damaged.jpg", bytes: Self.damagedJPEG())
        try sandbox.put("album/damaged.md", "---\nalt: a damaged photo\n---\n")
        let cache = sandbox.root.appendingPathComponent("cache")
        let expected =
            "album/damaged.jpg: warning: the JPEG data is damaged; it was published as libjpeg decoded it: "
            + "Corrupt JPEG data: 3 extraneous bytes before marker 0xc0"
        let first = await sandbox.build(cache: cache)
        #expect(first.succeeded)
        #expect(first.rendered.contains(expected), "\(first.rendered)")
        let second = await sandbox.build(cache: cache)
        #expect(second.summary?.cachedPhotoCount == 1)
        #expect(second.rendered.contains(expected), "\(second.rendered)")
        let strict = await sandbox.build(strict: true, cache: cache)
        #expect(!strict.succeeded, "--strict fails on the warning")
    }
}
