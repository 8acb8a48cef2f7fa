import Foundation
import Testing

@testable import GalleryKit

@Suite struct ContextBuilderTests {
    private func builder(
        baseURL: String = "", photos: [String: PhotoDerivatives] = RenderFixture.photos
    ) -> ContextBuilder {
        ContextBuilder(
            site: RenderFixture.site(baseURL: baseURL), photos: photos,
            assetPaths: ["galleryc.css": "assets/galleryc.0123456789.css"], sourceDate: RenderFixture.now)
    }

    private var iceland: Album { RenderFixture.site().root.albums[0] }

    @Test func aPhotoThatFailedToProcessIsLeftOut() {
        let shown = builder().shownPhotos(iceland).map(\.source.fileName)
        #expect(shown == ["DSC_0142.jpg", "glacier.jpg"])
    }

    @Test func theCoverIsTheNamedPhotoElseTheFirstElseASubAlbumsCover() {
        #expect(builder().cover(of: iceland)?.source.fileName == "glacier.jpg")
        var site = RenderFixture.site()
        site.root.albums[0].cover = nil
        func cover(_ site: Site) -> String? {
            ContextBuilder(
                site: site, photos: RenderFixture.photos, assetPaths: [:], sourceDate: RenderFixture.now
            )
            .cover(of: site.root.albums[0])?.source.fileName
        }
        #expect(cover(site) == "DSC_0142.jpg")
        site.root.albums[0].photos = []
        #expect(cover(site) == "fjord.jpg")
    }

