import Foundation
import Testing

@testable import GalleryKit

/// The post-build scan reads XMP text too: a published file whose only GPS is in XMP (as
/// exiftool, Lightroom and phones write `exif:GPSLatitude`) is a leak.
@Suite struct XMPGPSScanTests {
    @Test(arguments: ["photo.jpg", "photo.png", "photo.webp"])
    func gpsOnlyInXMPIsFound(_ name: String) throws {
        let source: [UInt8]
        switch name {
        case "photo.png":
            source = ImageTestSupport.png(width: 2, height: 2, rgba: Array(repeating: 200, count: 16))
        case "photo.webp":
            source = try WebPCodec.encode(
                ImageTestSupport.gradient(width: 16, height: 16), quality: 80, iccProfile: nil, exif: nil)
        default: source = try Exiftool.plainJPEG()
        }
        let tagged = try Exiftool.write(
            [
                "-XMP-exif:GPSLatitude=59.4", "-XMP-exif:GPSLatitudeRef=N", "-XMP-exif:GPSLongitude=5.3",
                "-XMP-exif:GPSLongitudeRef=E",
            ], into: source, name: name)
        let scanner = GPSLeakScanner(sourceCoordinates: [])
        #expect(scanner.scan(path: name, bytes: tagged) != nil)
        #expect(scanner.scan(path: name, bytes: source) == nil)
    }

    /// GPS in a PNG's compressed text: XMP in a compressed `iTXt`, and a `zTXt` chunk, each
    /// deflated for real (fixed Huffman codes), so the names are not in the file's bytes as
    /// text and the scan must inflate them to see them.
    @Test(arguments: ["iTXt", "zTXt"])
    func gpsInCompressedPNGTextIsFound(_ type: String) throws {
        let packet =
            "<x:xmpmeta xmlns:x='adobe:ns:meta/'><rdf:RDF xmlns:rdf='http://www.w3.org/1999/02/22-rdf-syntax-ns#'>"
            + "<rdf:Description xmlns:exif='http://ns.adobe.com/exif/1.0/' exif:GPSLatitude='59,24.0N'"
            + " exif:GPSLongitude='5,18.0E'/></rdf:RDF></x:xmpmeta>"
        let packed = Self.fixedHuffmanZlib(Array(packet.utf8))
        #expect(ByteSearch.firstIndex(of: Array("GPSLatitude".utf8), in: packed, packed.indices) == nil)
        #expect(ImageCodecs.inflate(packed[...], limit: 1 << 20) == Array(packet.utf8))
        let header =
            type == "iTXt"
            ? Array("XML:com.adobe.xmp".utf8) + [0, 1, 0, 0, 0] : Array("Comment".utf8) + [0, 0]
        let png = ImageTestSupport.png(width: 2, height: 2, rgba: Array(repeating: 200, count: 16))
        let tagged = Array(png[..<33]) + Self.chunk(type, header + packed) + Array(png[33...])
        let scanner = GPSLeakScanner(sourceCoordinates: [])
        #expect(scanner.scan(path: "photo.png", bytes: tagged) != nil)
        // The same chunk without the GPS names is clean.
        let plain = Self.fixedHuffmanZlib(Array(packet.replacingOccurrences(of: "GPS", with: "Lens").utf8))
        let clean = Array(png[..<33]) + Self.chunk(type, header + plain) + Array(png[33...])
        #expect(scanner.scan(path: "photo.png", bytes: clean) == nil)
    }

    /// Compressed text that cannot be inflated is unknown text: the check fails closed on it,
    /// and a file of many bombs is charged one budget (each failure ends it).
    @Test func uninflatablePNGTextFailsTheCheck() throws {
        let png = ImageTestSupport.png(width: 2, height: 2, rgba: Array(repeating: 200, count: 16))
        let header = Array("XML:com.adobe.xmp".utf8) + [0, 1, 0, 0, 0]
        let broken =
            Array(png[..<33]) + Self.chunk("iTXt", header + [0x78, 0x9C, 1, 2, 3]) + Array(png[33...])
        let leak = try #require(GPSLeakScanner(sourceCoordinates: []).scan(path: "photo.png", bytes: broken))
        #expect(leak.message.contains("cannot be inflated"))
        // A good chunk after a failed one is not inflated any more: the file stays refused.
        let good = Self.fixedHuffmanZlib(Array("no location here".utf8))
        let blocks = MetadataBlocks.png(
            Array(png[..<33]) + Self.chunk("zTXt", Array("a".utf8) + [0, 0, 0x78, 0x9C, 9])
                + Self.chunk("zTXt", Array("b".utf8) + [0, 0] + good) + Array(png[33...]))
        #expect(blocks == [.uninflatable, .uninflatable])
    }

    static func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
        let name = Array(type.utf8)
        return withUnsafeBytes(of: UInt32(body.count).bigEndian, Array.init) + name + body
            + withUnsafeBytes(of: EmbeddedMetadataTests.crc32(name + body).bigEndian, Array.init)
    }

    /// `data` as a zlib stream of one deflate block with the fixed Huffman codes, literals
    /// only (RFC 1951 3.2.6): no byte of the input appears as itself.
    static func fixedHuffmanZlib(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var bits: UInt32 = 0
        var count = 0
        func put(_ value: UInt32, _ length: Int) {  // least significant bit first
            bits |= value << count
            count += length
            while count >= 8 {
                out.append(UInt8(bits & 0xFF))
                bits >>= 8
                count -= 8
            }
        }
        func code(_ value: UInt32, _ length: Int) {  // Huffman codes go most significant bit first
            var reversed: UInt32 = 0
            for bit in 0..<length where value & (1 << bit) != 0 { reversed |= 1 << (length - 1 - bit) }
            put(reversed, length)
        }
        put(1, 1)  // final block
        put(1, 2)  // fixed codes
        for byte in data {
            if byte < 144 { code(0x30 + UInt32(byte), 8) } else { code(0x190 + UInt32(byte) - 144, 9) }
        }
        code(0, 7)  // end of block
        if count > 0 { out.append(UInt8(bits & 0xFF)) }
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in data {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return out + withUnsafeBytes(of: (b << 16 | a).bigEndian, Array.init)
    }
}
