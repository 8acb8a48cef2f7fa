import Foundation
import Testing

@testable import GalleryKit

/// What the walk skips and how it classifies files and folders.
@Suite struct ContentWalkTests {
    @Test func skipsDotFilesTemplatesAndReportsOtherFiles() throws {
        let content = try TemporaryContent([
            ".git/config": "", ".DS_Store": "", "templates/page.html": "", "a/.hidden.jpg": "",
            "a/1.jpg": "", "a/raw.NEF": "", "a/clip.mp4": "", "a/notes.txt": "", "a/scan.tif": "",
            "a/scan.md": "",
        ])
        let (site, diagnostics) = try content.load()
        #expect(site.root.albums.map(\.sourcePath) == ["a"])
        #expect(site.root.albums.first?.photos.map(\.fileName) == ["1.jpg", "clip.mp4", "raw.NEF"])
        #expect(site.root.albums.first?.photos.map(\.isVideo) == [false, true, false])
        #expect(site.pages.isEmpty)
        #expect(
            diagnostics.rendered == [
                ".: warning: 1 file skipped as neither photo, page nor sidecar: 1 .txt (--verbose lists them)",
                "a/notes.txt: note: not a photo, page or site.yml; skipped",
                "a/scan.md: note: metadata for 'scan.tif', which is skipped; ignored",
                "a/scan.tif: warning: unsupported image format TIF; skipped",
            ])
    }

    /// A RAW+JPEG pair (same name, same folder) is one photo, the JPEG by default; the pair's
    /// other sidecar (darktable's `name.NEF.xmp`) describes it too. A clip of the same name is
    /// not part of a pair; with `images.raw: off` a RAW is skipped with a note.
    @Test func aRAWAndJPEGPairIsOnePhoto() throws {
        let files = [
            "a/DSC_1.NEF": "", "a/DSC_1.JPG": "", "a/DSC_1.NEF.xmp": "", "a/DSC_2.NEF": "", "a/DSC_2.mp4": "",
            "a/DSC_3.jpg": "",
        ]
        let content = try TemporaryContent(files)
        let (site, diagnostics) = try content.load()
        let album = try #require(site.root.albums.first)
        #expect(album.photos.map(\.fileName) == ["DSC_1.JPG", "DSC_2.mp4", "DSC_2.NEF", "DSC_3.jpg"])
        #expect(album.photos.first?.xmpSidecarPath == "a/DSC_1.NEF.xmp")
        #expect(
            diagnostics.rendered.contains(
                "a: note: 1 RAW+JPEG pair (same name): each is one photo, shown from its JPEG (images.raw_pairs)"
            ))

        let preferRAW = try TemporaryContent(
            files.merging(["site.yml": "images:\n  raw_pairs: raw\n"]) { a, _ in a })
        let raw = try #require(try preferRAW.load().0.root.albums.first)
        #expect(raw.photos.map(\.fileName) == ["DSC_1.NEF", "DSC_2.mp4", "DSC_2.NEF", "DSC_3.jpg"])
        #expect(raw.photos.first?.xmpSidecarPath == "a/DSC_1.NEF.xmp")

        let off = try TemporaryContent(files.merging(["site.yml": "images:\n  raw: off\n"]) { a, _ in a })
        let (offSite, offDiagnostics) = try off.load()
        #expect(offSite.root.albums.first?.photos.map(\.fileName) == ["DSC_1.JPG", "DSC_2.mp4", "DSC_3.jpg"])
        #expect(
            offDiagnostics.rendered.contains(
                "a/DSC_2.NEF: note: a camera RAW file, skipped: site.yml says 'images.raw: off'"))
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
