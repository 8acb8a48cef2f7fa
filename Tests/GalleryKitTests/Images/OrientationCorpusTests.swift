import Foundation
import Testing

@testable import GalleryKit

@Suite struct OrientationCorpusTests {
    static let folder = ImageTestSupport.corpus.appendingPathComponent("exif-orientation")

    /// The 480 px JPEG rendition (the derived 320 px tile rendition is made too).
    func rendition(_ name: String) throws -> (ImageResult, PixelBuffer) {
        let (result, output) = try ImageTestSupport.process(at: Self.folder, name: name, widths: [480])
        let jpeg = result.derivatives.renditions.first { $0.width == 480 && $0.format == .jpeg }
        let bytes = try ImageTestSupport.read(try #require(jpeg), in: output)
        let pixels = try ImageCodecs.decodeJPEG(bytes, scale: 8, maxPixels: 1 << 24, maxScans: 100).pixels
        return (result, pixels)
    }

    /// Every Landscape_N / Portrait_N must look like _1 once its orientation is applied.
    @Test(arguments: ["Landscape", "Portrait"], 0...8)
    func everyOrientationLooksLikeTheUprightPhoto(kind: String, orientation: Int) throws {
        let (reference, upright) = try rendition("\(kind)_1.jpg")
        let (result, pixels) = try rendition("\(kind)_\(orientation).jpg")
        #expect(result.derivatives.width == reference.derivatives.width)
        #expect(result.derivatives.height == reference.derivatives.height)
        #expect([pixels.width, pixels.height] as [Int] == [upright.width, upright.height])
        #expect(ImageTestSupport.meanDifference(pixels, upright) < 4)
        #expect(result.derivatives.exif.orientation == (orientation == 0 ? 1 : orientation))
    }

    @Test func landscape6ComesOut1800By1200() throws {
        let (result, pixels) = try rendition("Landscape_6.jpg")
        #expect([result.derivatives.width, result.derivatives.height] as [Int] == [1800, 1200])
        #expect([pixels.width, pixels.height] as [Int] == [480, 320])
        // The preview is made from the smallest rendition, 320 x 213.
        #expect(result.preview.width == 256 && result.preview.height == 170)
    }
}
