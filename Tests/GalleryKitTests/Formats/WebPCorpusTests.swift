import Foundation
import Testing

@testable import GalleryKit

@Suite struct WebPCorpusTests {
    /// sigal's sample WebP files, with their sizes as exiftool reports them.
    @Test(arguments: [("_MG_7808_lossy80.webp", 1024, 683), ("_MG_7805_lossy80.webp", 800, 566)])
    func decodesRealFiles(name: String, width: Int, height: Int) throws {
        let url = FormatTestImages.corpus.appendingPathComponent("sigal-sample/webp/\(name)")
        let (image, icc) = try WebPCodec.decode([UInt8](try Data(contentsOf: url)))
        #expect(image.width == width && image.height == height && image.channels == 3)
        #expect(icc == nil)
        #expect(Set(image.bytes).count > 200)  // a photo, not a blank
    }
}
