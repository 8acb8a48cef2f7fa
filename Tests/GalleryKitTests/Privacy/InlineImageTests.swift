import Foundation
import Testing

@testable import GalleryKit

/// Images inlined as base64 `data:` URIs (blur-up placeholders) are checked like image files.
@Suite struct InlineImageTests {
    let scanner = GPSLeakScanner(sourceCoordinates: [])
    static let gpsJPEG = ImageBytes.splice(
        ImageBytes.app1(GPSCoordinatesTests.eiffel(bigEndian: false)), into: ImageBytes.skeletonJPEG)

    @Test func decodesStandardBase64() {
        let text = Array("x;base64,aGVsbG8gd29ybGQ=\"".utf8)
        #expect(InlineImages.decode(text, from: 9).decoded == Array("hello world".utf8))
    }

    @Test func aPlaceholderWithGPSInHTMLIsALeak() {
        let encoded = Data(Self.gpsJPEG).base64EncodedString()
        let html = "<img class=\"blur\" src=\"data:image/jpeg;base64,\(encoded)\" alt=\"\">"
        let leak = scanner.scan(path: "paris/index.html", bytes: Array(html.utf8))
        #expect(leak?.reason == .inlineImageGPS)
        #expect(
            leak?.description
                == "paris/index.html: error: published file contains an inline (data: URI) image with GPS data"
        )
    }

    @Test func aPlaceholderWithGPSInJSONWithEscapedSlashesIsALeak() throws {
        let webP = ImageBytes.webP(exif: GPSCoordinatesTests.eiffel(bigEndian: true))
        let uri = "data:image/webp;base64," + Data(webP).base64EncodedString()
        let json = try JSONEncoder().encode(["placeholder": uri])
        #expect(String(decoding: json, as: UTF8.self).contains("\\/"))
        #expect(scanner.scan(path: "photos.json", bytes: [UInt8](json))?.reason == .inlineImageGPS)
    }

    @Test func aCleanPlaceholderIsNotALeak() throws {
        let clean = try ImageBytes.corpus("sigal-sample/exifTest/21.jpg")
        let css =
            ".hero { background-image: url(data:image/jpeg;base64,\(Data(clean).base64EncodedString())); }"
        #expect(scanner.scan(path: "assets/site.css", bytes: Array(css.utf8)) == nil)
    }
}
