import Testing

@testable import GalleryKit

@Suite struct FocalPointDetectorTests {
    /// A flat grey-blue image with a saturated, textured blob centred at (cx, cy).
    private func blobImage(width: Int, height: Int, cx: Double, cy: Double, radius: Double) -> PixelBuffer {
        var image = PixelBuffer(width: width, height: height, channels: 3)
        for y in 0..<height {
            for x in 0..<width {
                let dx = Double(x) / Double(width) - cx
                let dy = Double(y) / Double(height) - cy
                let i = (y * width + x) * 3
                if (dx * dx + dy * dy).squareRoot() < radius {
                    let stripe = (x / 2 + y / 2) % 2 == 0
                    image.bytes[i] = stripe ? 230 : 150
                    image.bytes[i + 1] = stripe ? 40 : 20
                    image.bytes[i + 2] = 30
                } else {
                    image.bytes[i] = 120
                    image.bytes[i + 1] = 130
                    image.bytes[i + 2] = 140
                }
            }
        }
        return image
    }

    @Test func findsASubjectInTheTopRight() {
        let focus = FocalPointDetector.detect(
            in: blobImage(width: 240, height: 160, cx: 0.78, cy: 0.22, radius: 0.12))
        #expect(focus.x > 0.6 && focus.y < 0.4, "\(focus)")
        #expect(abs(focus.x - 0.78) < 0.1 && abs(focus.y - 0.22) < 0.1, "\(focus)")
    }

    @Test(arguments: [(0.2, 0.75), (0.5, 0.5), (0.85, 0.8)])
    func followsTheSubjectWhereverItIs(cx: Double, cy: Double) {
        let focus = FocalPointDetector.detect(
            in: blobImage(width: 160, height: 200, cx: cx, cy: cy, radius: 0.1))
        #expect(abs(focus.x - cx) < 0.12 && abs(focus.y - cy) < 0.12, "\(focus)")
    }

    @Test func findsAFaceColouredPatchWithoutEdges() {
        // A smooth skin-toned disc (no texture) on a flat dark background, bottom left.
        var image = PixelBuffer(width: 120, height: 120, channels: 3)
        for y in 0..<120 {
            for x in 0..<120 {
                let dx = Double(x) - 30
                let dy = Double(y) - 85
                let skin = dx * dx + dy * dy < 15 * 15
                let i = (y * 120 + x) * 3
                image.bytes[i] = skin ? 200 : 40
                image.bytes[i + 1] = skin ? 146 : 40
                image.bytes[i + 2] = skin ? 113 : 40
            }
        }
        let focus = FocalPointDetector.detect(in: image)
        #expect(focus.x < 0.4 && focus.y > 0.6, "\(focus)")
    }

    @Test func flatImageFocusesOnTheCentre() {
        var image = PixelBuffer(width: 200, height: 100, channels: 3)
        for i in 0..<image.bytes.count { image.bytes[i] = 90 }
        let focus = FocalPointDetector.detect(in: image)
        #expect(abs(focus.x - 0.5) < 0.05 && abs(focus.y - 0.5) < 0.05)
    }

    @Test func transparentPixelsAreNotSalient() {
        // A textured blob at the top right, but fully transparent; an opaque one at bottom left.
        let base = blobImage(width: 100, height: 100, cx: 0.8, cy: 0.2, radius: 0.12)
        let other = blobImage(width: 100, height: 100, cx: 0.25, cy: 0.75, radius: 0.12)
        var rgba = PixelBuffer(width: 100, height: 100, channels: 4)
        for i in 0..<(100 * 100) {
            let x = i % 100
            let y = i / 100
            let topRight = x > 50 && y < 50
            for c in 0..<3 {
                rgba.bytes[i * 4 + c] = topRight ? base.bytes[i * 3 + c] : other.bytes[i * 3 + c]
            }
            rgba.bytes[i * 4 + 3] = topRight ? 0 : 255
        }
        let focus = FocalPointDetector.detect(in: rgba)
        #expect(focus.x < 0.45 && focus.y > 0.55, "\(focus)")
    }
}
