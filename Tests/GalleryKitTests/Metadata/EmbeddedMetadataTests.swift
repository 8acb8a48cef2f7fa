import Foundation
import Testing

@testable import GalleryKit

/// XMP and IPTC found in real files written by exiftool: where each format keeps them.
@Suite struct EmbeddedMetadataTests {
    @Test func jpegXMPTitleDescriptionKeywordsAndRating() throws {
        let jpeg = try Exiftool.write(
            [
                "-XMP-dc:Title=Harbour at dusk", "-XMP-dc:Description=Boats coming in. The lights are on.",
                "-XMP-dc:Subject=boats", "-XMP-dc:Subject=harbour",
                "-XMP-lr:HierarchicalSubject=Places|Norway|Bergen",
                "-XMP-xmp:Rating=3", "-XMP-dc:Creator=Ann Example", "-XMP-dc:Rights=© Ann Example",
            ], into: try Exiftool.plainJPEG())
        let found = try #require(EmbeddedMetadata.read(jpeg))
        #expect(found.title == "Harbour at dusk")
        #expect(found.description == "Boats coming in. The lights are on.")
        #expect(found.keywords == ["boats", "harbour", "Bergen"])
        #expect(found.rating == 3)
        #expect(found.creator == "Ann Example")
        #expect(found.copyright == "© Ann Example")
    }

    @Test func iptcInLatin1() throws {
        // exiftool writes IPTC as Latin-1 unless told otherwise, without CodedCharacterSet.
        let jpeg = try Exiftool.write(
            [
                "-IPTC:ObjectName=Café au lait", "-IPTC:Caption-Abstract=Crème brûlée",
                "-IPTC:Keywords=Frühstück",
            ],
            into: try Exiftool.plainJPEG())
        #expect(ByteSearchInTest.contains(jpeg, [0x43, 0x61, 0x66, 0xE9]))  // "Café" in Latin-1
        let found = try #require(EmbeddedMetadata.read(jpeg))
        #expect(found.title == "Café au lait")
        #expect(found.description == "Crème brûlée")
        #expect(found.keywords == ["Frühstück"])
    }

    @Test func iptcInUTF8() throws {
        let jpeg = try Exiftool.write(
            [
                "-IPTC:CodedCharacterSet=UTF8", "-IPTC:ObjectName=Łódź nocą", "-IPTC:Keywords=Polska",
                "-IPTC:Keywords=noc", "-IPTC:By-line=Jan Kowalski", "-IPTC:CopyrightNotice=© Jan",
            ], into: try Exiftool.plainJPEG())
        let found = try #require(EmbeddedMetadata.read(jpeg))
        #expect(found.title == "Łódź nocą")
        #expect(found.keywords == ["Polska", "noc"])
        #expect(found.creator == "Jan Kowalski")
        #expect(found.copyright == "© Jan")
    }

    @Test func xmpWinsOverIPTCFieldByField() throws {
        let jpeg = try Exiftool.write(
            ["-XMP-dc:Title=From XMP", "-IPTC:ObjectName=From IPTC", "-IPTC:Caption-Abstract=Only in IPTC"],
            into: try Exiftool.plainJPEG())
        let found = try #require(EmbeddedMetadata.read(jpeg))
        #expect(found.title == "From XMP")
        #expect(found.description == "Only in IPTC")
    }

    @Test func extendedXMPIsPutTogether() throws {
        // Over 64 KiB of XMP: exiftool moves the largest property into extended XMP chunks.
        let long = String(repeating: "A very long description of the picture. ", count: 3000)
        let jpeg = try Exiftool.write(
            ["-XMP-dc:Title=Short title", "-XMP-dc:Description=\(long)"], into: try Exiftool.plainJPEG())
        #expect(ByteSearchInTest.contains(jpeg, Array("http://ns.adobe.com/xmp/extension/".utf8)))
        let found = try #require(EmbeddedMetadata.read(jpeg))
        #expect(found.title == "Short title")
        #expect(found.description == long.trimmingCharacters(in: .whitespaces))
    }

    @Test func pngITXt() throws {
        let png = ImageTestSupport.png(width: 2, height: 2, rgba: Array(repeating: 200, count: 16))
        let tagged = try Exiftool.write(
            ["-XMP-dc:Title=A PNG title", "-XMP-dc:Subject=diagram"], into: png, name: "photo.png")
        let found = try #require(EmbeddedMetadata.read(tagged))
        #expect(found.title == "A PNG title")
        #expect(found.keywords == ["diagram"])
    }

    @Test func compressedPNGITXt() throws {
        // exiftool always stores XMP uncompressed, so the chunk is made here: keyword, the
        // compression flag (1) and method (0), empty language and translated keyword, then the
        // packet as a zlib stream (of stored blocks: the reader must inflate it, or it would
        // parse the zlib header as XML and find nothing).
        let description = String(repeating: "A long description. ", count: 200)
        let packet =
            "<x:xmpmeta xmlns:x='adobe:ns:meta/'><rdf:RDF xmlns:rdf='http://www.w3.org/1999/02/22-rdf-syntax-ns#'>"
            + "<rdf:Description xmlns:dc='http://purl.org/dc/elements/1.1/'>"
            + "<dc:title><rdf:Alt><rdf:li xml:lang='x-default'>A compressed title</rdf:li></rdf:Alt></dc:title>"
            + "<dc:description><rdf:Alt><rdf:li xml:lang='x-default'>\(description)</rdf:li></rdf:Alt>"
            + "</dc:description></rdf:Description></rdf:RDF></x:xmpmeta>"
        let fixture = PNGTextFixtures.Fixture(type: "iTXt", keyword: "XML:com.adobe.xmp", packing: .stored)
        let found = try #require(EmbeddedMetadata.read(fixture.png(packet)))
        #expect(found.title == "A compressed title")
        #expect(found.description == description.trimmingCharacters(in: .whitespaces))
    }

