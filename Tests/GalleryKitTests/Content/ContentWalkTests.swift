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
        #expect(site.root.albums.first?.photos.map(\.fileName) == ["1.jpg", "clip.mp4"])
        #expect(site.root.albums.first?.photos.map(\.isVideo) == [false, true])
        #expect(site.pages.isEmpty)
        #expect(
            diagnostics.rendered == [
                ".: warning: 1 file skipped as neither photo, page nor sidecar: 1 .txt (--verbose lists them)",
                "a/notes.txt: note: not a photo, page or site.yml; skipped",
                "a/raw.NEF: warning: unsupported image format NEF; skipped",
                "a/raw.md: note: metadata for 'raw.NEF', which is skipped; ignored",
            ])
    }

    @Test(arguments: ["mp4", "m4v", "MOV", "webm", "mkv", "avi", "ogv", "3gp", "mts"])
    func everyVideoExtensionIsAnAlbumItem(_ ext: String) throws {
        let content = try TemporaryContent([
            "a/clip.\(ext)": "", "a/clip.md": "---\ntitle: A clip\nposter: 2.5\n---\nAt dusk.",
        ])
        let (site, diagnostics) = try content.load()
        let clip = try #require(site.root.albums.first?.photos.first)
        #expect(clip.isVideo)
        #expect(clip.slug == "clip")
        #expect(clip.title == "A clip")
        #expect(clip.posterTime == 2.5)
        #expect(clip.captionHTML.contains("At dusk."))
        #expect(diagnostics.rendered.isEmpty)
    }

    @Test func videoFalseSkipsVideosWithANote() throws {
        let content = try TemporaryContent([
            "site.yml": "video: false\n", "a/1.jpg": "", "a/clip.mov": "", "a/clip.md": "title: x\n",
        ])
        let (site, diagnostics) = try content.load()
        #expect(site.root.albums.first?.photos.map(\.fileName) == ["1.jpg"])
        #expect(
            diagnostics.rendered == [
                "a/clip.md: note: metadata for 'clip.mov', which is skipped; ignored",
                "a/clip.mov: note: a video, skipped: site.yml says 'video: false'",
            ])
    }

    @Test func posterInAPhotoSidecarWarns() throws {
        let content = try TemporaryContent(["a/1.jpg": "", "a/1.md": "---\nposter: 2\n---\n"])
        let (_, diagnostics) = try content.load()
        #expect(
            diagnostics.rendered == ["a/1.md:2:1: warning: 'poster' is only for a video's sidecar; ignored"])
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

    /// `.jpe` and `.jfif` are JPEG to the sniffer, so they are photos to the scanner too; a
    /// `.jpm` (JPEG 2000 Part 6) is skipped, and the warning says why.
    @Test func everyJPEGExtensionIsAPhotoAndJPMIsSkippedSayingWhy() throws {
        let content = try TemporaryContent([
            "a/camera.JPE": "", "a/scan.jfif": "", "a/page.jpm": "", "a/old.jpeg": "",
        ])
        let (site, diagnostics) = try content.load()
        #expect(site.root.albums.first?.photos.map(\.fileName) == ["camera.JPE", "old.jpeg", "scan.jfif"])
        #expect(
            diagnostics.rendered == [
                "a/page.jpm: warning: unsupported image format JPM (JPEG 2000 Part 6, a compound document "
                    + "image, which OpenJPEG does not read); skipped"
            ])
    }
}
