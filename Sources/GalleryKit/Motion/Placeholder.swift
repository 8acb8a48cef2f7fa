import Foundation

/// The tiny blurred preview shown before a photo arrives, inlined as a data URL (a WebP made by
/// ``WebPCodec``), and the photo's dominant colour.
enum Placeholder {
    /// Longest side of the preview, in pixels.
    static let longestSide = 16
    /// WebP quality of the preview. Measured on the 44 corpus JPEGs (scaled to 256 px, then
    /// through `make`): data URLs of 107-219 bytes, median 191 (q30: median 151; q50: 171).
    static let quality: Float = 70

    /// Makes the preview of `image`: area-averaged down to at most 16 px on its longest side
    /// (aspect ratio kept), encoded as lossy WebP. An RGBA image is first flattened onto its
    /// dominant colour (so no alpha leaks); the build hands over the pipeline's preview, which
    /// is already RGB on `images.background`.
    /// - Returns: `data:image/webp;base64,...` and the dominant colour as `#rrggbb`: the
    ///   average colour in linear light, weighted by alpha.
    static func make(from image: PixelBuffer) -> (dataURL: String, dominantColor: String) {
        let dominant = dominantColour(of: image)
        let flat = flattened(image, onto: dominant)
        let small = flat.boxDownscaled(maxSide: longestSide)
        let hex = RGBColor(red: dominant[0], green: dominant[1], blue: dominant[2]).description
        let webp = encodeWebP(small)
        return ("data:image/webp;base64," + Data(webp).base64EncodedString(), hex)
    }

    private static func toLinear(_ v: UInt8) -> Double {
        let c = Double(v) / 255
        return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
    }

    private static func toSRGB(_ l: Double) -> UInt8 {
        let c = l <= 0.0031308 ? l * 12.92 : 1.055 * pow(l, 1 / 2.4) - 0.055
        return UInt8(min(255, max(0, (c * 255).rounded())))
    }

    /// Alpha-weighted mean in linear light over a ≤128 px area-averaged rendition.
    static func dominantColour(of image: PixelBuffer) -> [UInt8] {
        let small = image.boxDownscaled(maxSide: 128)
        var sums = [0.0, 0.0, 0.0]
        var weight = 0.0
        for i in 0..<(small.width * small.height) {
            let base = i * small.channels
            let a = small.channels == 4 ? Double(small.bytes[base + 3]) / 255 : 1
            for c in 0..<3 { sums[c] += toLinear(small.bytes[base + c]) * a }
            weight += a
        }
        guard weight > 0 else { return [0, 0, 0] }
        return sums.map { toSRGB($0 / weight) }
    }

    /// RGB copy of `image` with transparency composited over `background` in linear light.
    static func flattened(_ image: PixelBuffer, onto background: [UInt8]) -> PixelBuffer {
        guard image.channels == 4 else { return image }
        let back = background.map(toLinear)
        var out = [UInt8](repeating: 0, count: image.width * image.height * 3)
        for i in 0..<(image.width * image.height) {
            let a = Double(image.bytes[i * 4 + 3]) / 255
            for c in 0..<3 {
                let mixed = toLinear(image.bytes[i * 4 + c]) * a + back[c] * (1 - a)
                out[i * 3 + c] = toSRGB(mixed)
            }
        }
        return PixelBuffer(width: image.width, height: image.height, channels: 3, bytes: out)
    }

    /// Lossy WebP (method 6: the image is tiny, so the slowest, smallest setting costs
    /// nothing). Returns no bytes if libwebp refuses.
    static func encodeWebP(_ image: PixelBuffer) -> [UInt8] {
        (try? WebPCodec.encode(image, quality: Int(quality), method: 6, iccProfile: nil, exif: nil)) ?? []
    }
}
