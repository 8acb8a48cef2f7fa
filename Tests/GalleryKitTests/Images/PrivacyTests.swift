import Foundation
import Testing

@testable import GalleryKit

@Suite struct PrivacyTests {
    static let iptc = "iptcTest/1.jpg"
    static let sample = ImageTestSupport.corpus.appendingPathComponent("sigal-sample")

    /// One entry per tag of every group, little-endian ASCII/SHORT/RATIONAL as the tag wants.
    func everyTag() -> ExifMetadata {
        func entry(_ tag: UInt16) -> ExifEntry {
            switch tag {
            case 0x829A, 0x829D, 0x920A:
                ExifEntry(tag: tag, type: 5, count: 1, data: [28, 0, 0, 0, 10, 0, 0, 0])
            case 0x8827: ExifEntry(tag: tag, type: 3, count: 1, data: [100, 0])
            default: ExifEntry(tag: tag, type: 2, count: 6, data: Array("value\0".utf8))
            }
        }
        var metadata = ExifMetadata()
        metadata.primary = ExifReader.primaryTags.map(entry)
        metadata.camera = ExifReader.cameraTags.map(entry)
        metadata.orientation = ExifEntry(tag: 0x0112, type: 3, count: 1, data: [6, 0])
        return metadata
    }

    /// The tags of an EXIF TIFF payload, IFD0 and Exif IFD together, without the Exif pointer.
    func tags(_ tiff: [UInt8]) throws -> Set<UInt16> {
        let payload = Array("Exif\0\0".utf8) + tiff
        let jpeg: [UInt8] =
            [0xFF, 0xD8, 0xFF, 0xE1, UInt8((payload.count + 2) >> 8), UInt8((payload.count + 2) & 0xFF)]
            + payload
        return Set(try ExifTests().tags(inRendition: jpeg)).subtracting([0x8769])
    }

    @Test(arguments: ExifGroup.allCases)
    func eachGroupWritesExactlyItsTags(group: ExifGroup) throws {
        let tiff = try #require(ExifWriter.payload(for: everyTag(), groups: [group]))
        #expect(try tags(tiff) == Set(group.primaryTags + group.cameraTags + [0x0112]))
    }

    @Test func theDefaultGroupsAreTheDocumentedAllowList() throws {
        let tiff = try #require(ExifWriter.payload(for: everyTag(), groups: PrivacySettings().exif))
        let expected: Set<UInt16> = [
            0x013B, 0x8298, 0x9003, 0x010F, 0x0110, 0xA434, 0x920A, 0x829A, 0x829D, 0x8827, 0x0112,
        ]
        #expect(try tags(tiff) == expected)
        let read = try #require(ExifReader.read(app1Payload: Array("Exif\0\0".utf8) + tiff))
        #expect(read.summary.orientation == 1)
        #expect(read.summary.iso == 100)
    }

    @Test func noGroupsWritesNothingUnlessAnOriginalNeedsItsOrientation() throws {
        #expect(ExifWriter.payload(for: everyTag(), groups: []) == nil)
        let kept = try #require(ExifWriter.payload(for: everyTag(), groups: [], orientation: .keep))
        #expect(try tags(kept) == [0x0112])
        let read = try #require(ExifReader.read(app1Payload: Array("Exif\0\0".utf8) + kept))
        #expect(read.summary.orientation == 6)
    }

    func run(_ privacy: PrivacySettings, name: String = iptc, content: URL = sample) throws -> (
        ImageResult, URL
    ) {
        var settings = ImageSettings()
        settings.widths = [200]
        settings.formats = [.jpeg]
        settings.privacy = privacy
        let output = try ImageTestSupport.scratch()
        let photo = PhotoSource(sourcePath: name, fileName: "1.jpg", slug: "photo", urlPath: "a/photo/")
        let pipeline = ImagePipeline(settings: settings, outputDirectory: output)
        return (try pipeline.process(photo, contentDirectory: content), output)
    }

