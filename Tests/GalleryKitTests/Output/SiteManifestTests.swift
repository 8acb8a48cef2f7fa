import Foundation
import Testing

@testable import GalleryKit

/// The manifest of a site folder: what it holds, checked with one `lstat` per entry.
@Suite struct SiteManifestTests {
    func folder() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "galleryc-manifest-\(UUID().uuidString)")
        for path in ["a/index.html", "a/b/index.html", "assets/x.css"] {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(path.utf8).write(to: url)
        }
        try Data("marker".utf8).write(to: root.appendingPathComponent(OutputWriter.markerFileName))
        return root
    }

    func record(_ root: URL) throws -> SiteManifest {
        try #require(
            SiteManifest.recording(
                root, output: URL(fileURLWithPath: "/out"),
                fingerprints: ["a/index.html": "fa", "a/b/index.html": "fb", "assets/x.css": "fx"],
                needs: ["a/index.html": ["assets/x.css"]], trusted: nil))
    }

    @Test func itRoundTripsThroughItsBytes() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let manifest = try record(root)
        #expect(SiteManifest(bytes: manifest.bytes) == manifest)
        #expect(manifest.folders.keys.sorted() == ["", "a", "a/b", "assets"])
        #expect(manifest.output == "/out")
        #expect(SiteManifest(bytes: Array(manifest.bytes.dropLast())) == nil)
    }

    /// The folder at `root` recorded, then checked against its manifest as a rebuild checks its
    /// recycled folder; a moment later, so that what the caller edits next gets a later time.
    func checked(_ root: URL) async throws -> (trusted: TrustedSite, workers: WorkerPool) {
        let workers = WorkerPool(workers: 2)
        let trusted = try #require(await record(root).verify(in: root, workers: workers))
        try await Task.sleep(for: .milliseconds(10))
        return (trusted, workers)
    }

    /// A rebuild's manifest starts from the checked one and records again only what differs;
    /// compared side by side on workers or one by one, it is the same manifest, and the same
    /// as one recorded from scratch.
    @Test func aRebuildsManifestIsTheSameHoweverItIsCompared() async throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let (trusted, workers) = try await checked(root)
        try Data("edited".utf8).write(to: root.appendingPathComponent("a/index.html"))
        let fingerprints = ["a/index.html": "fa2", "a/b/index.html": "fb", "assets/x.css": "fx"]
        let needs = ["a/index.html": ["assets/x.css"], "a/b/index.html": ["assets/x.css"]]
        let output = URL(fileURLWithPath: "/out")
        let alone = SiteManifest.recording(
            root, output: output, fingerprints: fingerprints, needs: needs, trusted: trusted)
        let sideBySide = Locked<SiteManifest?>(nil)
        let group = workers.makeGroup()
        group.add {
            let made = SiteManifest.recording(
                root, output: output, fingerprints: fingerprints, needs: needs, trusted: trusted,
                workers: workers)
            sideBySide.withLock { $0 = made }
        }
        await group.finished()
        let fresh = SiteManifest.recording(
            root, output: output, fingerprints: fingerprints, needs: needs, trusted: nil)
        #expect(alone != nil)
        #expect(sideBySide.withLock { $0 } == alone)
        #expect(fresh == alone)
        #expect(alone?.files["a/index.html"]?.fingerprint == "fa2")
        #expect(alone?.files["a/b/index.html"]?.needs == ["assets/x.css"])
    }

    /// A file added in a new folder and a folder emptied change the times of the folders
    /// above them: the next check finds the folder exactly as recorded.
    @Test func foldersMadeOrEmptiedAreRecordedUpToTheRoot() async throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let (trusted, workers) = try await checked(root)
        try FileManager.default.removeItem(at: root.appendingPathComponent("a/b"))
        let added = root.appendingPathComponent("c/d/new.html")
        try FileManager.default.createDirectory(
            at: added.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("new".utf8).write(to: added)
        let next = try #require(
            SiteManifest.recording(
                root, output: URL(fileURLWithPath: "/out"),
                fingerprints: ["a/index.html": "fa", "assets/x.css": "fx", "c/d/new.html": "fn"],
                needs: ["a/index.html": ["assets/x.css"]], trusted: trusted))
        let again = try #require(await next.verify(in: root, workers: workers))
        #expect(again.isIntact)
        #expect(again.allPaths.sorted() == ["a/index.html", "assets/x.css", "c/d/new.html"])
    }

    @Test func whatIsUntouchedIsTrustedAndWhatChangedIsNot() async throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let manifest = try record(root)
        let workers = WorkerPool(workers: 2)
        let clean = try #require(await manifest.verify(in: root, workers: workers))
        #expect(clean.allPaths.sorted() == ["a/b/index.html", "a/index.html", "assets/x.css"])
        #expect(clean.unknown.isEmpty)
        #expect(clean.keeps("a/index.html", fingerprint: "fa"))
        #expect(!clean.keeps("a/index.html", fingerprint: "other"))
        // Edited (a later time), removed, and a stray file beside them.
        try await Task.sleep(for: .milliseconds(10))
        try Data("edited".utf8).write(to: root.appendingPathComponent("a/index.html"))
        try FileManager.default.removeItem(at: root.appendingPathComponent("assets/x.css"))
        try Data("stray".utf8).write(to: root.appendingPathComponent("a/b/stray.html"))
        let touched = try #require(await manifest.verify(in: root, workers: workers))
        #expect(touched.unknown == ["a/index.html", "a/b/stray.html"])
        // A page whose stylesheet is gone cannot be kept, even were the page untouched.
        #expect(!touched.keeps("a/index.html", fingerprint: "fa"))
        // Trusted or unknown, each once; the removed file is neither.
        #expect(touched.allPaths.sorted() == ["a/b/index.html", "a/b/stray.html", "a/index.html"])
    }
}
