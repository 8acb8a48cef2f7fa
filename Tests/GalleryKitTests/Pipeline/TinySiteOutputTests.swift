import Foundation
import Testing

@testable import GalleryKit

/// What a reader of the tiny fixture site would notice, checked on a fresh build: photos
/// upright, no GPS published, and every link working under the `/photos/` sub-path.
@Suite struct TinySiteOutputTests {
    /// tower.jpg is stored 64 x 48, green with a red block in its top-left corner, and tagged
    /// with EXIF orientation 6 (turn 90 degrees clockwise to view). Upright, it is 48 x 64 with
    /// the red block top right; the derivative must not carry orientation 6 again, or browsers
    /// would turn it a second time.
    @Test func sidewaysPhotoIsPublishedUpright() async throws {
        let site = try await Self.builtSite()
        let towers = site.files.keys.filter { $0.hasPrefix("_img/") && $0.contains("/tower-") }
        #expect(towers.count == 4, "tower renditions (2 widths, WebP and JPEG): \(towers.sorted())")
        for path in towers {
            let bytes = [UInt8](site.files[path] ?? Data())
            let signature = try ImageSignature(decoding: bytes)
            #expect(signature.height > signature.width, "\(path) is \(signature.line), not portrait")
            let topRight = signature.quadrants[1]
            let others = [signature.quadrants[0], signature.quadrants[2], signature.quadrants[3]]
            #expect(
                others.allSatisfy { topRight[0] > $0[0] + 20 },
                "\(path): the red corner is not top right: \(signature.line)")
            let orientation =
                JPEGMarkers.exifPayload(in: bytes)
                .flatMap { ExifReader.read(app1Payload: $0) }?.summary.orientation ?? 1
            #expect(orientation == 1, "\(path) still says EXIF orientation \(orientation)")
        }
    }

    /// lamp.png has a transparent background; the JPEG derivatives show it on white (the WebP
    /// ones keep the transparency).
    /// By default the JPEG fallback of a transparent PNG shows the default theme's light page
    /// background (#fbfaf8) where the PNG is transparent, not black. (At 32 px, 4:2:0 chroma
    /// smears the lamp's colour into the corner by a few steps; WebPRenditionTests checks an
    /// exact, non-default colour.)
    @Test func transparentPNGIsFlattenedOntoThePageBackground() async throws {
        let site = try await Self.builtSite()
        let lamps = site.files.keys.filter {
            $0.hasPrefix("_img/") && $0.contains("/lamp-") && $0.hasSuffix(".jpg")
        }
        #expect(!lamps.isEmpty)
        for path in lamps {
            let pixels = try ImageSignature.decode([UInt8](site.files[path] ?? Data()))
            let corner = Array(pixels.bytes[0..<pixels.channels])
            #expect(
                zip(corner, [0xfb, 0xfa, 0xf8]).allSatisfy { abs(Int($0) - $1) <= 10 },
                "\(path): top-left corner is \(corner), not the page background")
        }
    }

    /// harbour.jpg carries GPS coordinates; no published image may.
    @Test func noPublishedImageCarriesGPS() async throws {
        let site = try await Self.builtSite()
        let source = try [UInt8](
            Data(contentsOf: BuildSandbox.tinySite.appendingPathComponent("travel/harbour.jpg")))
        #expect(Self.hasGPSPointer(source), "the fixture lost its GPS tags; the test would prove nothing")
        for (path, data) in site.files where ImageSignature.isImage(path) {
            #expect(!Self.hasGPSPointer([UInt8](data)), "\(path) publishes a GPS IFD")
        }
    }

    /// With `base_url: https://example.org/photos/`, every link and image reference must start
    /// with `/photos/`, be absolute (`https://...`, `mailto:`) or be a fragment.
    @Test func everyReferenceWorksUnderTheSubPath() async throws {
        let site = try await Self.builtSite()
        var offenders: [String] = []
        var checked = 0
        for (path, data) in site.files where path.hasSuffix(".html") {
            for reference in Self.references(in: String(decoding: data, as: UTF8.self)) {
                checked += 1
                if !Self.worksUnderSubPath(reference) { offenders.append("\(path): \(reference)") }
            }
        }
        #expect(checked > 50, "too few references found (\(checked)): is the parser broken?")
        // Includes the links written in Markdown (`travel/night/` in about.md, published at
        // about/): they are resolved against their source file and the base path.
        #expect(offenders.isEmpty, "references that break under /photos/: \(offenders.sorted())")
    }

    static func worksUnderSubPath(_ reference: String) -> Bool {
        if reference.hasPrefix("/photos/") || reference.hasPrefix("#") { return true }
        if reference.hasPrefix("//") || reference.hasPrefix("/") { return false }
        guard let colon = reference.firstIndex(of: ":") else { return false }
        let scheme = reference[..<colon]
        return !scheme.isEmpty && scheme.allSatisfy { $0.isLetter || $0 == "+" || $0 == "-" || $0 == "." }
    }

    /// The values of every `href`, `src` and `srcset` attribute (each `srcset` URL on its own).
    static func references(in html: String) -> [String] {
        var result: [String] = []
        for attribute in ["href", "src", "srcset"] {
            var rest = Substring(html)
            let opener = " \(attribute)=\""
            while let start = rest.range(of: opener) {
                let value = rest[start.upperBound...].prefix { $0 != "\"" }
                rest = rest[start.upperBound...].dropFirst(value.count)
                if attribute == "srcset" {
                    for candidate in value.split(separator: ",") {
                        if let url = candidate.split(separator: " ").first { result.append(String(url)) }
                    }
                } else {
                    result.append(String(value))
                }
            }
        }
        return result
    }

    /// True when the JPEG's EXIF IFD0 holds a GPSInfo pointer (tag 0x8825).
    static func hasGPSPointer(_ jpeg: [UInt8]) -> Bool {
        guard let payload = JPEGMarkers.exifPayload(in: jpeg), payload.count > 14 else { return false }
        let tiff = Array(payload.dropFirst(6))
        let bigEndian = tiff[0] == 0x4D
        func read(_ offset: Int, _ count: Int) -> Int {
            guard offset >= 0, offset + count <= tiff.count else { return -1 }
            let bytes = tiff[offset..<offset + count]
            return (bigEndian ? Array(bytes) : bytes.reversed()).reduce(0) { $0 << 8 | Int($1) }
        }
        let ifd = read(4, 4)
        let entries = read(ifd, 2)
        guard ifd > 0, entries > 0 else { return false }
        return (0..<entries).contains { read(ifd + 2 + $0 * 12, 2) == 0x8825 }
    }

    /// The tiny site, built once per test into its own sandbox.
    static func builtSite() async throws -> (sandbox: BuildSandbox, files: [String: Data]) {
        let sandbox = try BuildSandbox(copying: BuildSandbox.tinySite)
        let outcome = await sandbox.build(jobs: 2)
        try #require(outcome.succeeded, "the tiny site failed to build: \(outcome.rendered)")
        return (sandbox, try FileTree.contents(of: sandbox.output))
    }
}
