import Foundation
import Testing

@testable import GalleryKit

/// The Ultra HDR container galleryc writes: read back by its own reader, byte offsets checked;
/// `e2e/test_e2e_hdr.py` has exiftool read whole builds.
@Suite struct GainMapTests {
    static func jpeg(width: Int, height: Int, grey: UInt8) throws -> [UInt8] {
        let pixels = PixelBuffer(
            width: width, height: height, channels: 3,
            bytes: [UInt8](repeating: grey, count: width * height * 3))
        return try ImageCodecs.encodeJPEG(pixels, quality: 80, progressive: false, iccProfile: nil, exif: nil)
    }

    static let gainMapXMP = GainMap.Segment(
        marker: 0xE1,
        payload: EmbeddedMetadata.xmpPrefix
            + Array(
                """
                <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">\
                <rdf:Description xmlns:hdrgm="http://ns.adobe.com/hdr-gain-map/1.0/" hdrgm:GainMapMax="2"/>\
                </rdf:RDF></x:xmpmeta>
                """.utf8))

    @Test func anAssembledFileListsBothImagesAtTheirOffsets() throws {
        let primary = try Self.jpeg(width: 64, height: 48, grey: 120)
        let gainMap = GainMap.inserting(
            Self.gainMapXMP.bytes, into: try Self.jpeg(width: 16, height: 12, grey: 200))
        let file = GainMap.assemble(primary: primary, gainMap: gainMap, extra: [])
        #expect(Array(file.suffix(gainMap.count)) == gainMap)
        let found = try #require(GainMap.gainMapJPEG(in: file))
        #expect(Array(found) == gainMap)
        #expect(found.startIndex == file.count - gainMap.count)
        // The primary still decodes as the same picture, and says what it is.
        #expect(try ImageCodecs.jpegSize(file) == (64, 48))
        let xmp = try #require(EmbeddedMetadata.jpegXMPPacket(file))
        let text = String(decoding: xmp, as: UTF8.self)
        #expect(text.contains("hdrgm:Version=\"1.0\"") && text.contains("Item:Length=\"\(gainMap.count)\""))
    }

    @Test func aRenditionGetsTheGainMapAtTheSourcesScale() throws {
        let source = GainMap.assemble(
            primary: try Self.jpeg(width: 400, height: 300, grey: 120),
            gainMap: GainMap.inserting(
                Self.gainMapXMP.bytes, into: try Self.jpeg(width: 100, height: 75, grey: 200)),
            extra: [])
        let map = try #require(try GainMap.read(source, orientation: 6, maxPixels: 1 << 24))
        #expect((map.pixels.width, map.pixels.height) == (75, 100), "turned as the photo is")
        #expect(map.segments == [Self.gainMapXMP])
        let rendition = try Self.jpeg(width: 150, height: 200, grey: 100)
        let hdr = try map.ultraHDR(primary: rendition, photoWidth: 300, photoHeight: 400)
        let gain = try #require(GainMap.gainMapJPEG(in: hdr))
        #expect(try ImageCodecs.jpegSize(Array(gain)) == (38, 50))
    }

    @Test func aPhotoWithoutAGainMapHasNone() throws {
        #expect(GainMap.gainMapJPEG(in: try Self.jpeg(width: 8, height: 8, grey: 1)) == nil)
        // Another image in the MPF (a depth map, a thumbnail) without gain map metadata is no gain map.
        let other = GainMap.assemble(
            primary: try Self.jpeg(width: 8, height: 8, grey: 1),
            gainMap: try Self.jpeg(width: 4, height: 4, grey: 9),
            extra: [])
        #expect(GainMap.gainMapJPEG(in: other) == nil)
        #expect(try GainMap.read(other, orientation: 1, maxPixels: 1 << 20) == nil)
    }
}
