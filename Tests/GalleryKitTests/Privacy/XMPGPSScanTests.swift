import Foundation
import Testing

@testable import GalleryKit

/// The post-build scan reads XMP text too: a published file whose only GPS is in XMP (as
/// exiftool, Lightroom and phones write `exif:GPSLatitude`) is a leak.
@Suite struct XMPGPSScanTests {
    @Test(arguments: ["photo.jpg", "photo.png", "photo.webp"])
    func gpsOnlyInXMPIsFound(_ name: String) throws {
        let source: [UInt8]
        switch name {
        case "photo.png":
            source = ImageTestSupport.png(width: 2, height: 2, rgba: Array(repeating: 200, count: 16))
        case "photo.webp":
            source = try WebPCodec.encode(
                ImageTestSupport.gradient(width: 16, height: 16), quality: 80, iccProfile: nil, exif: nil)
        default: source = try Exiftool.plainJPEG()
        }
        let tagged = try Exiftool.write(
            [
                "-XMP-exif:GPSLatitude=59.4", "-XMP-exif:GPSLatitudeRef=N", "-XMP-exif:GPSLongitude=5.3",
                "-XMP-exif:GPSLongitudeRef=E",
            ], into: source, name: name)
        let scanner = GPSLeakScanner(sourceCoordinates: [])
        #expect(scanner.scan(path: name, bytes: tagged) != nil)
        #expect(scanner.scan(path: name, bytes: source) == nil)
    }
}
