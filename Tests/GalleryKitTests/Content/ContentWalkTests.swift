import Foundation
import Testing

@testable import GalleryKit

/// What the walk skips and how it classifies files and folders.
@Suite struct ContentWalkTests {
    @Test func skipsDotFilesTemplatesAndReportsOtherFiles() throws {
        let content = try TemporaryContent([
            ".git/config": "", ".DS_Store": "", "templates/page.html": "", "a/.hidden.jpg": "",
            "a/1.jpg": "", "a/raw.NEF": "", "a/clip.mp4": "", "a/notes.txt": "", "a/raw.md": "",
        ])
        let (site, diagnostics) = try content.load()
        #expect(site.root.albums.map(\.sourcePath) == ["a"])
        #expect(site.pages.isEmpty)
        #expect(
            diagnostics.rendered == [
                ".: warning: 2 files skipped as neither photo, page nor sidecar: 1 .mp4, 1 .txt (--verbose lists them)",
                "a/clip.mp4: note: videos are not supported yet (MP4); skipped",
                "a/notes.txt: note: not a photo, page or site.yml; skipped",
                "a/raw.NEF: warning: unsupported image format NEF; skipped",
                "a/raw.md: note: metadata for 'raw.NEF', which is skipped; ignored",
            ])
    }

    @Test func nomediaSkipsFoldersAndListedEntries() throws {
        let content = try TemporaryContent([
            "a/.nomedia": "", "a/1.jpg": "",
            "b/.nomedia": "skip.jpg\nsub\n", "b/keep.jpg": "", "b/skip.jpg": "", "b/sub/2.jpg": "",
        ])
        let (site, diagnostics) = try content.load()
        #expect(site.root.albums.map(\.sourcePath) == ["b"])
        #expect(site.root.albums.first?.photos.map(\.fileName) == ["keep.jpg"])
        #expect(site.root.albums.first?.albums.isEmpty == true)
        #expect(
            diagnostics.rendered == [
                "a/.nomedia: note: skipped because of .nomedia: the whole folder",
                "b/.nomedia: note: skipped because of .nomedia: skip.jpg, sub",
            ])
    }

    @Test func foldersWithOnlyPagesAreNotAlbums() throws {
        let content = try TemporaryContent([
            "trips/index.md": "---\ntitle: All trips\n---\n", "trips/notes.md": "x",
        ])
        let (site, _) = try content.load()
        #expect(site.root.albums.isEmpty)
        #expect(site.pages.map(\.urlPath) == ["trips/", "trips/notes/"])
        #expect(site.pages.first?.title == "All trips")
    }

    @Test func symlinkLoopsAreWalkedOnce() throws {
        let content = try TemporaryContent(["a/1.jpg": ""])
        try FileManager.default.createSymbolicLink(
            at: content.url.appendingPathComponent("a/loop"),
            withDestinationURL: content.url.appendingPathComponent("a"))
        let (site, _) = try content.load()
        #expect(site.root.allAlbums.map(\.sourcePath) == ["", "a"])
    }
}
