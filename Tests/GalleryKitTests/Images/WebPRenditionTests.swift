import Foundation
import Testing

@testable import GalleryKit

@Suite struct WebPRenditionTests {
    /// An RGBA PNG `width` x `height`: the left half opaque red, the right half fully
    /// transparent black (the colour a transparent pixel usually hides).
    static func halfTransparent(width: Int, height: Int = 8) -> [UInt8] {
        var rgba: [UInt8] = []
        for _ in 0..<height {
            for x in 0..<width { rgba += x < width / 2 ? [220, 30, 20, 255] : [0, 0, 0, 0] }
        }
        return ImageTestSupport.png(width: width, height: height, rgba: rgba)
    }

    @Test func everyWidthComesAsWebPAndJPEGWithTheRightSizes() throws {
        let jpeg = try ImageTestSupport.jpeg(width: 40, height: 30)
        let (result, output) = try ImageTestSupport.process(
            jpeg, name: "a/p.jpg", widths: [16, 32, 64], formats: [.webp, .jpeg])
        let listed = result.derivatives.renditions.map { "\($0.format.rawValue) \($0.width)x\($0.height)" }
        #expect(
            listed == [
                "webp 16x12", "jpeg 16x12", "webp 32x24", "jpeg 32x24", "webp 40x30", "jpeg 40x30",
            ])
        for rendition in result.derivatives.renditions where rendition.format == .webp {
            #expect(
                rendition.path.hasPrefix("_img/")
                    && rendition.path.hasSuffix("/photo-\(rendition.width).webp"))
            let bytes = try ImageTestSupport.read(rendition, in: output)
            #expect(bytes.count == rendition.byteCount)
            let (pixels, _) = try WebPCodec.decode(bytes)
            #expect([pixels.width, pixels.height] as [Int] == [rendition.width, rendition.height])
            let jpegTwin = try #require(
                result.derivatives.renditions.first { $0.format == .jpeg && $0.width == rendition.width })
            let reference = try ImageCodecs.decodeJPEG(
                try ImageTestSupport.read(jpegTwin, in: output), scale: 8, maxPixels: 1 << 20, maxScans: 100)
            #expect(ImageTestSupport.meanDifference(pixels, reference.pixels) < 6)
        }
    }

    @Test func jpegOnlyWritesNoWebP() throws {
        let jpeg = try ImageTestSupport.jpeg(width: 40, height: 30)
        let (result, _) = try ImageTestSupport.process(jpeg, name: "p.jpg", widths: [16], formats: [.jpeg])
        #expect(result.derivatives.renditions.map(\.format) == [.jpeg])
    }

    @Test func webpRenditionsCarryTheICCProfileAndOnlyAllowListedEXIF() throws {
        let icc = FormatTestImages.iccProfile
        let jpeg = try ImageTestSupport.jpeg(width: 40, height: 20, icc: icc)
        let (plain, plainOutput) = try ImageTestSupport.process(
            jpeg, name: "p.jpg", widths: [10, 20], formats: [.webp])
        #expect(plain.derivatives.renditions.count == 2)
        for rendition in plain.derivatives.renditions {
            let bytes = try ImageTestSupport.read(rendition, in: plainOutput)
            #expect(try WebPCodec.chunk("ICCP", in: bytes) == icc)
            #expect(try WebPCodec.decode(bytes).iccProfile == icc)
        }
        // A real camera JPEG with GPS: the WebP's EXIF is the JPEG rendition's allow-listed one.
        let content = ImageTestSupport.corpus.appendingPathComponent("sigal-sample")
        let (camera, output) = try ImageTestSupport.process(
            at: content, name: "iptcTest/1.jpg", widths: [200], formats: [.webp, .jpeg])
        let webp = try #require(camera.derivatives.renditions.first { $0.format == .webp })
        let jpegRendition = try #require(camera.derivatives.renditions.first { $0.format == .jpeg })
        let exif = try #require(try WebPCodec.chunk("EXIF", in: try ImageTestSupport.read(webp, in: output)))
        let app1 = try #require(
            JPEGMarkers.exifPayload(in: try ImageTestSupport.read(jpegRendition, in: output)))
        #expect(Array("Exif\0\0".utf8) + exif == app1)
        let read = try #require(ImagePipeline.readTIFF(exif))
        #expect(read.summary.cameraModel == "Canon DIGITAL IXUS IIs")
    }

    /// The JPEG fallback shows `images.background` where the photo is transparent (dark navy
    /// here, so that it cannot be mistaken for the default near-white).
    @Test func alphaIsKeptInWebPAndFlattenedOntoTheBackgroundInJPEG() throws {
        let (result, output) = try ImageTestSupport.process(
            Self.halfTransparent(width: 16), name: "a/logo.png", widths: [16], formats: [.webp, .jpeg],
            background: RGBColor(red: 20, green: 30, blue: 110))
        #expect(result.derivatives.hasAlpha)
        let webp = try #require(result.derivatives.renditions.first { $0.format == .webp })
        let (pixels, _) = try WebPCodec.decode(try ImageTestSupport.read(webp, in: output))
        #expect(pixels.channels == 4)
        let jpegRendition = try #require(result.derivatives.renditions.first { $0.format == .jpeg })
        let jpeg = try ImageCodecs.decodeJPEG(
            try ImageTestSupport.read(jpegRendition, in: output), scale: 8, maxPixels: 1 << 20, maxScans: 100)
        #expect(jpeg.pixels.channels == 3)
        for y in [1, 4, 6] {
            let left = (y * 16 + 2) * 4
            let right = (y * 16 + 13) * 4
            #expect(pixels.bytes[left + 3] == 255 && pixels.bytes[right + 3] == 0, "WebP alpha in row \(y)")
            #expect(pixels.bytes[left] > 190 && pixels.bytes[left + 1] < 70, "WebP red in row \(y)")
            let navy = Array(jpeg.pixels.bytes[(y * 16 + 13) * 3..<(y * 16 + 14) * 3])
            #expect(
                zip(navy, [20, 30, 110]).allSatisfy { abs(Int($0) - $1) <= 6 },
                "JPEG background where transparent, row \(y): \(navy)")
            let red = Array(jpeg.pixels.bytes[(y * 16 + 2) * 3..<(y * 16 + 3) * 3])
            #expect(red[0] > 190 && red[1] < 70, "JPEG red where opaque, row \(y): \(red)")
        }
    }

    /// Scaled down, the edge between opaque red and transparent black must blend red with
    /// white (pink), never with the hidden black: the resizer works on premultiplied alpha.
    @Test func scaledDownEdgesGetNoDarkFringe() throws {
        let (result, output) = try ImageTestSupport.process(
            Self.halfTransparent(width: 32, height: 32), name: "edge.png", widths: [12],
            formats: [.webp, .jpeg])
        let jpegRendition = try #require(result.derivatives.renditions.first { $0.format == .jpeg })
        let jpeg = try ImageCodecs.decodeJPEG(
            try ImageTestSupport.read(jpegRendition, in: output), scale: 8, maxPixels: 1 << 20, maxScans: 100)
        let reds = stride(from: 0, to: jpeg.pixels.bytes.count, by: 3).map { jpeg.pixels.bytes[$0] }
        #expect(reds.allSatisfy { $0 >= 190 }, "red channel across the edge: \(reds.prefix(12))")
        let webp = try #require(result.derivatives.renditions.first { $0.format == .webp })
        let (pixels, _) = try WebPCodec.decode(try ImageTestSupport.read(webp, in: output))
        for x in 0..<12 {
            let pixel = Array(pixels.bytes[(4 * 12 + x) * 4..<(4 * 12 + x + 1) * 4])
            if pixel[3] > 40 { #expect(pixel[0] > 170, "visible edge pixel \(x) stays red: \(pixel)") }
        }
    }
}
