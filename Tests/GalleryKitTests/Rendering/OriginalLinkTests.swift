import Testing

@testable import GalleryKit

@Suite struct OriginalLinkTests {
    @Test func aPublishedOriginalIsLinkedFromItsPhotoPageOnly() throws {
        var photos = RenderFixture.photos
        let key = "iceland/glacier.jpg"
        var glacier = try #require(photos[key])
        glacier.original = Rendition(
            path: "_img/a1/glacier-original.jpg", width: 3000, height: 2000, format: .jpeg,
            byteCount: 2_412_345)
        photos[key] = glacier
        let files = try RenderFixture.render(photos: photos)
        let page = try #require(files["iceland/glacier/index.html"])
        #expect(
            page.contains(
                "<a href=\"/photos/_img/a1/glacier-original.jpg\" download>Download original</a> "
                    + "<span class=\"photo-original-size\">(JPEG, 3000 × 2000, 2.4 MB)</span>"))
        let others = files.filter { $0.key != "iceland/glacier/index.html" }
        #expect(!others.values.contains { $0.contains("Download original") })
    }

    @Test func withoutPublishedOriginalsNoPageOffersOne() throws {
        let files = try RenderFixture.render()
        #expect(!files.values.contains { $0.contains("Download original") || $0.contains("-original.") })
    }
}
