import Foundation
import Testing

@testable import GalleryKit

@Suite struct PixelOperationsTests {
    @Test func resizeKeepsFlatColourAndHitsTheSize() throws {
        let flat = PixelBuffer(
            width: 50, height: 30, channels: 3,
            bytes: [UInt8](repeating: 0, count: 4500).enumerated().map { [200, 100, 30][$0.offset % 3] })
        let small = try PixelOperations.resize(flat, width: 17, height: 11)
        #expect(small.width == 17 && small.height == 11)
        #expect(small.bytes == [UInt8]((0..<(17 * 11)).flatMap { _ in [200, 100, 30] as [UInt8] }))
    }

    @Test func resizeAveragesAFineCheckerboardToGrey() throws {
        var bytes: [UInt8] = []
        for y in 0..<64 {
            for x in 0..<64 { bytes += [UInt8]((x + y) % 2 == 0 ? [255, 255, 255] : [0, 0, 0]) }
        }
        let small = try PixelOperations.resize(
            PixelBuffer(width: 64, height: 64, channels: 3, bytes: bytes), width: 8, height: 8)
        // A proper low-pass filter leaves no aliasing: every pixel is close to mid-grey.
        #expect(small.bytes.allSatisfy { (120...136).contains($0) })
    }

    /// Averaging light, half white and half black is half the light: sRGB 188, not 128, which
    /// is how the pattern looks from afar. RGBA is resampled as stored.
    @Test func linearLightResizeKeepsTheBrightnessOfFineDetail() throws {
        var rgb: [UInt8] = []
        var rgba: [UInt8] = []
        for y in 0..<64 {
            for x in 0..<64 {
                let value: UInt8 = (x + y) % 2 == 0 ? 255 : 0
                rgb += [value, value, value]
                rgba += [value, value, value, 255]
            }
        }
        let small = try PixelOperations.resize(
            PixelBuffer(width: 64, height: 64, channels: 3, bytes: rgb), width: 8, height: 8,
            linearLight: true)
        #expect(small.bytes.allSatisfy { (182...194).contains($0) }, "\(small.bytes.prefix(6))")
        // A flat colour stays exactly that colour at every level, through the 15-bit linear
        // samples and back.
        let changed = try (0...255).filter { level in
            let grey = [UInt8](repeating: UInt8(level), count: 37 * 23 * 3)
            let flat = try PixelOperations.resize(
                PixelBuffer(width: 37, height: 23, channels: 3, bytes: grey), width: 11, height: 7,
                linearLight: true)
            return !flat.bytes.allSatisfy { $0 == UInt8(level) }
        }
        #expect(changed.isEmpty, "grey levels that a resize changed: \(changed)")
        let withAlpha = try PixelOperations.resize(
            PixelBuffer(width: 64, height: 64, channels: 4, bytes: rgba), width: 8, height: 8,
            linearLight: true)
        #expect(
            withAlpha.bytes.enumerated().allSatisfy { $0.offset % 4 == 3 || (120...136).contains($0.element) }
        )
    }

    /// The AVX2 resizer must give the same bytes as the portable one, or the same photo would
    /// build to different files (and cache keys would lie) depending on the CPU. A real photo,
    /// as RGB in linear light and in sRGB and as premultiplied RGBA with a soft alpha ramp, cut
    /// to sizes that hit every edge case: odd widths, a row tail shorter than one SIMD step,
    /// up- and downscales, one side unchanged.
    @Test(.enabled(if: PixelOperations.resizeHasSIMD, "this CPU has no AVX2: only the portable path runs"))
    func simdAndPortableResizeAgree() throws {
        let photo = SigalSampleTests.sampleURL.appendingPathComponent("dir2/KeckObservatory20071020.jpg")
        let rgb = try ImageCodecs.decodeJPEG(
            [UInt8](try Data(contentsOf: photo)), scale: 2, maxPixels: 1 << 26, maxScans: 100
        ).pixels
        var rgba: [UInt8] = []
        rgba.reserveCapacity(rgb.width * rgb.height * 4)
        for pixel in 0..<rgb.width * rgb.height {
            rgba += rgb.bytes[pixel * 3..<pixel * 3 + 3]
            rgba.append(UInt8(pixel % rgb.width * 255 / max(1, rgb.width - 1)))
        }
        let translucent = PixelOperations.premultiplied(
            PixelBuffer(width: rgb.width, height: rgb.height, channels: 4, bytes: rgba))
        let sizes = [(317, 211), (97, 61), (rgb.width, 149), (203, rgb.height), (7, 3), (1, 1)]
        for (source, linear) in [(rgb, true), (rgb, false), (translucent, false)] {
            for (width, height) in sizes + [(source.width * 2 + 1, source.height + 5)] {
                let fast = try PixelOperations.resize(
                    source, width: width, height: height, linearLight: linear)
                let portable = try PixelOperations.withPortableResize { () throws(CodecFailure) in
                    try PixelOperations.resize(source, width: width, height: height, linearLight: linear)
                }
                let differing = zip(fast.bytes, portable.bytes).count { $0 != $1 }
                let what = "\(source.channels) channels, linear \(linear), \(source.width)x\(source.height)"
                #expect(
                    fast.bytes.count == portable.bytes.count && differing == 0,
                    "\(what) -> \(width)x\(height): \(differing) bytes differ")
            }
        }
    }
}
