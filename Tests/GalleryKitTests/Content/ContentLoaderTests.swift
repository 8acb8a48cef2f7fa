import Foundation
import Testing

@testable import GalleryKit

@Suite struct ContentLoaderTests {
    @Test func theIconSiteYmlNamesIsReadAndIsNotAPhoto() throws {
        let content = try TemporaryContent([
            "site.yml": "title: Icons\nfavicon: favicon.png\n",
            "favicon.png": "not really a PNG, but the icon's bytes",
            "trip/a.jpg": "",
        ])
        let (site, diagnostics) = try content.load()
        #expect(diagnostics.isEmpty, "\(diagnostics.rendered)")
        #expect(site.root.photos.isEmpty, "the icon became a photo of the home page")
        #expect(site.favicon?.fileExtension == "png")
        #expect(site.favicon?.bytes == Array("not really a PNG, but the icon's bytes".utf8))

        let svg = try TemporaryContent([
            "site.yml": "favicon: brand/icon.svg\n", "brand/icon.svg": "<svg/>", "trip/a.jpg": "",
        ])
        let (svgSite, svgDiagnostics) = try svg.load()
        // Not reported as a file that is not media, and no album of the icon's folder.
        #expect(svgDiagnostics.isEmpty, "\(svgDiagnostics.rendered)")
        #expect(svgSite.root.albums.map(\.urlPath) == ["trip/"])
        #expect(svgSite.favicon?.mediaType == "image/svg+xml")

        let missing = try TemporaryContent(["site.yml": "favicon: gone.ico\n", "a.jpg": ""])
        let (missingSite, missingDiagnostics) = try missing.load()
        #expect(missingSite.favicon == nil)
        #expect(
            missingDiagnostics.rendered.contains { $0.hasPrefix("gone.ico") },
            "\(missingDiagnostics.rendered)")
    }

    @Test func buildsAlbumsPagesAndHome() throws {
        let content = try TemporaryContent([
            "site.yml": "title: Trips\nbase_url: https://example.org/photos/\n",
            "index.md": "---\ntitle: Welcome\n---\nHello *there*\n",
            "about.md": "About me\n",
            "trips/notes.md": "---\ntitle: Notes\ndate: 2024-01-02\n---\nText\n",
            "iceland-2024/index.md":
                "---\ntitle: Iceland\ndate: 2024-06-01\ncover: b.jpg\nlayout: slider\nhero: [a.jpg]\nsort: -name\n---\nFjords.\n",
            "iceland-2024/a.jpg": "",
            "iceland-2024/b.JPG": "",
            "iceland-2024/b.md": "---\ntitle: B\nalt: A bay\nfocus: 0.2 0.8\n---\nCaption\n",
            "iceland-2024/fjords/10.jpg": "",
            "iceland-2024/fjords/2.jpeg": "",
            "old_trip/x.png": "",
            "empty/": "",
            "root.jpg": "",
        ])
        let (site, diagnostics) = try content.load()
        #expect(diagnostics.isEmpty, "\(diagnostics.rendered)")
        #expect(site.config.title == "Trips")
        #expect(site.config.baseURL == "https://example.org/photos/")
        #expect(site.home?.title == "Welcome")
        #expect(site.home?.urlPath == "")
        #expect(site.home?.html == "<p>Hello <em>there</em></p>\n")
        #expect(site.pages.map(\.urlPath) == ["about/", "trips/notes/"])
        #expect(site.pages.map(\.title) == ["about", "Notes"])
        #expect(site.root.title == "Trips")
        #expect(site.root.photos.map(\.urlPath) == ["root/"])
        // Newest first, undated last.
        #expect(site.root.albums.map(\.urlPath) == ["iceland-2024/", "old-trip/"])
        #expect(site.root.albums.map(\.title) == ["Iceland", "old trip"])
        let iceland = site.root.albums[0]
        #expect(iceland.sourcePath == "iceland-2024")
        #expect(iceland.cover == "b.JPG")
        #expect(iceland.layout == .slider)
        #expect(iceland.sort == .nameDescending)
        #expect(iceland.hero == ["a.jpg"])
        #expect(iceland.descriptionHTML == "<p>Fjords.</p>\n")
        #expect(iceland.photos.map(\.fileName) == ["a.jpg", "b.JPG"])
        let b = iceland.photos[1]
        #expect(b.slug == "b" && b.urlPath == "iceland-2024/b/")
        #expect(b.title == "B" && b.alt == "A bay" && b.focus == FocalPoint(x: 0.2, y: 0.8))
        #expect(b.captionHTML == "<p>Caption</p>\n")
        #expect(b.sidecarPath == "iceland-2024/b.md")
        #expect(b.sourcePath == "iceland-2024/b.JPG")
        let fjords = try #require(iceland.albums.first)
        #expect(fjords.urlPath == "iceland-2024/fjords/")
        #expect(fjords.photos.map(\.fileName) == ["2.jpeg", "10.jpg"])
        #expect(site.root.allAlbums.count == 4)
    }

    @Test func coverAndHeroMustNameAPhoto() throws {
        let content = try TemporaryContent([
            "a/index.md": "---\ncover: nope.jpg\nhero:\n  - 1.jpg\n  - missing.jpg\n---\n",
            "a/1.jpg": "",
        ])
        let (site, diagnostics) = try content.load()
        #expect(site.root.albums.first?.cover == nil)
        #expect(site.root.albums.first?.hero == ["1.jpg"])
        #expect(
            diagnostics.rendered == [
                "a/index.md:2:8: warning: cover: no photo named 'nope.jpg' in this album; ignored",
                "a/index.md:5:5: warning: hero: no photo named 'missing.jpg' in this album; ignored",
            ])
    }

    @Test func draftsAreSkippedUnlessIncluded() throws {
        let content = try TemporaryContent([
            "secret/index.md": "---\ndraft: true\n---\n",
            "secret/1.jpg": "",
            "wip.md": "---\ndraft: true\n---\n",
            "shown/1.jpg": "",
        ])
        let (site, _) = try content.load()
        #expect(site.root.albums.map(\.title) == ["shown"])
        #expect(site.pages.isEmpty)
        let (withDrafts, _) = try content.load(includeDrafts: true)
        #expect(withDrafts.root.albums.map(\.title) == ["secret", "shown"])
        #expect(withDrafts.root.albums.first?.draft == true)
        #expect(withDrafts.pages.map(\.urlPath) == ["wip/"])
    }

    @Test func hiddenPhotosAreDropped() throws {
        let content = try TemporaryContent([
            "a/1.jpg": "", "a/1.md": "---\nhidden: true\n---\n", "a/2.jpg": "",
        ])
        let (site, _) = try content.load()
        #expect(site.root.albums.first?.photos.map(\.fileName) == ["2.jpg"])
    }

    @Test func slugsAreUniqueAcrossPhotosAlbumsAndPages() throws {
        let content = try TemporaryContent([
            "x/Photo.jpg": "", "x/photo.md": "", "x/photo/1.jpg": "", "x/PHOTO.png": "",
            "assets/1.jpg": "",
        ])
        let (site, diagnostics) = try content.load()
        #expect(site.root.albums.map(\.urlPath).sorted() == ["assets-2/", "x/"])
        let x = try #require(site.root.albums.first { $0.sourcePath == "x" })
        // Photos first (natural order), then folders, then pages. photo.md is a page: stems match
        // sidecars exactly, and neither photo is named "photo".
        #expect(x.photos.map(\.urlPath) == ["x/photo/", "x/photo-2/"])
        #expect(x.albums.map(\.urlPath) == ["x/photo-3/"])
        #expect(site.pages.map(\.urlPath) == ["x/photo-4/"])
        #expect(
            diagnostics.rendered.contains(
                "assets: note: the URL name 'assets' is already used in this folder; using 'assets-2'"))
    }

    @Test func aLatin1PageIsReportedAtItsFirstAccent() {
        let latin1 = Array("---\ntitle: Caf".utf8) + [0xE9] + Array(" \u{2014}\n---\n".utf8)
        #expect(ContentLoader.firstInvalidUTF8(in: latin1).map { [$0.line, $0.column] } == [2, 11])
        let utf8 = Array("é—\n✓".utf8)
        #expect(ContentLoader.firstInvalidUTF8(in: utf8 + [0xC3]).map { [$0.line, $0.column] } == [2, 2])
        #expect(ContentLoader.firstInvalidUTF8(in: utf8) == nil)
    }

    @Test func brokenFilesAreAllReportedAndLoadingGoesOn() throws {
        let content = try TemporaryContent([
            "site.yml": "title: [x\n",
            "a.md": "---\ntitle: [\n---\nBody\n",
            "b.md": "---\ntitel: B\n---\n",
            "c/1.jpg": "", "c/1.md": "---\nfocus: left\n---\n",
        ])
        let bad = content.url.appendingPathComponent("d.md")
        try Data([0x2D, 0xFF, 0xFE]).write(to: bad)
        let (site, diagnostics) = try content.load()
        #expect(site.pages.map(\.sourcePath) == ["a.md", "b.md"])
        #expect(site.pages.first?.html == "<p>Body</p>\n")
        #expect(
            diagnostics.filter { $0.severity == .error }.map(\.location.file) == ["a.md", "d.md", "site.yml"])
        #expect(diagnostics.rendered.contains { $0.hasPrefix("d.md:1:2: error: not UTF-8 text; skipped") })
        #expect(
            diagnostics.rendered.contains(
                "b.md:2:1: warning: unknown key 'titel' (did you mean 'title'?); ignored"))
        #expect(diagnostics.contains { $0.location.description == "c/1.md:2:8" && $0.severity == .warning })
    }

    @Test func rawHTMLFollowsSiteSetting() throws {
        let page = "<b>hi</b> [x](javascript:alert(1))\n"
        let safe = try TemporaryContent(["p.md": page])
        #expect(try safe.load().0.pages.first?.html.contains("<b>") == false)
        let unsafe = try TemporaryContent(["site.yml": "raw_html: true\n", "p.md": page])
        #expect(try unsafe.load().0.pages.first?.html.contains("<b>hi</b>") == true)
    }

    @Test func missingOrFileContentFolderThrows() throws {
        let content = try TemporaryContent(["file.txt": "x"])
        let missing = content.url.appendingPathComponent("nope")
        #expect(throws: ContentError(.contentFolderMissing, file: missing.path)) {
            try ContentLoader(
                contentDirectory: missing, includeDrafts: false, diagnostics: DiagnosticCollector()
            ).load()
        }
        let file = content.url.appendingPathComponent("file.txt")
        #expect(throws: ContentError(.contentFolderNotAFolder, file: file.path)) {
            try ContentLoader(
                contentDirectory: file, includeDrafts: false, diagnostics: DiagnosticCollector()
            ).load()
        }
    }

    @Test func sigalSidecarKeysAreCaseInsensitive() throws {
        let content = try TemporaryContent([
            "a/1.jpg": "", "a/1.md": "TITLE: One\nHidden: no\nFocus: 0.1 0.9\n\nA *caption*\n",
            "a/index.md": "Title: Album A\nDate: 2024-06-01\nLayout: story\n",
        ])
        let (site, diagnostics) = try content.load()
        #expect(diagnostics.isEmpty, "\(diagnostics.rendered)")
        let album = try #require(site.root.albums.first)
        #expect(album.title == "Album A" && album.layout == .story && album.date != nil)
        #expect(album.photos.first?.title == "One")
        #expect(album.photos.first?.focus == FocalPoint(x: 0.1, y: 0.9))
        #expect(album.photos.first?.captionHTML == "<p>A <em>caption</em></p>\n")
    }

    /// Without site.yml the title is the documented default, not the folder's name (which is
    /// usually "content").
    @Test func defaultTitleIsPhotographs() throws {
        let content = try TemporaryContent(["1.jpg": ""], name: "content")
        let (site, diagnostics) = try content.load()
        #expect(site.config.title == "Photographs")
        #expect(site.config.sourcePath == nil)
        #expect(
            !diagnostics.rendered.contains { $0.hasPrefix("site.yml") }, "no message about a missing file")
    }
}
