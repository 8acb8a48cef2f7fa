import Foundation
import Testing

@testable import GalleryKit

@Suite struct HEIFDecoderTests {
    /// sigal's sample HEIC (a Samsung phone photo): `ispe` 462 x 348 with a clean aperture
    /// (`clap`) of 462 x 347, per `exiftool -a -G1`.
    static let sample = FormatTestImages.corpus.appendingPathComponent(
        "sigal-sample/dir1/test1/outdoor.heic")

    static func sampleBytes() throws -> [UInt8] { [UInt8](try Data(contentsOf: sample)) }

    @Test func decodesTheSamplePhotoCroppedToItsCleanAperture() throws {
        let result = try HEIFDecoder.decode(try Self.sampleBytes(), maxPixels: 10_000_000)
        #expect(result.image.width == 462)
        #expect(result.image.height == 347)
        #expect(result.image.channels == 3)
        #expect(result.orientationApplied)
        // Not blank: a real outdoor photo has many distinct values and a wide spread.
        let values = result.image.bytes
        #expect(Set(values).count > 200)
        let mean = Double(values.reduce(0) { $0 + Int($1) }) / Double(values.count)
        let spread = values.reduce(0.0) { $0 + abs(Double($1) - mean) } / Double(values.count)
        #expect(mean > 30 && mean < 225)
        #expect(spread > 20)
    }

    @Test func returnsExifAsBareTIFF() throws {
        let result = try HEIFDecoder.decode(try Self.sampleBytes(), maxPixels: 10_000_000)
        let exif = try #require(result.exif)
        #expect(exif.starts(with: [0x49, 0x49, 0x2A, 0x00]))  // "II*\0": exiftool says little-endian
        #expect(String(decoding: exif, as: UTF8.self).contains("SM-M315F"))  // the camera model
        // The sample signals no ICC profile.
        #expect(result.iccProfile == nil)
    }

    @Test func appliesRotationAndKeepsAlphaProfileAndExif() throws {
        #expect(TinyHEIC.bytes.count == 1561)
        let result = try HEIFDecoder.decode(TinyHEIC.bytes, maxPixels: 10_000)
        let image = result.image
        // Turned by `irot` as displayed: 16 x 32, the right (blue) half on top.
        #expect(image.width == 16 && image.height == 32, "\(image.width) x \(image.height)")
        #expect(image.channels == 4)
        #expect(result.orientationApplied)
        func pixel(_ x: Int, _ y: Int) -> [Int] {
            let i = (y * image.width + x) * 4
            return image.bytes[i..<i + 4].map(Int.init)
        }
        for x in [2, 8, 13] {
            let top = pixel(x, 5)
            let bottom = pixel(x, 26)
            #expect(top[2] > 170 && top[0] < 70, "blue on top at column \(x): \(top)")
            #expect(bottom[0] > 170 && bottom[2] < 70, "red below at column \(x): \(bottom)")
            #expect(abs(top[3] - 128) <= 6 && abs(bottom[3] - 255) <= 6, "alpha at column \(x)")
        }
        #expect(result.iccProfile == FormatTestImages.iccProfile)
        #expect(result.exif == FormatTestImages.exif)
    }

    @Test func premultipliedAlphaComesOutStraight() throws {
        #expect(TinyHEIC.premultiplied.count == 1151)
        let image = try HEIFDecoder.decode(TinyHEIC.premultiplied, maxPixels: 10_000).image
        #expect(image.width == 32 && image.height == 16 && image.channels == 4)
        let i = (8 * 32 + 26) * 4
        let right = image.bytes[i..<i + 4].map(Int.init)
        // Still premultiplied, blue would be about 110 instead of about 219.
        #expect(abs(right[0] - 40) <= 8 && abs(right[1] - 60) <= 8 && abs(right[2] - 219) <= 8, "\(right)")
        #expect(abs(right[3] - 128) <= 6)
    }

    @Test func refusesImagesOverThePixelLimitBeforeDecoding() throws {
        let bytes = try Self.sampleBytes()
        let error = #expect(throws: CodecFailure.self) {
            try HEIFDecoder.decode(bytes, maxPixels: 462 * 348 - 1)
        }
        #expect(error?.kind == .tooLarge(width: 462, height: 348))
        #expect(error?.description.contains("462 x 348") == true)
        #expect(try HEIFDecoder.decode(bytes, maxPixels: 462 * 348).image.width == 462)
    }

    @Test func corruptFilesAreErrorsWithLibheifMessages() throws {
        let bytes = try Self.sampleBytes()
        let inputs: [(String, [UInt8])] = [
            ("truncated in the image data", Array(bytes.prefix(bytes.count / 2))),
            ("truncated in the header", Array(bytes.prefix(100))),
            ("empty", []),
            ("random bytes", FormatTestImages.randomBytes(4000, seed: 3)),
        ]
        for (name, input) in inputs {
            let error = #expect(throws: CodecFailure.self, "\(name)") {
                try HEIFDecoder.decode(input, maxPixels: 10_000_000)
            }
            #expect(error?.codec == .heif && error?.kind == .damaged, "\(name)")
            #expect(error.map { $0.description.count > "HEIF: ".count } == true, "\(name)")
        }
    }

    /// Past libheif's own limit (32768 pixels a side) the library refuses the file before
    /// galleryc sees its size: not damaged, too large for the decoder, and the user is told so.
    @Test func beyondLibheifsLimitIsNotDamage() throws {
        var bytes = try Self.sampleBytes()
        let ispe = Array("ispe".utf8)
        var at = 0
        while let found = (at..<(bytes.count - 16)).first(where: { bytes[$0..<$0 + 4].elementsEqual(ispe) }) {
            for (offset, value) in [(8, 65_500), (12, 65_500)] {
                for byte in 0..<4 {
                    bytes[found + offset + byte] = UInt8(truncatingIfNeeded: value >> (24 - 8 * byte))
                }
            }
            at = found + 4
        }
        let error = #expect(throws: CodecFailure.self) {
            try HEIFDecoder.decode(bytes, maxPixels: 10_000_000)
        }
        #expect(error?.kind == .beyondLibraryLimit)
        let problem = error.map { ImageProblem($0, limitMegapixels: 200) }
        #expect(
            problem?.message.hasPrefix("the image is larger than its decoder reads at all (not damaged")
                == true)
    }
}
