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
        let packed = PNGTextFixtures.fixedHuffmanZlib(Array(packet.utf8))
        #expect(ByteSearch.firstIndex(of: Array("GPSLatitude".utf8), in: packed, packed.indices) == nil)
        #expect(ZlibInflater.inflate(packed[...], limit: 1 << 20) == Array(packet.utf8))
        let header =
            type == "iTXt"
            ? Array("XML:com.adobe.xmp".utf8) + [0, 1, 0, 0, 0] : Array("Comment".utf8) + [0, 0]
        let png = ImageTestSupport.png(width: 2, height: 2, rgba: Array(repeating: 200, count: 16))
        let tagged = Array(png[..<33]) + PNGTextFixtures.chunk(type, header + packed) + Array(png[33...])
        let scanner = GPSLeakScanner(sourceCoordinates: [])
        #expect(scanner.scan(path: "photo.png", bytes: tagged) != nil)
        // The same chunk without the GPS names is clean.
        let plain = PNGTextFixtures.fixedHuffmanZlib(
            Array(packet.replacingOccurrences(of: "GPS", with: "Lens").utf8))
        let clean = Array(png[..<33]) + PNGTextFixtures.chunk(type, header + plain) + Array(png[33...])
        #expect(scanner.scan(path: "photo.png", bytes: clean) == nil)
    }

    /// Compressed text that cannot be inflated is unknown text: the check fails closed on it,
    /// and a file of many bombs is charged one budget (each failure ends it).
    @Test func uninflatablePNGTextFailsTheCheck() throws {
        let png = ImageTestSupport.png(width: 2, height: 2, rgba: Array(repeating: 200, count: 16))
        let header = Array("XML:com.adobe.xmp".utf8) + [0, 1, 0, 0, 0]
        let broken =
            Array(png[..<33]) + PNGTextFixtures.chunk("iTXt", header + [0x78, 0x9C, 1, 2, 3])
            + Array(png[33...])
        let leak = try #require(GPSLeakScanner(sourceCoordinates: []).scan(path: "photo.png", bytes: broken))
        #expect(leak.message.contains("cannot be inflated"))
        // A good chunk after a failed one is not inflated any more: the file stays refused.
        let good = PNGTextFixtures.fixedHuffmanZlib(Array("no location here".utf8))
        let blocks = MetadataBlocks.png(
            Array(png[..<33]) + PNGTextFixtures.chunk("zTXt", Array("a".utf8) + [0, 0, 0x78, 0x9C, 9])
                + PNGTextFixtures.chunk("zTXt", Array("b".utf8) + [0, 0] + good) + Array(png[33...]))
        #expect(blocks == [.uninflatable, .uninflatable])
    }
}
