import Foundation
import Testing

@testable import GalleryKit

@Suite struct ImageCodecsTests {
    @Test(arguments: [false, true])
    func jpegRoundTripKeepsSizeAndPixels(progressive: Bool) throws {
        let original = ImageTestSupport.gradient(width: 40, height: 24)
        let jpeg = try ImageCodecs.encodeJPEG(
            original, quality: 95, progressive: progressive, iccProfile: nil, exif: nil)
        #expect(jpeg.starts(with: [0xFF, 0xD8, 0xFF]))
        let decoded = try ImageCodecs.decodeJPEG(jpeg, scale: 8, maxPixels: 1 << 20, maxScans: 100)
        #expect(decoded.pixels.width == 40 && decoded.pixels.height == 24)
        #expect(ImageTestSupport.meanDifference(decoded.pixels, original) < 3)
        #expect(decoded.warnings == 0)
    }

    @Test func aProgressiveJPEGShowsTheWholePictureFirstInSixScansWithTheSamePixels() throws {
        let picture = ImageTestSupport.gradient(width: 96, height: 64)
        let progressive = try ImageCodecs.encodeJPEG(
            picture, quality: 82, progressive: true, iccProfile: nil, exif: nil)
        let baseline = try ImageCodecs.encodeJPEG(
            picture, quality: 82, progressive: false, iccProfile: nil, exif: nil)
        // FF DA starts each scan (entropy-coded data escapes FF as FF 00).
        let scans = progressive.indices.dropLast().filter {
            progressive[$0] == 0xFF && progressive[$0 + 1] == 0xDA
        }
        #expect(scans.count == 6, "galleryc's scan script, not libjpeg's ten")
        // The first scan: all three components' DC (Ns 3, Ss 0, Se 0), the picture blurred.
        let first = try #require(scans.first)
        #expect(progressive[first + 4] == 3)
        #expect(progressive[first + 11] == 0 && progressive[first + 12] == 0)
        // Same quantised coefficients as a baseline JPEG: the same pixels, only reordered.
        let fromProgressive = try ImageCodecs.decodeJPEG(
            progressive, scale: 8, maxPixels: 1 << 20, maxScans: 100)
        let fromBaseline = try ImageCodecs.decodeJPEG(baseline, scale: 8, maxPixels: 1 << 20, maxScans: 100)
        #expect(fromProgressive.pixels.bytes == fromBaseline.pixels.bytes)
    }

    @Test func tooManyScansAreRefused() throws {
        // A progressive JPEG has six scans; a limit of 2 stands in for a scan bomb.
        let jpeg = try ImageTestSupport.jpeg(width: 32, height: 32, progressive: true)
        #expect(throws: CodecFailure.damaged(.jpeg, "more than 2 progressive scans (a scan bomb?)")) {
            try ImageCodecs.decodeJPEG(jpeg, scale: 8, maxPixels: 1 << 20, maxScans: 2)
        }
    }

    @Test func dctScalingDecodesSmaller() throws {
        let jpeg = try ImageTestSupport.jpeg(width: 64, height: 40)
        let half = try ImageCodecs.decodeJPEG(jpeg, scale: 4, maxPixels: 1 << 20, maxScans: 100)
        #expect(half.pixels.width == 32 && half.pixels.height == 20)
        #expect(half.declaredWidth == 64 && half.declaredHeight == 40)
    }

    @Test func iccProfileSurvivesEncodeAndDecode() throws {
        let icc = (0..<3000).map { UInt8(truncatingIfNeeded: $0 * 31) }
        let jpeg = try ImageTestSupport.jpeg(width: 16, height: 16, icc: icc)
        let decoded = try ImageCodecs.decodeJPEG(jpeg, scale: 8, maxPixels: 1 << 20, maxScans: 100)
        #expect(decoded.iccProfile == icc)
    }

    @Test func pngWithAlphaDecodesAndFlattensOntoTheBackground() throws {
        let rgba: [UInt8] = [255, 0, 0, 255, 0, 0, 255, 0, 100, 50, 200, 128]
        let png = ImageTestSupport.png(width: 3, height: 1, rgba: rgba)
        let decoded = try ImageCodecs.decodePNG(png, maxPixels: 1 << 20)
        #expect(decoded.pixels.channels == 4)
        #expect(decoded.pixels.bytes == rgba)
        let premultiplied = PixelOperations.premultiplied(decoded.pixels)
        #expect(premultiplied.bytes == [255, 0, 0, 255, 0, 0, 0, 0, 50, 25, 100, 128])
        let white = PixelOperations.flattenPremultiplied(
            premultiplied, onto: RGBColor(red: 255, green: 255, blue: 255))
        #expect(white.bytes == [255, 0, 0, 255, 255, 255, 177, 152, 227])
        let navy = PixelOperations.flattenPremultiplied(
            premultiplied, onto: RGBColor(red: 0, green: 0, blue: 128))
        #expect(navy.bytes == [255, 0, 0, 0, 0, 128, 50, 25, 164])
        // Back to straight alpha; a fully transparent pixel keeps no colour.
        let straight = PixelOperations.unpremultiplied(premultiplied)
        let expected: [UInt8] = [255, 0, 0, 255, 0, 0, 0, 0, 100, 50, 200, 128]
        #expect(zip(straight.bytes, expected).allSatisfy { abs(Int($0) - Int($1)) <= 1 }, "\(straight.bytes)")
    }
}
