import Foundation
import Testing

@testable import GalleryKit

/// Loads sigal's own sample gallery (Tests/Fixtures/corpus/sigal-sample).
@Suite struct SigalSampleTests {
    /// `sigal-sample` in the photo corpus (``ImageTestSupport/corpus``).
    static var sampleURL: URL { ImageTestSupport.corpus.appendingPathComponent("sigal-sample") }

    private func load() throws -> (Site, [Diagnostic]) {
        let diagnostics = DiagnosticCollector()
        let site = try ContentLoader(
            contentDirectory: Self.sampleURL, includeDrafts: false, diagnostics: diagnostics
        )
        .load()
        return (site, diagnostics.diagnostics)
    }

    @Test func albumTree() throws {
        let (site, _) = try load()
        #expect(site.config.title == "Photographs")
        #expect(site.home?.title == "Sigal test gallery")
        #expect(site.home?.html.contains("<h2>This is a testing gallery for sigal.</h2>") == true)
        #expect(site.pages.isEmpty)
        #expect(
            site.root.allAlbums.map(\.sourcePath) == [
                "", "accentué", "dir1", "dir1/test3", "dir1/test1", "dir1/test2", "dir2", "encryptTest",
                "exifTest", "iptcTest", "nomedia", "nomedia/created", "video", "webp",
            ])
        let dir1 = try #require(site.root.albums.first { $0.sourcePath == "dir1" })
        #expect(dir1.title == "An example gallery")
        #expect(dir1.photos.map(\.fileName) == ["22.jpg"])
        #expect(dir1.descriptionHTML.contains("<strong>Lorem ipsum</strong>"))
        #expect(
            dir1.albums.map(\.title) == ["01 First title alphabetically", "An example sub-category", "test2"])
        let test1 = dir1.albums[1]
        #expect(test1.cover == "11.jpg")
        #expect(
            test1.photos.map(\.fileName) == [
                "11.jpg", "CMB_Timeline300_no_WMAP.jpg", "example.gif", "outdoor.heic",
                "special-characters.jpg",
            ])
        let dir2 = try #require(site.root.albums.first { $0.sourcePath == "dir2" })
        #expect(dir2.cover == "m57_the_ring_nebula-587px.jpg")
        #expect(dir2.photos.first?.urlPath == "dir2/hubble-interacting-galaxy-ngc-5257/")
        let exif = try #require(site.root.albums.first { $0.sourcePath == "exifTest" })
        #expect(exif.photos.map(\.fileName) == ["21.jpg", "22-nodate.jpg", "22.jpg", "noexif.png"])
    }

    @Test func specialNamesGetCleanSlugs() throws {
        let (site, _) = try load()
        let accents = try #require(site.root.albums.first { $0.sourcePath == "accentué" })
        #expect(accents.urlPath == "accentue/")
        #expect(accents.title == "accentué")
        #expect(
            accents.photos.map(\.urlPath) == [
                "accentue/11/", "accentue/helicoide/", "accentue/test-special-chars/",
            ])
        #expect(accents.photos.map(\.sourcePath).contains("accentué/test?<special> chars#.jpg"))
    }

    @Test func sidecarsGiveTitlesAndCaptions() throws {
        let (site, _) = try load()
        let photos = site.root.allAlbums.flatMap(\.photos)
        let flickr = try #require(photos.first { $0.fileName == "special-characters.jpg" })
        #expect(flickr.title == "WÎth spécial chÆracters")
        #expect(flickr.urlPath == "dir1/test1/special-characters/")
        #expect(flickr.captionHTML == "<p>This is a funny description of this image</p>\n")
        let foo = try #require(photos.first { $0.sourcePath == "dir1/test1/11.jpg" })
        #expect(foo.title == "Foo Bar")
        #expect(foo.captionHTML.contains("<li>item 2</li>"))
        #expect(photos.first { $0.sourcePath == "iptcTest/2.jpg" }?.title == "Markdown title beats iptc")
    }

    @Test func nomediaFoldersAreSkipped() throws {
        let (site, diagnostics) = try load()
        let paths = site.root.allAlbums.flatMap(\.photos).map(\.sourcePath)
        #expect(paths.contains("nomedia/created/should_be_created.jpg"))
        #expect(!paths.contains { $0.contains("ignored") })
        #expect(site.root.allAlbums.allSatisfy { !$0.sourcePath.hasPrefix("nomedia/ignored") })
        #expect(!site.root.allAlbums.contains { $0.sourcePath == "empty" || $0.sourcePath == "dir1/empty" })
        #expect(
            diagnostics.rendered.contains(
                "nomedia/ignored/.nomedia: note: skipped because of .nomedia: the whole folder"))
    }

    @Test func unsupportedFilesAreReported() throws {
        let (site, diagnostics) = try load()
        let warnings = diagnostics.filter { $0.severity == .warning }.rendered
        #expect(
            warnings == [
                ".: warning: 6 files skipped as neither photo, page nor sidecar: 4 .txt, 1 .pdf, 1 .rst "
                    + "(--verbose lists them)",
                "dir1/test2/21.tiff: warning: unsupported image format TIFF; skipped",
            ])
        let notes = diagnostics.filter { $0.severity == .note }.rendered
        // sigal's video album is an album now, its clip an item with its sidecar's title.
        let video = try #require(site.root.albums.first { $0.sourcePath == "video" })
        #expect(video.photos.map(\.fileName) == ["example video.ogv"])
        #expect(video.photos.first?.isVideo == true)
        #expect(!notes.contains { $0.hasPrefix("video/") && $0.contains("skipped") })
        #expect(notes.contains("nonmedia_files/dummy.pdf: note: not a photo, page or site.yml; skipped"))
        #expect(
            notes.contains(
                "dir1/test1/index.md:3:1: note: sigal key 'Order' is not used by galleryc; ignored"))
        #expect(!diagnostics.contains { $0.severity == .error })
    }
}
