import Testing

@testable import GalleryKit

@Suite struct OrientationTests {
    /// A 3 x 2 image whose six pixels are all different (pixel i is (i, 10 i, 100 - i)).
    static let stored = PixelBuffer(
        width: 3, height: 2, channels: 3,
        bytes: (0..<6).flatMap { [UInt8($0), UInt8(10 * $0), UInt8(100 - $0)] })

    /// Stored pixel index (0 = top left, 2 = top right, 3 = bottom left, 5 = bottom right).
    static func pixel(_ image: PixelBuffer, x: Int, y: Int) -> Int {
        Int(image.bytes[(y * image.width + x) * 3])
    }

    /// From the EXIF specification: which stored corner is shown at the top left, top right
    /// and bottom left after applying each orientation.
    @Test(arguments: [
        (1, 0, 2, 3), (2, 2, 0, 5), (3, 5, 3, 2), (4, 3, 5, 0),
        (5, 0, 3, 2), (6, 3, 0, 5), (7, 5, 2, 3), (8, 2, 5, 0),
    ])
    func cornersLandWhereTheTagSays(orientation: Int, topLeft: Int, topRight: Int, bottomLeft: Int) {
        let shown = PixelOperations.orient(Self.stored, orientation: orientation)
        let turned = orientation >= 5
        #expect(shown.width == (turned ? 2 : 3) && shown.height == (turned ? 3 : 2))
        #expect(Self.pixel(shown, x: 0, y: 0) == topLeft)
        #expect(Self.pixel(shown, x: shown.width - 1, y: 0) == topRight)
        #expect(Self.pixel(shown, x: 0, y: shown.height - 1) == bottomLeft)
        #expect(shown.bytes.sorted() == Self.stored.bytes.sorted())
    }

    @Test(arguments: [0, 9, -1, 65535])
    func invalidOrientationsLeaveThePixelsAlone(orientation: Int) {
        #expect(PixelOperations.orient(Self.stored, orientation: orientation) == Self.stored)
    }
}
