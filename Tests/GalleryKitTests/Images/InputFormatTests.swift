import Foundation
import Testing

@testable import GalleryKit

@Suite struct InputFormatTests {
    static let corpus = ImageTestSupport.corpus.appendingPathComponent("sigal-sample")

    /// Decodes a JPEG rendition.
    static func jpegPixels(_ result: ImageResult, _ output: URL, width: Int) throws -> PixelBuffer {
        let rendition = try #require(
            result.derivatives.renditions.first { $0.format == .jpeg && $0.width == width })
        let bytes = try ImageTestSupport.read(rendition, in: output)
        return try ImageCodecs.decodeJPEG(bytes, scale: 8, maxPixels: 1 << 24, maxScans: 100).pixels
    }

    @Test func heicPhotoIsProcessedWithItsEXIF() throws {
        let (result, output) = try ImageTestSupport.process(
            at: Self.corpus, name: "dir1/test1/outdoor.heic", widths: [200], formats: [.webp, .jpeg])
        #expect([result.derivatives.width, result.derivatives.height] as [Int] == [462, 347])
        #expect(result.derivatives.exif.cameraMake == "samsung")
        #expect(result.derivatives.exif.cameraModel == "SM-M315F")
        #expect(result.derivatives.exif.aperture == 1.8)
        #expect(result.derivatives.renditions.map(\.format) == [.webp, .jpeg])
        let rendition = try Self.jpegPixels(result, output, width: 200)
        #expect([rendition.width, rendition.height] as [Int] == [200, 150])
        // The same picture libheif gives, scaled: not turned, not mirrored.
        let bytes = [UInt8](
            try Data(contentsOf: Self.corpus.appendingPathComponent("dir1/test1/outdoor.heic")))
        let decoded = try HEIFDecoder.decode(bytes, maxPixels: 1 << 24).image
        let expected = try PixelOperations.resize(decoded, width: 200, height: 150, linearLight: true)
        #expect(ImageTestSupport.meanDifference(rendition, expected) < 8)
    }

    /// libheif already applies the container's rotation (`irot`): an EXIF Orientation of 6 in
    /// the same file must not turn the picture a second time.
    @Test func heicRotationIsAppliedOnceEvenWithAnEXIFOrientation() throws {
        let orientationOne: [UInt8] = [0x12, 0x01, 0x03, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x00]
        var bytes = TinyHEIC.bytes
        let at = try #require(
            (0...(bytes.count - orientationOne.count)).first {
                Array(bytes[$0..<$0 + orientationOne.count]) == orientationOne
            })
        bytes[at + 8] = 6  // Orientation = 6 ("rotate 90 clockwise to display")
        let (result, output) = try ImageTestSupport.process(
            bytes, name: "a/turned.heic", widths: [16], formats: [.webp, .jpeg])
        #expect(result.derivatives.exif.orientation == 6)
        #expect([result.derivatives.width, result.derivatives.height] as [Int] == [16, 32])
        #expect(result.derivatives.hasAlpha)
        let webp = try #require(result.derivatives.renditions.first { $0.format == .webp })
        let (pixels, _) = try WebPCodec.decode(try ImageTestSupport.read(webp, in: output))
        #expect([pixels.width, pixels.height, pixels.channels] as [Int] == [16, 32, 4])
        let top = Array(pixels.bytes[(5 * 16 + 8) * 4..<(5 * 16 + 9) * 4])
        let bottom = Array(pixels.bytes[(26 * 16 + 8) * 4..<(26 * 16 + 9) * 4])
        #expect(
            top[2] > 170 && top[0] < 70 && abs(Int(top[3]) - 128) < 10,
            "blue, half transparent on top: \(top)")
        #expect(bottom[0] > 170 && bottom[2] < 70 && bottom[3] > 245, "opaque red below: \(bottom)")
    }

    @Test(arguments: ["_MG_7805_lossy80.webp", "_MG_7808_lossy80.webp"])
    func webpPhotoIsProcessed(name: String) throws {
        let url = Self.corpus.appendingPathComponent("webp/\(name)")
        let (decoded, _) = try WebPCodec.decode([UInt8](try Data(contentsOf: url)))
        let (result, output) = try ImageTestSupport.process(
            at: Self.corpus, name: "webp/\(name)", widths: [400], formats: [.jpeg])
        #expect(
            [result.derivatives.width, result.derivatives.height] as [Int] == [decoded.width, decoded.height])
        let height = RenditionPlan.height(
            forWidth: 400, photoWidth: decoded.width, photoHeight: decoded.height)
        let rendition = try Self.jpegPixels(result, output, width: 400)
        #expect([rendition.width, rendition.height] as [Int] == [400, height])
        let expected = try PixelOperations.resize(decoded, width: 400, height: height, linearLight: true)
        #expect(ImageTestSupport.meanDifference(rendition, expected) < 8)
    }

    /// A 16-bit RGB PNG of a horizontal ramp (red up, blue down) comes out as the same ramp.
    @Test func sixteenBitPNGIsRead() throws {
        let rows = (0..<8).map { _ in
            (0..<32).flatMap { x -> [UInt8] in
                let red = UInt16(x * 65_535 / 31)
                return [UInt8(red >> 8), UInt8(red & 0xFF), 0x80, 0x00, UInt8(~red >> 8), UInt8(~red & 0xFF)]
            }
        }
        let png = ImageTestSupport.png(width: 32, height: 8, bitDepth: 16, colorType: 2, rows: rows)
        let (result, output) = try ImageTestSupport.process(png, name: "deep.png", widths: [32])
        let pixels = try Self.jpegPixels(result, output, width: 32)
        for x in [2, 16, 29] {
            let pixel = Array(pixels.bytes[(4 * 32 + x) * 3..<(4 * 32 + x + 1) * 3]).map(Int.init)
            let red = x * 255 / 31
            #expect(
                abs(pixel[0] - red) < 12 && abs(pixel[1] - 128) < 12 && abs(pixel[2] - (255 - red)) < 12,
                "\(x): \(pixel)")
        }
    }

    /// A palette PNG with a transparent entry (tRNS): colours from the palette, alpha kept in
    /// WebP, white in JPEG.
    @Test func palettePNGWithTransparencyIsRead() throws {
        let palette: [UInt8] = [20, 160, 40, 30, 40, 200, 0, 0, 0]
        let rows = (0..<8).map { _ in (0..<24).map { UInt8($0 / 8) } }  // green, blue, clear
        let png = ImageTestSupport.png(
            width: 24, height: 8, bitDepth: 8, colorType: 3, rows: rows,
            chunks: [("PLTE", palette), ("tRNS", [255, 255, 0])])
        let (result, output) = try ImageTestSupport.process(
            png, name: "palette.png", widths: [24], formats: [.webp, .jpeg])
        #expect(result.derivatives.hasAlpha)
        let jpeg = try Self.jpegPixels(result, output, width: 24)
        func rgb(_ x: Int) -> [Int] {
            Array(jpeg.bytes[(4 * 24 + x) * 3..<(4 * 24 + x + 1) * 3]).map(Int.init)
        }
        #expect(zip(rgb(3), [20, 160, 40]).allSatisfy { abs($0 - $1) < 14 }, "\(rgb(3))")
        #expect(zip(rgb(12), [30, 40, 200]).allSatisfy { abs($0 - $1) < 14 }, "\(rgb(12))")
        #expect(rgb(21).allSatisfy { $0 > 240 }, "\(rgb(21))")
        let webp = try #require(result.derivatives.renditions.first { $0.format == .webp })
        let (pixels, _) = try WebPCodec.decode(try ImageTestSupport.read(webp, in: output))
        #expect(pixels.channels == 4 && pixels.bytes[(4 * 24 + 21) * 4 + 3] == 0)
    }

    @Test(.enabled(if: ImageTestSupport.convertPath != nil, "ImageMagick's convert is not installed"))
    func grayscaleJPEGIsRead() throws {
        let folder = try ImageTestSupport.scratch()
        let jpeg = try ImageTestSupport.convert(
            [
                "-size", "8x48", "gradient:white-black", "-rotate", "90", "-colorspace", "Gray", "-quality",
                "95",
            ],
            output: folder.appendingPathComponent("gray.jpg"))
        #expect(jpeg.count > 100)
        let (result, output) = try ImageTestSupport.process(jpeg, name: "gray.jpg", widths: [48])
        let pixels = try Self.jpegPixels(result, output, width: 48)
        #expect([pixels.width, pixels.height] as [Int] == [48, 8])
        for x in [3, 24, 44] {
            let pixel = Array(pixels.bytes[(4 * 48 + x) * 3..<(4 * 48 + x + 1) * 3]).map(Int.init)
            #expect(pixel.max()! - pixel.min()! <= 2, "grey stays grey at \(x): \(pixel)")
        }
        #expect(abs(Int(pixels.bytes[(4 * 48 + 3) * 3]) - Int(pixels.bytes[(4 * 48 + 44) * 3])) > 150)
    }

    /// ImageMagick's `-colorspace CMYK` makes a YCCK JPEG without a profile: galleryc reads
    /// it as printed on coated paper (FOGRA39). The expected colours are what Pillow's ImageCms
    /// gives for the same CMYK values with the same profile (perceptual intent): pure cyan is
    /// FOGRA39's cyan, not the (0, 255, 255) of a naive formula, nor the (92, 221, 157) that
    /// reading YCCK without a profile used to give.
    @Test(.enabled(if: ImageTestSupport.convertPath != nil, "ImageMagick's convert is not installed"))
    func cmykJPEGWithoutAProfileIsReadAsPrintedOnCoatedPaper() throws {
        let folder = try ImageTestSupport.scratch()
        let jpeg = try ImageTestSupport.convert(
            [
                "-size", "16x16", "xc:rgb(220,30,20)", "xc:rgb(20,40,200)", "xc:cyan", "+append",
                "-colorspace", "CMYK", "-quality", "95",
            ],
            output: folder.appendingPathComponent("cmyk.jpg"))
        let (result, output) = try ImageTestSupport.process(jpeg, name: "cmyk.jpg", widths: [48])
        let pixels = try Self.jpegPixels(result, output, width: 48)
        func rgb(_ x: Int) -> [Int] {
            Array(pixels.bytes[(8 * 48 + x) * 3..<(8 * 48 + x + 1) * 3]).map(Int.init)
        }
        #expect(zip(rgb(4), [208, 62, 35]).allSatisfy { abs($0 - $1) <= 8 }, "red: \(rgb(4))")
        #expect(zip(rgb(20), [47, 60, 128]).allSatisfy { abs($0 - $1) <= 8 }, "blue: \(rgb(20))")
        #expect(zip(rgb(40), [0, 159, 228]).allSatisfy { abs($0 - $1) <= 8 }, "cyan: \(rgb(40))")
        let rendition = try #require(result.derivatives.renditions.first { $0.format == .jpeg })
        let decoded = try ImageCodecs.decodeJPEG(
            ImageTestSupport.read(rendition, in: output), scale: 8, maxPixels: 1 << 20, maxScans: 100)
        #expect(decoded.iccProfile == ColourProfiles.sRGB, "converted renditions are tagged sRGB")
    }
}