    @Test func renditionsWithoutEXIFGroupsCarryNoEXIFAtAll() throws {
        var privacy = PrivacySettings()
        privacy.exif = []
        let (result, output) = try run(privacy)
        let jpeg = try ImageTestSupport.read(try #require(result.derivatives.renditions.first), in: output)
        #expect(JPEGMarkers.exifPayload(in: jpeg) == nil)
        #expect(result.derivatives.exif.cameraModel == "Canon DIGITAL IXUS IIs")  // still shown on the page
    }

    @Test func originalsAreNotPublishedByDefault() throws {
        let (result, output) = try run(PrivacySettings())
        #expect(result.derivatives.original == nil)
        let folder = output.appendingPathComponent("_img")
        let files = FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? []
        #expect(!files.isEmpty)
        #expect(!files.contains { $0.contains("original") })
    }

    @Test func privacySettingsChangeTheContentHash() throws {
        var privacy = PrivacySettings()
        let (plain, _) = try run(privacy)
        privacy.exif = [.camera]
        let (fewer, _) = try run(privacy)
        privacy.publishOriginals = true
        let (originals, _) = try run(privacy)
        let folders = [plain, fewer, originals].map {
            $0.derivatives.renditions[0].path.split(separator: "/")[1]
        }
        #expect(Set(folders).count == 3)
    }

    func contains(_ bytes: [UInt8], _ text: String) -> Bool {
        let needle = Array(text.utf8)
        return (0...(bytes.count - needle.count)).contains {
            bytes[$0..<$0 + needle.count].elementsEqual(needle)
        }
    }

    /// From the first SOS marker to EOI: the entropy-coded data and the tables between scans.
    func scans(_ jpeg: [UInt8]) throws -> ArraySlice<UInt8> {
        let start = try #require((2..<jpeg.count - 1).first { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xDA })
        let end = try #require((start..<jpeg.count - 1).last { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xD9 })
        return jpeg[start...end + 1]
    }

    @Test func aPublishedJPEGOriginalHasNoGPSAndTheSameImageData() throws {
        var privacy = PrivacySettings()
        privacy.publishOriginals = true
        privacy.exif = [.camera, .date]
        let (result, output) = try run(privacy)
        let original = try #require(result.derivatives.original)
        #expect(original.path.hasSuffix("/photo-original.jpg"))
        let bytes = try ImageTestSupport.read(original, in: output)
        let source = try [UInt8](Data(contentsOf: Self.sample.appendingPathComponent(Self.iptc)))
        #expect(try scans(bytes) == scans(source))
        let exif = try #require(JPEGMarkers.exifPayload(in: bytes))
        #expect(try tags(Array(exif.dropFirst(6))) == [0x010F, 0x0110, 0x9003, 0x0112])
        // No XMP, IPTC or any other copy of the coordinates.
        for marker in ["http://ns.adobe.com/xap", "Photoshop 3.0", "GPS"] {
            #expect(!contains(bytes, marker), "\(marker)")
        }
        let decodedSource = try ImageCodecs.decodeJPEG(source, scale: 8, maxPixels: 1 << 26, maxScans: 99)
        let decodedOriginal = try ImageCodecs.decodeJPEG(bytes, scale: 8, maxPixels: 1 << 26, maxScans: 99)
        #expect(decodedSource.pixels == decodedOriginal.pixels)
    }

    @Test func aPublishedOriginalKeepsItsICCProfileAndOrientation() throws {
        let icc = Array(repeating: UInt8(7), count: 600)
        let source = try ImageTestSupport.jpeg(width: 64, height: 32, icc: icc)
        var metadata = ExifMetadata()
        metadata.primary = [ExifEntry(tag: 0x010F, type: 2, count: 4, data: Array("ACME".utf8))]
        metadata.orientation = ExifEntry(tag: 0x0112, type: 3, count: 1, data: [6, 0])
        // The test photo's EXIF: camera, Orientation 6, and a GPS pointer that must not survive.
        var tiff = try #require(ExifWriter.payload(for: metadata, orientation: .keep))
        tiff += Array("GPS-secret".utf8)
        let withExif = try #require(OriginalRewriter.rewriteJPEG(source, exif: tiff))
        let content = try ImageTestSupport.scratch()
        try Data(withExif).write(to: content.appendingPathComponent("p.jpg"))
        var privacy = PrivacySettings()
        privacy.publishOriginals = true
        let (result, output) = try run(privacy, name: "p.jpg", content: content)
        let original = try #require(result.derivatives.original)
        #expect((original.width, original.height) == (32, 64))
        let bytes = try ImageTestSupport.read(original, in: output)
        #expect(
            try ImageCodecs.decodeJPEG(bytes, scale: 8, maxPixels: 1 << 20, maxScans: 99).iccProfile == icc)
        let read = try #require(JPEGMarkers.exifPayload(in: bytes).flatMap(ExifReader.read))
        #expect(read.summary.orientation == 6)
        #expect(read.summary.cameraMake == "ACME")
        #expect(!contains(bytes, "GPS-secret"))
        #expect(try scans(bytes) == scans(source))
    }

