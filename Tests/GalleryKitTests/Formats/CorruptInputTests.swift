import Testing

@testable import GalleryKit

/// Damaged files must end in an image or an error, never a crash or a hang: each test flips a
/// few bytes of a valid file, many times over, from a fixed seed.
@Suite struct CorruptInputTests {
    static func mutations(of file: [UInt8], count: Int, seed: UInt64) -> [[UInt8]] {
        var state = seed
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33)
        }
        return (0..<count).map { round in
            var copy = file
            for _ in 0..<(1 + next() % 6) {
                // Every third round damages only the first 300 bytes: the container's boxes.
                let position = round % 3 == 0 ? next() % min(300, copy.count) : next() % copy.count
                copy[position] = UInt8(truncatingIfNeeded: next())
            }
            return copy
        }
    }

    @Test func damagedHEICFilesDecodeOrThrow() {
        var errors = 0
        for input in Self.mutations(of: TinyHEIC.bytes, count: 300, seed: 11) {
            do {
                let result = try HEIFDecoder.decode(input, maxPixels: 10_000)
                #expect(result.image.width * result.image.height <= 10_000)
            } catch {
                errors += 1
            }
        }
        #expect(errors > 0)  // the damage is real: some of it must be caught
    }

    @Test func damagedWebPFilesDecodeOrThrow() throws {
        let file = try WebPCodec.encode(
            FormatTestImages.gradient(width: 32, height: 24, channels: 4), quality: 80,
            iccProfile: FormatTestImages.iccProfile, exif: FormatTestImages.exif)
        var errors = 0
        for input in Self.mutations(of: file, count: 300, seed: 5) {
            do {
                let (image, _) = try WebPCodec.decode(input, maxPixels: 10_000)
                #expect(image.width * image.height <= 10_000)
            } catch {
                errors += 1
            }
        }
        #expect(errors > 0)
    }
}
