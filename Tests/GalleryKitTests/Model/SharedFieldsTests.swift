import Foundation
import Testing

@testable import GalleryKit

/// `PhotoSource` and `PhotoDerivatives` keep their fields in a box that copies share (so that
/// 50,000 photos held by several stages are held once): they must still behave as values.
@Suite struct SharedFieldsTests {
    let derivatives = PhotoDerivatives(
        width: 1200, height: 800, exif: ExifSummary(),
        renditions: [
            Rendition(path: "_img/ab/a-480.jpg", width: 480, height: 320, format: .jpeg, byteCount: 10)
        ],
        placeholder: "data:image/png;base64,AAAA")

    @Test func aChangedCopyOfDerivativesLeavesTheOriginalAsItWas() {
        var copy = derivatives
        #expect(copy == derivatives)
        copy.width = 600
        copy.renditions.append(
            Rendition(path: "_img/ab/a-960.jpg", width: 960, height: 640, format: .jpeg, byteCount: 20))
        #expect(derivatives.width == 1200 && derivatives.renditions.count == 1)
        #expect(copy.width == 600 && copy.renditions.count == 2)
        #expect(copy != derivatives)
        #expect(Set([copy, derivatives]).count == 2)
        var same = derivatives
        same.width = 1200
        #expect(same == derivatives && same.hashValue == derivatives.hashValue, "equal by value, not by box")
    }

    @Test func derivativesWriteTheJSONOfTheirFields() throws {
        let json = try JSONEncoder().encode(derivatives)
        let object = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        #expect(object["width"] as? Int == 1200)
        #expect(object["storage"] == nil)
        #expect(try JSONDecoder().decode(PhotoDerivatives.self, from: json) == derivatives)
    }

    @Test func aChangedCopyOfASourceLeavesTheOriginalAsItWas() {
        let source = PhotoSource(
            sourcePath: "a/b.jpg", fileName: "b.jpg", slug: "b", urlPath: "a/b/", title: "B")
        var copy = source
        copy.title = "Changed"
        copy.tags = ["x"]
        #expect(source.title == "B" && source.tags == nil)
        #expect(copy.title == "Changed" && copy != source)
        var same = source
        same.title = "B"
        #expect(same == source && same.hashValue == source.hashValue)
    }
}