    @Test func pictureListsEveryRenditionWithWidthDescriptorsAndWebPWhenPresent() throws {
        let context = builder(baseURL: "https://example.org/photos/").albumContext(
            iceland, ancestors: [RenderFixture.site().root])
        let glacier = try #require(context.at("photos.1.image"))
        #expect(
            glacier.string("srcset")
                == "/photos/_img/a1/glacier-480.jpg 480w, /photos/_img/a1/glacier-960.jpg 960w, "
                + "/photos/_img/a1/glacier-1600.jpg 1600w")
        #expect(glacier.string("webpSrcset")?.hasSuffix("/photos/_img/a1/glacier-1600.webp 1600w") == true)
        #expect(glacier.at("hasWebP") == .bool(true))
        #expect(glacier.string("src") == "/photos/_img/a1/glacier-960.jpg")
        #expect(glacier.at("width") == .int(960) && glacier.at("height") == .int(640))
        #expect(glacier.string("alt") == "A blue glacier under a pink sky")
        #expect(glacier.string("loading") == "eager")
        #expect(glacier.string("focus") == "50% 50%")
        let first = try #require(context.at("photos.0.image"))
        #expect(first.at("highPriority") == .bool(true))
        #expect(first.at("hasWebP") == .bool(false))
        #expect(first.at("webpSrcset") == nil)
    }

    @Test func photoPagesLinkToTheirNeighboursAndBackToTheAlbum() throws {
        let context = builder()
        let shown = context.shownPhotos(iceland)
        let first = context.photoContext(
            shown[0], at: 0, of: shown, in: iceland, ancestors: [RenderFixture.site().root])
        #expect(first.at("previous") == nil)
        #expect(first.string("next.href") == "/iceland/glacier/")
        #expect(first.string("next.title") == "Glacier at dawn")
        #expect(first.string("album.href") == "/iceland/")
        // Untitled: its title is its place, said once (no separate position).
        #expect(first.string("photo.title") == "Photo 1 of 2")
        #expect(first.at("photo.position") == nil)
        #expect(first.at("photo.image.highPriority") == .bool(true))
        let second = context.photoContext(
            shown[1], at: 1, of: shown, in: iceland, ancestors: [RenderFixture.site().root])
        #expect(second.string("previous.href") == "/iceland/dsc-0142/")
        #expect(second.at("next") == nil)
        #expect(second.string("photo.title") == "Glacier at dawn")
        #expect(second.string("photo.position") == "2 of 2")
        #expect(second.string("viewer.stage") == "dark")
    }

    @Test func exifPanelShowsWhatIsKnownInPhotographersTerms() throws {
        let rows = ExifPanel.rows(try #require(RenderFixture.photos["iceland/glacier.jpg"]).exif)
        let pairs = rows.compactMap { row -> String? in
            guard let label = row.string("label"), let value = row.string("value") else { return nil }
            return "\(label): \(value)"
        }
        #expect(
            pairs == [
                "Camera: FUJIFILM X-T4", "Lens: XF16-55mmF2.8 R LM WR", "Focal length: 23 mm",
                "Aperture: f/5.6", "Shutter: 1/250 s", "ISO: 160", "Taken: June 2, 2024, 04:12",
            ])
        #expect(rows.last?.string("datetime") == "2024-06-02T04:12:30Z")
    }

    @Test func cameraMakeIsNotRepeatedWhenTheModelAlreadyNamesIt() {
        var exif = ExifSummary()
        exif.cameraMake = "NIKON CORPORATION"
        exif.cameraModel = "NIKON D750"
        #expect(ExifPanel.camera(exif) == "NIKON D750")
        exif.cameraMake = "Apple"
        exif.cameraModel = "iPhone 15 Pro"
        #expect(ExifPanel.camera(exif) == "Apple iPhone 15 Pro")
    }

    @Test func titlesAndAltTextFallBackInTheDocumentedOrder() throws {
        let glacier = PhotoText(try RenderFixture.shown(RenderFixture.glacier))
        #expect(glacier.title == "Glacier at dawn" && glacier.alt == "A blue glacier under a pink sky")
        // An EXIF description describes the photo (alt, caption) but does not title it.
        let fjord = PhotoText(try RenderFixture.shown(RenderFixture.fjord))
        #expect(fjord.title == nil && fjord.alt == "Fjord & mountains <wide>")
        #expect(fjord.captionHTML == "<p>Fjord &amp; mountains &lt;wide&gt;</p>")
        #expect(!fjord.isAltMissing)
        // Nothing at all: no title, no alt, and never the file name.
        let untitled = PhotoText(try RenderFixture.shown(RenderFixture.untitled))
        #expect(untitled.title == nil && untitled.alt == "" && untitled.isAltMissing)
        #expect(untitled.title(position: 3, of: 12) == "Photo 3 of 12")
        #expect(untitled.alt(position: 3, of: 12) == "Photo 3 of 12")
        var titledOnly = try RenderFixture.shown(RenderFixture.untitled)
        titledOnly.source.title = "Harbour"
        #expect(PhotoText(titledOnly).alt == "Harbour" && !PhotoText(titledOnly).isAltMissing)
    }

    @Test func absoluteURLsAppearOnlyWithABaseURL() {
        let relative = builder().albumContext(iceland, ancestors: [RenderFixture.site().root])
        #expect(relative.at("meta.canonical") == nil)
        #expect(relative.at("meta.ogImage") == nil)
        let absolute = builder(baseURL: "https://example.org/photos/").albumContext(
            iceland, ancestors: [RenderFixture.site().root])
        #expect(absolute.string("meta.canonical") == "https://example.org/photos/iceland/")
        #expect(absolute.string("meta.ogImage") == "https://example.org/photos/_img/a1/glacier-1600.jpg")
    }

    @Test func breadcrumbsAndNavigationMarkWhereYouAre() {
        let root = RenderFixture.site().root
        let fjords = iceland.albums[0]
        let context = builder().albumContext(fjords, ancestors: [root, iceland])
        // The header's site title links home: breadcrumbs start below it.
        #expect(context.string("breadcrumbs.0.title") == "Iceland & <Friends>")
        #expect(context.string("breadcrumbs.0.href") == "/iceland/")
        #expect(context.count("breadcrumbs") == 1)
        let top = builder().albumContext(iceland, ancestors: [root])
        #expect(top.at("hasBreadcrumbs") == .bool(false), "no lone breadcrumb repeating the site title")
        let about = builder().pageContext(RenderFixture.site().pages[0])
        #expect(about.string("nav.1.title") == "Iceland & <Friends>", "top-level albums, then pages")
        #expect(about.at("nav.2.current") == .bool(true))
        #expect(about.at("nav.0.current") == .bool(false))
        #expect(about.string("meta.documentTitle") == "About · Test Gallery")
    }

    @Test func feedListsNewestAlbumsFirstWithStableIDs() {
        var site = RenderFixture.site(baseURL: "")
        site.root.albums[0].albums[0].date = RenderFixture.date("2025-01-05T00:00:00Z")
        let context = ContextBuilder(
            site: site, photos: RenderFixture.photos, assetPaths: [:], sourceDate: RenderFixture.now)
        let feed = context.feedContext()
        #expect(feed.string("entries.0.title") == "Fjords")
        #expect(feed.string("entries.1.title") == "Iceland & <Friends>")
        #expect(feed.string("feed.updated") == "2025-01-05T00:00:00Z")
        let id = feed.string("entries.1.id")
        #expect(id?.hasPrefix("urn:uuid:") == true && id?.count == 45)
        #expect(id == context.feedContext().string("entries.1.id"))
        #expect(id != feed.string("entries.0.id"))
    }

    @Test func sitemapListsEveryPageButNotFailedPhotos() {
        let locs = builder(baseURL: "https://example.org/photos/").sitemapContext()
        let all = (0..<locs.count("urls")).compactMap { locs.string("urls.\($0).loc") }
        #expect(
            all == [
                "https://example.org/photos/", "https://example.org/photos/about/",
                "https://example.org/photos/iceland/", "https://example.org/photos/iceland/dsc-0142/",
                "https://example.org/photos/iceland/glacier/", "https://example.org/photos/iceland/fjords/",
                "https://example.org/photos/iceland/fjords/fjord/",
            ])
    }

    /// The navigation listed every page at every depth on every page (2,000 pages: 173 MB);
    /// now Home, top-level albums and pages up to the limit, and every other page is listed
    /// on the page of the album that holds it (or the home page), with breadcrumbs up.
    @Test func navigationStaysSmallAndEveryPageIsListedSomewhere() {
        var site = RenderFixture.site(baseURL: "")
        site.pages = (1...20).map {
            Page(sourcePath: "p\($0).md", urlPath: "p\($0)/", title: "P\($0)", html: "")
        }
        site.pages.append(
            Page(sourcePath: "iceland/notes.md", urlPath: "iceland/notes/", title: "Notes", html: ""))
        site.pages.append(
            Page(
                sourcePath: "iceland/fjords/deep/map.md", urlPath: "iceland/fjords/deep/map/", title: "Map",
                html: ""))
        let context = ContextBuilder(
            site: site, photos: RenderFixture.photos, assetPaths: [:], sourceDate: RenderFixture.now)
        let home = context.homeContext()
        #expect(home.count("nav") == 1 + SiteNavigation.limit)
        #expect(home.string("nav.1.title") == "Iceland & <Friends>")
        let onHome = (0..<home.count("pages")).compactMap { home.string("pages.\($0).title") }
        let inNav = (0..<home.count("nav")).compactMap { home.string("nav.\($0).title") }
        #expect(Set(onHome).isDisjoint(with: inNav))
        #expect(
            onHome.count + inNav.count - 2 == 20, "every top-level page is in the nav or on the home page")
        let iceland = site.root.albums[0]
        let album = context.albumContext(iceland, ancestors: [site.root])
        #expect(album.string("pages.0.title") == "Notes")
        let fjords = context.albumContext(iceland.albums[0], ancestors: [site.root, iceland])
        #expect(fjords.string("pages.0.href") == "/iceland/fjords/deep/map/")
        let map = context.pageContext(site.pages[21])
        #expect(map.count("breadcrumbs") == 2)
        #expect(map.string("breadcrumbs.1.href") == "/iceland/fjords/")
    }
}
