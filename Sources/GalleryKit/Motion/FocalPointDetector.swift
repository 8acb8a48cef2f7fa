import Foundation

/// Finds where the subject of a photo is, smartcrop style: on a small rendition, every pixel
/// gets a saliency from edge strength (Laplacian of luminance), saturation and skin tone; a
/// window a third of the image's size slides over the saliency map (plus a mild centre prior),
/// and the focal point is the saliency-weighted centroid inside the best window.
enum FocalPointDetector {
    /// Largest side the analysis works at; bigger buffers are box-averaged down first.
    static let analysisSize = 64

    /// The focal point of `image` (fractions from the top-left corner); `.center` for an image
    /// with nothing standing out.
    static func detect(in image: PixelBuffer) -> FocalPoint {
        guard image.width > 2, image.height > 2 else { return .center }
        let small = image.boxDownscaled(maxSide: analysisSize)
        let w = small.width
        let h = small.height
        let n = w * h
        var lum = [Double](repeating: 0, count: n)
        var colour = [Double](repeating: 0, count: n)
        var alpha = [Double](repeating: 1, count: n)
        for i in 0..<n {
            let base = i * small.channels
            let r = Double(small.bytes[base]) / 255
            let g = Double(small.bytes[base + 1]) / 255
            let b = Double(small.bytes[base + 2]) / 255
            if small.channels == 4 { alpha[i] = Double(small.bytes[base + 3]) / 255 }
            lum[i] = 0.2126 * r + 0.7152 * g + 0.0722 * b
            let high = max(r, g, b)
            let low = min(r, g, b)
            let saturation = high > 0.05 ? (high - low) / high : 0
            colour[i] = 0.6 * saturation * min(1, lum[i] * 4) + 1.2 * skinTone(r, g, b)
        }
        var saliency = [Double](repeating: 0, count: n)
        for y in 0..<h {
            for x in 0..<w {
                let i = y * w + x
                let left = lum[y * w + max(x - 1, 0)]
                let right = lum[y * w + min(x + 1, w - 1)]
                let up = lum[max(y - 1, 0) * w + x]
                let down = lum[min(y + 1, h - 1) * w + x]
                let edge = min(1, abs(4 * lum[i] - left - right - up - down) * 2)
                saliency[i] = (edge + colour[i]) * alpha[i]
            }
        }
        let total = saliency.reduce(0, +)
        guard total > 0.002 * Double(n) else { return .center }
        return bestWindowCentroid(saliency, width: w, height: h, total: total)
    }

    /// Skin likelihood of a colour: closeness of its chromaticity to smartcrop's skin colour
    /// (0.78, 0.57, 0.44), for reasonably lit pixels.
    private static func skinTone(_ r: Double, _ g: Double, _ b: Double) -> Double {
        let length = (r * r + g * g + b * b).squareRoot()
        guard length > 0.2 else { return 0 }
        let skin = (0.78, 0.57, 0.44)
        let skinLength = (skin.0 * skin.0 + skin.1 * skin.1 + skin.2 * skin.2).squareRoot()
        let dr = r / length - skin.0 / skinLength
        let dg = g / length - skin.1 / skinLength
        let db = b / length - skin.2 / skinLength
        let distance = (dr * dr + dg * dg + db * db).squareRoot()
        return max(0, 1 - distance / 0.12)
    }

    private static func bestWindowCentroid(
        _ saliency: [Double], width w: Int, height h: Int, total: Double
    ) -> FocalPoint {
        // Integral image for O(1) window sums.
        var integral = [Double](repeating: 0, count: (w + 1) * (h + 1))
        for y in 0..<h {
            var row = 0.0
            for x in 0..<w {
                row += saliency[y * w + x]
                integral[(y + 1) * (w + 1) + x + 1] = integral[y * (w + 1) + x + 1] + row
            }
        }
        func sum(_ x0: Int, _ y0: Int, _ x1: Int, _ y1: Int) -> Double {
            integral[y1 * (w + 1) + x1] - integral[y0 * (w + 1) + x1] - integral[y1 * (w + 1) + x0]
                + integral[y0 * (w + 1) + x0]
        }
        let ww = max(1, w / 3)
        let wh = max(1, h / 3)
        var best = (score: -Double.infinity, x: 0, y: 0)
        for y in 0...(h - wh) {
            for x in 0...(w - ww) {
                let cx = (Double(x) + Double(ww) / 2) / Double(w) - 0.5
                let cy = (Double(y) + Double(wh) / 2) / Double(h) - 0.5
                let prior = 1 - 0.5 * (cx * cx + cy * cy)
                let score = sum(x, y, x + ww, y + wh) / total * prior
                if score > best.score { best = (score, x, y) }
            }
        }
        var mass = 0.0
        var mx = 0.0
        var my = 0.0
        for y in best.y..<(best.y + wh) {
            for x in best.x..<(best.x + ww) {
                let s = saliency[y * w + x]
                mass += s
                mx += s * (Double(x) + 0.5)
                my += s * (Double(y) + 0.5)
            }
        }
        guard mass > 0 else { return .center }
        return FocalPoint(x: mx / mass / Double(w), y: my / mass / Double(h))
    }
}