    @Test func aPNGOriginalLosesItsTextAndEXIFChunks() throws {
        var rows: [[UInt8]] = []
        for row in 0..<8 {
            var line: [UInt8] = []
            for column in 0..<24 { line.append(UInt8(truncatingIfNeeded: column * 10 + row * 7)) }
            rows.append(line)
        }
        let png: [UInt8] = ImageTestSupport.png(
            width: 8, height: 8, bitDepth: 8, colorType: 2, rows: rows,
            chunks: [("tEXt", Array("Comment\0home 51.5N".utf8)), ("eXIf", Array("MM\0*GPS".utf8))])
        #expect(contains(png, "51.5N"))
        let rewritten = try #require(OriginalRewriter.rewritePNG(png))
        #expect(!contains(rewritten, "51.5N"))
        #expect(!contains(rewritten, "eXIf"))
        let a = try ImageCodecs.decodePNG(png, maxPixels: 1 << 20)
        let b = try ImageCodecs.decodePNG(rewritten, maxPixels: 1 << 20)
        #expect(a.pixels == b.pixels)
    }

    @Test func aDamagedJPEGIsRefusedRatherThanPublishedHalf() {
        let truncated: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE1, 0x00, 0x40, 1, 2]
        #expect(OriginalRewriter.rewriteJPEG(truncated, exif: nil) == nil)
    }
}

@Suite struct ReencodedOriginalTests {
    @Test(arguments: [false, true])
    func aWebPOriginalIsPublishedAsAFullSizeReencodeWithoutItsMetadata(alpha: Bool) throws {
        var pixels = ImageTestSupport.gradient(width: 300, height: 200)
        if alpha {
            var rgba: [UInt8] = []
            for index in 0..<(300 * 200) {
                rgba += pixels.bytes[(index * 3)..<(index * 3 + 3)] + [index % 300 < 150 ? 255 : 0]
            }
            pixels = PixelBuffer(width: 300, height: 200, channels: 4, bytes: rgba)
        }
        var exif = ExifMetadata()
        exif.primary = [ExifEntry(tag: 0x010F, type: 2, count: 5, data: Array("ACME\0".utf8))]
        let tiff = try #require(ExifWriter.payload(for: exif))
        let webp = try WebPCodec.encode(
            pixels, quality: 90, iccProfile: nil, exif: tiff + Array("GPS-secret".utf8))
        let content = try ImageTestSupport.scratch()
        try Data(webp).write(to: content.appendingPathComponent("w.webp"))
        var settings = ImageSettings()
        settings.widths = [100]
        settings.formats = [.jpeg]
        settings.privacy.publishOriginals = true
        settings.privacy.exif = [.artist]
        let output = try ImageTestSupport.scratch()
        let photo = PhotoSource(sourcePath: "w.webp", fileName: "w.webp", slug: "w", urlPath: "a/w/")
        let result = try ImagePipeline(settings: settings, outputDirectory: output)
            .process(photo, contentDirectory: content)
        let original = try #require(result.derivatives.original)
        #expect(original.format == (alpha ? .webp : .jpeg))
        #expect(original.path.hasSuffix("/w-original.\(alpha ? "webp" : "jpg")"))
        #expect((original.width, original.height) == (300, 200))
        let bytes = try ImageTestSupport.read(original, in: output)
        let needle = Array("GPS-secret".utf8)
        #expect(
            !(0...(bytes.count - needle.count)).contains {
                bytes[$0..<$0 + needle.count].elementsEqual(needle)
            })
        let acme = Array("ACME".utf8)
        #expect(
            !(0...(bytes.count - acme.count)).contains { bytes[$0..<$0 + acme.count].elementsEqual(acme) })
    }
}
