import Foundation
import Testing

@testable import GalleryKit

@Suite struct ImagePipelineTests {
    @Test func widthsAreCappedAtThePhotoAndFilesAreWhereThePathSays() throws {
        let jpeg = try ImageTestSupport.jpeg(width: 40, height: 30)
        let (result, output) = try ImageTestSupport.process(jpeg, name: "a/p.jpg", widths: [16, 32, 64])
        let sizes = result.derivatives.renditions.map { [$0.width, $0.height] }
        #expect(sizes == [[16, 12], [32, 24], [40, 30]])
        for rendition in result.derivatives.renditions {
            #expect(
                rendition.path.hasPrefix("_img/") && rendition.path.hasSuffix("/photo-\(rendition.width).jpg")
            )
            let bytes = try ImageTestSupport.read(rendition, in: output)
            #expect(bytes.count == rendition.byteCount)
            let decoded = try ImageCodecs.decodeJPEG(bytes, scale: 8, maxPixels: 1 << 20, maxScans: 100)
            #expect(
                [decoded.pixels.width, decoded.pixels.height] as [Int] == [rendition.width, rendition.height])
        }
        #expect(result.preview.width == 16 && result.preview.height == 12)
        #expect(result.derivatives.focus == .center)
    }

    @Test func outputIsDeterministic() throws {
        let jpeg = try ImageTestSupport.jpeg(width: 50, height: 20, progressive: true)
        let (first, firstOutput) = try ImageTestSupport.process(jpeg, name: "p.jpg", widths: [24, 48])
        let (second, secondOutput) = try ImageTestSupport.process(jpeg, name: "p.jpg", widths: [24, 48])
        #expect(first.derivatives.renditions == second.derivatives.renditions)
        for rendition in first.derivatives.renditions {
            #expect(
                try ImageTestSupport.read(rendition, in: firstOutput)
                    == ImageTestSupport.read(rendition, in: secondOutput))
        }
        #expect(first.preview == second.preview)
    }

    @Test func iccProfileIsCarriedIntoEveryRendition() throws {
        let icc = (0..<2000).map { UInt8(truncatingIfNeeded: $0 &* 13) }
        let jpeg = try ImageTestSupport.jpeg(width: 40, height: 20, icc: icc)
        let (result, output) = try ImageTestSupport.process(jpeg, name: "p.jpg", widths: [10, 20])
        #expect(result.derivatives.renditions.count == 2)
        for rendition in result.derivatives.renditions {
            let bytes = try ImageTestSupport.read(rendition, in: output)
            let decoded = try ImageCodecs.decodeJPEG(bytes, scale: 8, maxPixels: 1 << 20, maxScans: 100)
            #expect(decoded.iccProfile == icc)
        }
    }

    @Test func pngWithAlphaBecomesAJPEGOnThePageBackground() throws {
        let png = ImageTestSupport.png(
            width: 2, height: 2, rgba: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0])
        let (result, output) = try ImageTestSupport.process(png, name: "a/clear.png", widths: [2])
        #expect(result.derivatives.hasAlpha)
        let bytes = try ImageTestSupport.read(try #require(result.derivatives.renditions.first), in: output)
        let decoded = try ImageCodecs.decodeJPEG(bytes, scale: 8, maxPixels: 1 << 20, maxScans: 100)
        let background: [UInt8] = [0xfb, 0xfa, 0xf8]
        #expect(
            decoded.pixels.bytes.enumerated().allSatisfy { abs(Int($1) - Int(background[$0 % 3])) <= 2 },
            "\(decoded.pixels.bytes)")
    }

    @Test func hashChangesWithSettingsThatShapeTheOutput() {
        let url = URL(fileURLWithPath: "/tmp")
        var settings = ImageSettings()
        let source = SHA256.hex([1, 2, 3])
        let a = ImagePipeline(settings: settings, outputDirectory: url).contentHash(sourceDigest: source)
        settings.jpegQuality = 70
        let b = ImagePipeline(settings: settings, outputDirectory: url).contentHash(sourceDigest: source)
        let c = ImagePipeline(settings: settings, outputDirectory: url)
            .contentHash(sourceDigest: SHA256.hex([1, 2, 4]))
        #expect(a.count == 10 && a.allSatisfy(\.isHexDigit))
        #expect(a != b && b != c)
    }
}
