import Foundation
import Testing

@testable import GalleryKit

/// An iPhone HEIC's HDR gain map read through libheif and converted to Ultra HDR's terms.
/// The fixture, `Tests/Fixtures/hdr/iphone-gain-map.heic`, is written by `e2e/hdr_fixtures.py`
/// (`apple_hdr_heic(path, size=(320, 240), orientation=6)`): a 320 × 240 photo stored
/// landscape with `irot` and EXIF Orientation 6, its 160 × 120 gain map stored as well (no
/// `irot`), 255 in the stored top-left quarter and 40 elsewhere, MakerNote 0x0021 = 1 and
/// 0x0030 = 0 (8x headroom).
@Suite struct AppleGainMapTests {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/hdr/iphone-gain-map.heic")

    static func makerNote(_ values: [UInt16: Double]) -> [UInt16: ExifEntry] {
        values.mapValues { value in
            let numerator = Int32((value * 1_000_000).rounded())
            let bytes = [numerator, 1_000_000].flatMap { word in
                withUnsafeBytes(of: UInt32(bitPattern: word).bigEndian, Array.init)
            }
            return ExifEntry(tag: 0, type: 10, count: 1, data: bytes)
        }
    }

    @Test func theHeadroomFollowsApplesFormula() throws {
        // maker33 ≥ 1: 3 stops at maker48 = 0, 2.303 − 0.303 × 2 at maker48 = 2.
        #expect(try #require(AppleGainMap.headroom(makerNote: Self.makerNote([0x21: 1, 0x30: 0]))) == 8)
        let two = try #require(AppleGainMap.headroom(makerNote: Self.makerNote([0x21: 1.2, 0x30: 2])))
        #expect(abs(two - pow(2, 2.303 - 0.606)) < 1e-6)
        // maker33 < 1: 1.8 stops at maker48 = 0; maker48 missing counts as 0.
        let low = try #require(AppleGainMap.headroom(makerNote: Self.makerNote([0x21: 0.5])))
        #expect(abs(low - pow(2, 1.8)) < 1e-6)
        // No 0x0021: no usable gain map; a headroom of 1 or less brightens nothing.
        #expect(AppleGainMap.headroom(makerNote: Self.makerNote([0x30: 0])) == nil)
        #expect(AppleGainMap.headroom(makerNote: Self.makerNote([0x21: 1, 0x30: 8])) == nil)
    }

    @Test func theTableGivesTheSameBrightnessAsApplesFormula() {
        let headroom = 8.0
        let table = AppleGainMap.ultraHDRValues(headroom: headroom)
        #expect(table[0] == 0 && table[255] == 255)
        #expect(zip(table, table.dropFirst()).allSatisfy { $0 <= $1 }, "never darker for a larger value")
        for value in [20, 64, 128, 200] {
            let encoded = Double(value) / 255
            let linear = encoded < 0.081 ? encoded / 4.5 : pow((encoded + 0.099) / 1.099, 1 / 0.45)
            let apple = 1 + (headroom - 1) * linear
            let ultraHDR = pow(2, Double(table[value]) / 255 * log2(headroom))
            // One 8-bit step of log2(8) / 255 stops is under 0.6 % of brightness.
            #expect(abs(ultraHDR / apple - 1) < 0.006, "value \(value): \(ultraHDR) against \(apple)")
        }
    }

    @Test func theGainMapIsReadTurnedAndConverted() throws {
        let data = [UInt8](try Data(contentsOf: Self.fixture))
        let decoded = try HEIFDecoder.decode(data, maxPixels: 1 << 24)
        #expect(
            (decoded.image.width, decoded.image.height) == (240, 320), "libheif turns the photo by its irot")
        let map = try #require(
            try AppleGainMap.read(data, orientation: 6, photoWidth: 240, photoHeight: 320, maxPixels: 1 << 24)
        )
        #expect((map.pixels.width, map.pixels.height) == (120, 160))
        #expect(map.primarySegments.isEmpty)
        let xmp = String(decoding: try #require(map.segments.first).payload, as: UTF8.self)
        #expect(xmp.contains("hdrgm:GainMapMax=\"3\"") && xmp.contains("hdrgm:HDRCapacityMax=\"3\""))
        // The stored top-left quarter (255: the full 3 stops) is the top-right one once turned.
        func value(_ x: Int, _ y: Int) -> Int { Int(map.pixels.bytes[(y * map.pixels.width + x) * 3]) }
        #expect(value(100, 10) > 245, "top right")
        let forty = Int(AppleGainMap.ultraHDRValues(headroom: 8)[40])
        #expect(abs(value(20, 10) - forty) <= 4 && abs(value(100, 140) - forty) <= 4, "elsewhere")
    }

    @Test func aGainMapOfAnotherShapeOrWithoutHeadroomIsLeftOut() throws {
        let data = [UInt8](try Data(contentsOf: Self.fixture))
        // Not turned (the orientation said nothing): its shape is not the photo's.
        #expect(
            try AppleGainMap.read(data, orientation: 1, photoWidth: 240, photoHeight: 320, maxPixels: 1 << 24)
                == nil)
        // A HEIC without a gain map or MakerNote: sigal's Samsung sample.
        let sample = [UInt8](try Data(contentsOf: HEIFDecoderTests.sample))
        #expect(
            try AppleGainMap.read(
                sample, orientation: 1, photoWidth: 462, photoHeight: 347, maxPixels: 1 << 24)
                == nil)
        #expect(
            try HEIFDecoder.auxiliaryImage(sample, type: AppleGainMap.auxiliaryType, maxPixels: 1 << 24)
                == nil)
    }

    @Test func aGainMapOverTheLimitIsRefused() throws {
        let data = [UInt8](try Data(contentsOf: Self.fixture))
        #expect(throws: CodecFailure.self) {
            try HEIFDecoder.auxiliaryImage(data, type: AppleGainMap.auxiliaryType, maxPixels: 1000)
        }
    }
}