    /// XMP in every `iTXt` form the privacy check is tested on too (``PNGTextReadersTests``).
    @Test(arguments: PNGTextFixtures.all.filter(\.isXMP))
    func pngXMPInEveryForm(_ fixture: PNGTextFixtures.Fixture) throws {
        let found = try #require(EmbeddedMetadata.read(fixture.png(PNGTextFixtures.packet(gps: true))))
        #expect(found.title == "A PNG title")
    }

    @Test func damagedOrOversizedCompressedTextIsNotRead() {
        #expect(ImageCodecs.inflate([0x78, 0x9C, 1, 2, 3][...], limit: 1 << 20) == nil)
        let text = [UInt8](repeating: 0x41, count: 200_000)
        let packed = PNGTextFixtures.storedZlib(text)
        #expect(ImageCodecs.inflate(packed[...], limit: 1 << 20) == text)
        // Past the limit nothing is returned (and nothing past it written).
        #expect(ImageCodecs.inflate(packed[...], limit: 100_000) == nil)
        #expect(ImageCodecs.inflate(packed.dropLast(9), limit: 1 << 20) == nil)
    }

    @Test func webPChunk() throws {
        let pixels = ImageTestSupport.gradient(width: 16, height: 16)
        let webp = try WebPCodec.encode(pixels, quality: 80, iccProfile: nil, exif: nil)
        let tagged = try Exiftool.write(["-XMP-dc:Title=A WebP title"], into: webp, name: "photo.webp")
        #expect(EmbeddedMetadata.read(tagged)?.title == "A WebP title")
    }

    @Test func heifMimeItem() throws {
        let tagged = try Exiftool.write(
            ["-XMP-dc:Title=A HEIC title"], into: TinyHEIC.bytes, name: "photo.heic")
        #expect(EmbeddedMetadata.read(tagged)?.title == "A HEIC title")
    }

    @Test func aFileWithoutMetadataHasNone() throws {
        #expect(EmbeddedMetadata.read(try Exiftool.plainJPEG()) == nil)
    }

    @Test func truncatedAndMangledFilesNeverCrash() throws {
        let jpeg = try Exiftool.write(
            ["-XMP-dc:Title=T", "-IPTC:ObjectName=O", "-IPTC:Keywords=k"], into: try Exiftool.plainJPEG())
        for cut in stride(from: 0, to: jpeg.count, by: 7) {
            _ = EmbeddedMetadata.read(Array(jpeg.prefix(cut)))
        }
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<300 {
            var mangled = jpeg
            for _ in 0..<8 {
                mangled[Int.random(in: 0..<min(mangled.count, 2048), using: &generator)] = UInt8.random(
                    in: 0...255, using: &generator)
            }
            _ = EmbeddedMetadata.read(mangled)
        }
    }

    @Test func extendedChunksThatDoNotCoverThePacketAreIgnored() {
        let guid = String(repeating: "A", count: 32)
        let chunk = (
            guid: Array(guid.utf8)[...], total: 100, offset: 50,
            data: Array(repeating: UInt8(32), count: 50)[...]
        )
        #expect(EmbeddedMetadata.extendedPacket(guid: guid, chunks: [chunk]) == nil)
        let lying = (
            guid: Array(guid.utf8)[...], total: 10, offset: 8,
            data: Array(repeating: UInt8(32), count: 50)[...]
        )
        #expect(EmbeddedMetadata.extendedPacket(guid: guid, chunks: [lying]) == nil)
    }

    @Test func theIPTCSampleOfSigalReads() throws {
        let jpeg = try ImageBytes.corpus("sigal-sample/iptcTest/1.jpg")
        let found = try #require(EmbeddedMetadata.read(jpeg))
        #expect(found.title == "Haemostratulus clouds over Canberra - 2005-12-28 at 03-25-07")
        #expect(found.keywords == ["4 Star", "iPhoto Original"])
        let headline = try #require(
            EmbeddedMetadata.read(try ImageBytes.corpus("sigal-sample/iptcTest/3.jpg")))
        #expect(headline.title == "Ring Nebula, M57")
    }
}

/// A byte-string search for the tests' own checks.
enum ByteSearchInTest {
    static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard needle.count <= haystack.count else { return false }
        for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] {
            if Array(haystack[start..<start + needle.count]) == needle { return true }
        }
        return false
    }
}

/// EXIF UserComment: its character code (ASCII, UNICODE) is not part of the text.
@Suite struct UserCommentTests {
    @Test(arguments: ["Hello there", "Grüße aus Köln"])
    func userCommentIsReadWithoutItsCharacterCode(_ text: String) throws {
        let jpeg = try Exiftool.write(["-EXIF:UserComment=\(text)"], into: try Exiftool.plainJPEG())
        let payload = try #require(JPEGMarkers.exifPayload(in: jpeg))
        #expect(ExifReader.read(app1Payload: payload)?.summary.userComment == text)
    }

    @Test func aUserCommentOfSpacesIsNone() throws {
        let jpeg = try Exiftool.write(["-EXIF:UserComment=        "], into: try Exiftool.plainJPEG())
        let payload = try #require(JPEGMarkers.exifPayload(in: jpeg))
        #expect(ExifReader.read(app1Payload: payload)?.summary.userComment == nil)
    }
}
