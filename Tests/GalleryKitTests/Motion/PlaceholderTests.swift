import Foundation
import Testing

@testable import GalleryKit

@Suite struct PlaceholderTests {
    private func gradient(width: Int, height: Int) -> PixelBuffer {
        var image = PixelBuffer(width: width, height: height, channels: 3)
        for y in 0..<height {
            for x in 0..<width {
                let i = (y * width + x) * 3
                image.bytes[i] = UInt8(x * 255 / max(width - 1, 1))
                image.bytes[i + 1] = UInt8(y * 255 / max(height - 1, 1))
                image.bytes[i + 2] = 128
            }
        }
        return image
    }

    /// Width and height from a VP8 (lossy) WebP's frame header.
    private func webpSize(_ url: String) throws -> (Int, Int) {
        let prefix = "data:image/webp;base64,"
        #expect(url.hasPrefix(prefix))
        let data = try #require(Data(base64Encoded: String(url.dropFirst(prefix.count))))
        let bytes = [UInt8](data)
        #expect(Array(bytes[0..<4]) == Array("RIFF".utf8) && Array(bytes[8..<16]) == Array("WEBPVP8 ".utf8))
        let w = Int(bytes[26]) | (Int(bytes[27] & 0x3F) << 8)
        let h = Int(bytes[28]) | (Int(bytes[29] & 0x3F) << 8)
        return (w, h)
    }

    @Test(arguments: [
        (300, 200, 16, 11), (200, 300, 11, 16), (64, 64, 16, 16), (1000, 100, 16, 2), (8, 4, 8, 4),
    ])
    func keepsTheAspectRatioAtSixteenPixels(w: Int, h: Int, pw: Int, ph: Int) throws {
        let result = Placeholder.make(from: gradient(width: w, height: h))
        let size = try webpSize(result.dataURL)
        #expect(size.0 == pw && size.1 == ph)
        #expect(result.dataURL.utf8.count <= 400, "\(result.dataURL.utf8.count) bytes")
    }

    @Test func dominantColourOfAFlatImageIsThatColour() {
        var image = PixelBuffer(width: 40, height: 30, channels: 3)
        for i in stride(from: 0, to: image.bytes.count, by: 3) {
            image.bytes[i] = 0x33
            image.bytes[i + 1] = 0x99
            image.bytes[i + 2] = 0xCC
        }
        #expect(Placeholder.make(from: image).dominantColor == "#3399cc")
    }

    @Test func dominantColourAveragesInLinearLight() {
        // Half black, half white: the linear-light mean is 50 % light, #bcbcbc in sRGB (not #808080).
        var image = PixelBuffer(width: 20, height: 10, channels: 3)
        for y in 0..<10 {
            for x in 10..<20 { for c in 0..<3 { image.bytes[(y * 20 + x) * 3 + c] = 255 } }
        }
        #expect(Placeholder.make(from: image).dominantColor == "#bcbcbc")
    }

    @Test func transparentAreasBecomeTheDominantColourNotBlack() {
        // A red square in the middle of a transparent (but black-valued) canvas.
        var image = PixelBuffer(width: 32, height: 32, channels: 4)
        for y in 8..<24 {
            for x in 8..<24 {
                let i = (y * 32 + x) * 4
                image.bytes[i] = 220
                image.bytes[i + 3] = 255
            }
        }
        let result = Placeholder.make(from: image)
        #expect(result.dominantColor == "#dc0000")
        let flat = Placeholder.flattened(image, onto: [220, 0, 0])
        #expect(flat.channels == 3)
        #expect(flat.bytes[0] == 220 && flat.bytes[1] == 0)  // a transparent corner
        // The encoded preview has no alpha chunk.
        let data = Data(base64Encoded: String(result.dataURL.dropFirst("data:image/webp;base64,".count)))
        #expect(data.map { String(decoding: $0[12..<16], as: UTF8.self) } == "VP8 ")
    }

    @Test func boxDownscaleAveragesWhatEachPixelCovers() {
        // 4x2 checker of 0/255 columns -> 2x1 of mid grey.
        var image = PixelBuffer(width: 4, height: 2, channels: 3)
        for y in 0..<2 { for x in [1, 3] { for c in 0..<3 { image.bytes[(y * 4 + x) * 3 + c] = 255 } } }
        let small = image.boxDownscaled(maxSide: 2)
        #expect(small.width == 2 && small.height == 1)
        #expect(small.bytes.allSatisfy { $0 == 128 })
    }
}
