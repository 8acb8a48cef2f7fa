import Foundation
import Testing

@testable import GalleryKit

/// How keywords become tags: colliding slugs, keywords with no URL-safe letter, unlisted
/// albums, a content folder already at tags/.
@Suite struct TagCollectionTests {
    static func photo(_ name: String, in album: String = "a", tags: [String]) -> PhotoSource {
        var source = PhotoSource(
            sourcePath: "\(album)/\(name).jpg", fileName: "\(name).jpg", slug: name,
            urlPath: "\(album)/\(name)/")
        source.tags = tags
        return source
    }

    static func derivatives(_ photos: [PhotoSource]) -> [String: PhotoDerivatives] {
        Dictionary(
            uniqueKeysWithValues: photos.map { photo in
                let rendition = Rendition(
                    path: "_img/x/\(photo.slug)-480.jpg", width: 480, height: 320, format: .jpeg, byteCount: 1
                )
                return (
                    photo.sourcePath,
                    PhotoDerivatives(width: 480, height: 320, exif: ExifSummary(), renditions: [rendition])
                )
            })
    }

    static func site(_ albums: [Album], config: SiteConfig = SiteConfig()) -> Site {
        Site(
            config: config, home: nil, pages: [],
            root: Album(sourcePath: "", urlPath: "", title: "", albums: albums))
    }

    @Test func collidingSlugsMergeIntoTheFirstSpellingWithANote() {
        let photos = [Self.photo("one", tags: ["Café"]), Self.photo("two", tags: ["Cafe", "cafe"])]
        let album = Album(sourcePath: "a", urlPath: "a/", title: "A", photos: photos)
        let diagnostics = DiagnosticCollector()
        let index = TagCollection.collect(
            Self.site([album]), derivatives: Self.derivatives(photos), diagnostics: diagnostics)
        #expect(index.tags.map(\.name) == ["Café"])
        #expect(index.tags.first?.photos.map(\.slug) == ["one", "two"])
        #expect(
            diagnostics.diagnostics.map(\.description) == [
                "a/two.jpg: note: the tag 'Cafe' has the same URL as 'Café' (tags/cafe/); its photos are shown there"
            ])
    }

    @Test func aKeywordWithoutLatinLettersGetsAHashSlug() {
        let photos = [Self.photo("one", tags: ["東京"])]
        let album = Album(sourcePath: "a", urlPath: "a/", title: "A", photos: photos)
        let index = TagCollection.collect(
            Self.site([album]), derivatives: Self.derivatives(photos), diagnostics: DiagnosticCollector())
        let slug = try? #require(index.tags.first?.slug)
        #expect(slug?.hasPrefix("tag-") == true && slug?.count == 12)
        #expect(index.tags.first?.name == "東京")
    }

    @Test func unlistedAlbumsAreOnNoTagPage() {
        let listed = [Self.photo("one", tags: ["sea"])]
        let hidden = [Self.photo("two", in: "b", tags: ["sea", "secret"])]
        var unlisted = Album(sourcePath: "b", urlPath: "b/", title: "B", photos: hidden)
        unlisted.unlisted = true
        let index = TagCollection.collect(
            Self.site([Album(sourcePath: "a", urlPath: "a/", title: "A", photos: listed), unlisted]),
            derivatives: Self.derivatives(listed + hidden), diagnostics: DiagnosticCollector())
        #expect(index.tags.map(\.name) == ["sea"])
        #expect(index.tags.first?.photos.count == 1)
    }

    @Test func aContentFolderAtTagsKeepsItsURL() {
        let photos = [Self.photo("one", in: "tags", tags: ["sea"])]
        let diagnostics = DiagnosticCollector()
        let index = TagCollection.collect(
            Self.site([Album(sourcePath: "tags", urlPath: "tags/", title: "Tags", photos: photos)]),
            derivatives: Self.derivatives(photos), diagnostics: diagnostics)
        #expect(index.tags.isEmpty)
        #expect(diagnostics.diagnostics.contains { $0.severity == .warning && $0.message.contains("/tags/") })
    }

    @Test func tagsFalseCollectsNothing() {
        var config = SiteConfig()
        config.tagPages = false
        let photos = [Self.photo("one", tags: ["sea"])]
        let index = TagCollection.collect(
            Self.site([Album(sourcePath: "a", urlPath: "a/", title: "A", photos: photos)], config: config),
            derivatives: Self.derivatives(photos), diagnostics: DiagnosticCollector())
        #expect(index.tags.isEmpty)
    }
}
