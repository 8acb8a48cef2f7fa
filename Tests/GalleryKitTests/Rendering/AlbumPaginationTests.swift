import Foundation
import Testing

@testable import GalleryKit

/// `page_size:` splits a long album into pages `/album/`, `/album/page/2/`, … linked by
/// previous/next and `rel` links; far-down tiles of a long page are `.gk-far`.
@Suite struct AlbumPaginationTests {
    /// The fixture site with `count` 3:2 photos in the Iceland album.
    static func longAlbum(_ count: Int) -> (Site, [String: PhotoDerivatives]) {
        var site = RenderFixture.site()
        let photos = (0..<count).map { index in
            PhotoSource(
                sourcePath: "iceland/p\(index).jpg", fileName: "p\(index).jpg", slug: "p\(index)",
                urlPath: "iceland/p\(index)/", title: "Photo \(index)", alt: "Photo \(index)")
        }
        site.root.albums[0].photos = photos
        var derivatives = RenderFixture.photos
        for photo in photos {
            derivatives[photo.sourcePath] = PhotoDerivatives(
                width: 1500, height: 1000, exif: ExifSummary(),
                renditions: RenderFixture.renditions(
                    "d4/\(photo.slug)", width: 1500, height: 1000, widths: [480, 960], formats: [.jpeg]))
        }
        return (site, derivatives)
    }

    private func photoLinks(_ html: String) -> [String] {
        html.components(separatedBy: "<a class=\"card-link\" href=\"/photos/iceland/p").dropFirst().compactMap
        {
            $0.split(separator: "/").first.map(String.init)
        }
    }

    @Test func anAlbumIsSplitIntoPagesWithPreviousNextAndRelLinks() throws {
        var (site, photos) = Self.longAlbum(25)
        site.root.albums[0].pageSize = 10
        let files = try RenderFixture.render(site: site, photos: photos)
        let first = try #require(files["iceland/index.html"])
        let second = try #require(files["iceland/page/2/index.html"])
        let last = try #require(files["iceland/page/3/index.html"])
        #expect(files["iceland/page/4/index.html"] == nil)
        #expect(files["iceland/page/1/index.html"] == nil)
        // Every photo on exactly one page, in order.
        #expect(photoLinks(first) == (0..<10).map { "\($0)" })
        #expect(photoLinks(second) == (10..<20).map { "\($0)" })
        #expect(photoLinks(last) == (20..<25).map { "\($0)" })

        #expect(!first.contains(#"rel="prev""#))
        #expect(first.contains(#"<link rel="next" href="/photos/iceland/page/2/">"#))
        #expect(second.contains(#"<link rel="prev" href="/photos/iceland/">"#))
        #expect(second.contains(#"<link rel="next" href="/photos/iceland/page/3/">"#))
        #expect(last.contains(#"<link rel="prev" href="/photos/iceland/page/2/">"#))
        #expect(!last.contains(#"<link rel="next""#))
        #expect(second.contains(#"<link rel="canonical" href="https://example.org/photos/iceland/page/2/">"#))
        #expect(second.contains(#"<a href="/photos/iceland/page/2/" aria-current="page">"#))
        #expect(second.contains("<title>Iceland &amp; &lt;Friends&gt;, page 2 of 3 · Test Gallery</title>"))

        // The description and the sub-albums are on the first page only.
        #expect(first.contains("Ten days") && !second.contains("Ten days"))
        #expect(first.contains("/photos/iceland/fjords/") && !second.contains("id=\"albums-heading\""))

        // Each page's first photo is an LCP candidate (the first image on its page with high
        // priority); a later one is too only where its tile is larger, as the stretched short
        // last row of the last page is.
        for page in [first, second, last] {
            let images = page.components(separatedBy: "<img ").dropFirst()
            #expect(images.first?.contains(#"fetchpriority="high""#) == true)
        }
        #expect(first.components(separatedBy: #"fetchpriority="high""#).count == 2)
        #expect(second.components(separatedBy: #"fetchpriority="high""#).count == 2)
        // A photo page leads back to the album page that shows it.
        let photo = try #require(files["iceland/p14/index.html"])
        #expect(photo.contains("href=\"/photos/iceland/page/2/\""))
        let sitemap = try #require(files["sitemap.xml"])
        #expect(sitemap.contains("<loc>https://example.org/photos/iceland/page/3/</loc>"))
    }

    @Test func theSiteWideSizeAppliesUnlessTheAlbumSaysOtherwise() throws {
        var (site, photos) = Self.longAlbum(12)
        site.config.layouts.pageSize = 5
        var files = try RenderFixture.render(site: site, photos: photos)
        #expect(files["iceland/page/3/index.html"] != nil)
        // Albums that fit on one page have no pagination at all.
        let fjords = try #require(files["iceland/fjords/index.html"])
        #expect(!fjords.contains("class=\"pagination\"") && !fjords.contains("rel=\"next\""))
        site.root.albums[0].pageSize = 100
        files = try RenderFixture.render(site: site, photos: photos)
        #expect(files["iceland/page/2/index.html"] == nil)
        #expect(!(try #require(files["iceland/index.html"])).contains("class=\"pagination\""))
    }

    @Test func withoutAPageSizeAnAlbumIsOnePage() throws {
        let (site, photos) = Self.longAlbum(40)
        let files = try RenderFixture.render(site: site, photos: photos)
        #expect(!files.keys.contains { $0.hasPrefix("iceland/page/") })
        #expect(photoLinks(try #require(files["iceland/index.html"])).count == 40)
    }

    @Test func tilesFarBelowTheFoldAreMarkedAndTheFirstScreensAreNot() throws {
        let (site, photos) = Self.longAlbum(150)
        let files = try RenderFixture.render(site: site, photos: photos)
        let html = try #require(files["iceland/index.html"])
        let cards = html.components(separatedBy: "<li class=\"card gk-tile").dropFirst()
        let far = cards.map { $0.hasPrefix(" gk-far") }
        #expect(far.count == 150)
        // Far tiles form one run to the end: none in the first screens, all of the rest.
        let firstFar = try #require(far.firstIndex(of: true))
        #expect(firstFar > 20 && firstFar < 120)
        #expect(far[firstFar...].allSatisfy { $0 })
        // No far tile is eager.
        for card in cards.filter({ $0.hasPrefix(" gk-far") }) {
            let end = card.range(of: "</li>").map { card[..<$0.lowerBound] } ?? card[...]
            #expect(end.contains(#"loading="lazy""#))
        }
    }
}
