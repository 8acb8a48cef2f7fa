import Foundation
import Testing

@testable import GalleryKit

/// Content that broke a build once (issue 9): each case fails without its fix.
@Suite struct HostileContentTests {
    /// A stale file under a one-character folder crashed the third build with the same cache
    /// (SIGILL in NSString.deletingLastPathComponent): albums `a`, `1`, `é`, page `q.md`.
    @Test(arguments: [("a", "a"), ("1", "1"), ("é", "e")])
    func staleFilesUnderOneCharacterFoldersAreRemoved(album: String, slug: String) async throws {
        let box = try BuildSandbox()
        let cache = box.root.appendingPathComponent("cache")
        try box.put("\(album)/keep.jpg", bytes: try ImageTestSupport.jpeg(width: 24, height: 16))
        try box.put("\(album)/gone.jpg", bytes: try ImageTestSupport.jpeg(width: 16, height: 24))
        try box.put("q.md", "---\ntitle: Q\n---\nA page.\n")
        for _ in 0..<2 { #expect(await box.build(cache: cache).succeeded) }
        try FileManager.default.removeItem(at: box.content.appendingPathComponent("\(album)/gone.jpg"))
        try FileManager.default.removeItem(at: box.content.appendingPathComponent("q.md"))
        let third = await box.build(cache: cache)
        #expect(third.succeeded, "\(third.rendered)")
        let files = FileTree.files(in: box.output)
        #expect(files.contains("\(slug)/keep/index.html"))
        #expect(!files.contains { $0.hasPrefix("\(slug)/gone") || $0.hasPrefix("q/") })
    }

    /// `café.jpg` in NFC and NFD (after a copy from a Mac) crashed every build ("Duplicate
    /// values for key"); now the second is an error naming it, and the first is built.
    @Test func namesThatDifferOnlyInNormalisationAreReported() async throws {
        let box = try BuildSandbox()
        let nfc = "caf\u{E9}.jpg"
        let nfd = "cafe\u{301}.jpg"
        try box.put("a/" + nfc, bytes: try ImageTestSupport.jpeg(width: 16, height: 16))
        let nfdURL = box.content.appendingPathComponent("a").path + "/" + nfd
        #expect(
            FileManager.default.createFile(
                atPath: nfdURL, contents: Data(try ImageTestSupport.jpeg(width: 8, height: 8))))
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: box.content.appendingPathComponent("a").path)
                .count == 2)
        let outcome = await box.build()
        #expect(!outcome.succeeded)
        let errors = outcome.diagnostics.filter { $0.severity == .error }
        #expect(errors.count == 1)
        #expect(
            errors.first?.message.contains("two Unicode normalisations (this one is NFC") == true, "\(errors)"
        )
    }

    /// A symlink out of the content folder (a file, a folder, `/`) published what it pointed
    /// to; now each is refused with a warning naming it and its target, and nothing of it
    /// reaches the site. Loops and broken links are reported too.
    @Test func linksOutOfTheContentFolderAreRefused() async throws {
        let box = try BuildSandbox()
        let secret = box.root.appendingPathComponent("secret")
        try FileManager.default.createDirectory(at: secret, withIntermediateDirectories: true)
        try Data("---\ntitle: Secret\n---\nroot:x:0:0\n".utf8).write(
            to: secret.appendingPathComponent("passwd.md"))
        try box.put("a/keep.jpg", bytes: try ImageTestSupport.jpeg(width: 16, height: 16))
        let manager = FileManager.default
        let content = box.content.path
        try manager.createSymbolicLink(
            atPath: content + "/passwd.md", withDestinationPath: secret.path + "/passwd.md")
        try manager.createSymbolicLink(atPath: content + "/stolen", withDestinationPath: secret.path)
        try manager.createSymbolicLink(atPath: content + "/root", withDestinationPath: "/")
        try manager.createSymbolicLink(
            atPath: content + "/gone.jpg", withDestinationPath: content + "/nowhere.jpg")
        try manager.createSymbolicLink(
            atPath: content + "/loop.jpg", withDestinationPath: content + "/loop.jpg")
        try manager.createSymbolicLink(atPath: content + "/a/again", withDestinationPath: content + "/a")
        let outcome = await box.build()
        #expect(outcome.succeeded, "\(outcome.rendered)")
        let warnings = outcome.rendered.filter { $0.contains("warning:") }
        #expect(
            warnings.contains(
                "passwd.md: warning: a link to \(secret.path)/passwd.md, outside the content folder; skipped (--follow-links publishes what links point to)"
            ))
        #expect(warnings.contains { $0.hasPrefix("stolen: warning: a link to \(secret.path), outside") })
        #expect(warnings.contains { $0.hasPrefix("root: warning: a link to /, outside") })
        #expect(warnings.contains { $0.hasPrefix("gone.jpg: warning: a broken link (to ") })
        #expect(
            warnings.contains(
                "loop.jpg: warning: a loop of links (this one points to \(content)/loop.jpg); skipped"))
        #expect(
            warnings.contains(
                "a/again: warning: a link to a folder that is already part of the site (a); skipped"))
        let site = try FileTree.contents(of: box.output)
        #expect(!site.values.contains { String(decoding: $0, as: UTF8.self).contains("root:x:0:0") })
        #expect(
            !site.keys.contains { $0.hasPrefix("stolen") || $0.hasPrefix("passwd") || $0.hasPrefix("root") })
    }

    /// `--follow-links` publishes what links point to, but never walks a folder that holds the
    /// content folder (`/` would walk the whole file system, /proc included).
    @Test func followLinksPublishesLinkedFilesButNeverAFolderAroundTheContent() async throws {
        let box = try BuildSandbox()
        let shared = box.root.appendingPathComponent("shared-photos")
        try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: true)
        try Data(try ImageTestSupport.jpeg(width: 16, height: 16)).write(
            to: shared.appendingPathComponent("p.jpg"))
        try FileManager.default.createSymbolicLink(
            atPath: box.content.path + "/trip", withDestinationPath: shared.path)
        try FileManager.default.createSymbolicLink(
            atPath: box.content.path + "/root", withDestinationPath: "/")
        let outcome = await box.build(followLinks: true)
        #expect(outcome.succeeded, "\(outcome.rendered)")
        #expect(FileTree.files(in: box.output).contains("trip/p/index.html"))
        #expect(
            outcome.rendered.contains(
                "root: warning: a link to /, which holds the content folder; never followed"))
    }

    /// A Latin-1 name (`caf\xe9.jpg`) vanished without a word; now it is a warning that shows
    /// the name, escaped, and the rest builds.
    @Test func aNameThatIsNotUTF8IsReportedEscaped() async throws {
        let box = try BuildSandbox()
        try box.put("a/ok.jpg", bytes: try ImageTestSupport.jpeg(width: 16, height: 16))
        let folder = box.content.appendingPathComponent("a").path
        let latin1: [UInt8] = Array(folder.utf8) + Array("/caf".utf8) + [0xE9] + Array(".jpg".utf8)
        let descriptor = latin1.withUnsafeBufferPointer { buffer -> Int32 in
            let path = Array(buffer) + [0]
            return path.withUnsafeBufferPointer {
                open(
                    UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), O_CREAT | O_WRONLY,
                    0o644)
            }
        }
        #expect(descriptor >= 0)
        close(descriptor)
        let outcome = await box.build()
        #expect(outcome.succeeded, "\(outcome.rendered)")
        #expect(
            outcome.rendered.contains { $0.hasPrefix("a/caf\\xe9.jpg: warning: the name is not valid UTF-8") }
        )
    }

    /// A FIFO named like a page or site.yml made the build wait for a writer, or said
    /// "permission denied"; now it is "not a regular file", at once.
    @Test(arguments: ["page.md", "site.yml", "a/photo.jpg"])
    func aFIFOIsNotARegularFile(name: String) async throws {
        let box = try BuildSandbox()
        try box.put("a/ok.jpg", bytes: try ImageTestSupport.jpeg(width: 16, height: 16))
        #expect(mkfifo(box.content.appendingPathComponent(name).path, 0o644) == 0)
        let outcome = await box.build()
        #expect(!outcome.succeeded)
        #expect(
            outcome.rendered.contains(
                "\(name): error: not a regular file (a FIFO, device or socket); only files are read"))
    }

    /// Files that are not photos, pages or sidecars were notes only --verbose showed; now
    /// there is one warning counting them by kind. Edit sidecars are not counted (nor clips,
    /// which are album items now).
    @Test func skippedFilesAreCountedInOneWarning() async throws {
        let box = try BuildSandbox()
        try box.put("a/ok.jpg", bytes: try ImageTestSupport.jpeg(width: 16, height: 16))
        for name in ["a/x.psd", "a/y.psd", "a/notes.txt", "a/ok.xmp", "a/track.wav"] {
            try box.put(name, "x")
        }
        let outcome = await box.build()
        #expect(outcome.succeeded)
        #expect(
            outcome.rendered.contains(
                ".: warning: 4 files skipped as neither photo, page nor sidecar: 2 .psd, 1 .txt, 1 .wav (--verbose lists them)"
            ))
    }

    /// One unreadable photo meant no site at all; --keep-going publishes the rest, and the
    /// summary counts what was left out.
    @Test func keepGoingPublishesEverythingButTheBrokenFile() async throws {
        let box = try BuildSandbox()
        try box.put("a/ok.jpg", bytes: try ImageTestSupport.jpeg(width: 16, height: 16))
        try box.put("a/broken.jpg", bytes: Array(try ImageTestSupport.jpeg(width: 16, height: 16).prefix(40)))
        let strict = await box.build()
        #expect(!strict.succeeded)
        #expect((strict.error as? BuildFailed)?.filesCouldBeSkipped == true)
        #expect(!FileManager.default.fileExists(atPath: box.output.path))
        let lenient = await box.build(keepGoing: true)
        #expect(lenient.summary?.skippedErrorCount == 1)
        let files = FileTree.files(in: box.output)
        #expect(files.contains("a/ok/index.html"))
        #expect(!files.contains { $0.contains("broken") })
    }

    /// A YAML escape (`alt: "a\vb"`) reached feed.xml raw, which made it not well-formed, and
    /// the build exited 0. No published byte is a character HTML or XML forbids, and the page
    /// that had one is named.
    @Test func controlCharactersNeverReachAPublishedFile() async throws {
        let box = try BuildSandbox()
        try box.put("site.yml", "title: \"Bell\\a site\"\n")
        try box.put("a/index.md", "---\ntitle: \"Tab\\vbed\"\n---\nSome\u{1B}[1Atext.\n")
        try box.put("a/p.jpg", bytes: try ImageTestSupport.jpeg(width: 16, height: 16))
        try box.put("a/p.md", "---\nalt: \"a\\vb\"\ntitle: \"x\\x7Fy\"\n---\n")
        let outcome = await box.build()
        #expect(outcome.succeeded, "\(outcome.rendered)")
        for (path, bytes) in try FileTree.contents(of: box.output) where !path.hasPrefix("_img/") {
            let text = String(decoding: bytes, as: UTF8.self)
            #expect(!text.unicodeScalars.contains(where: ControlCharacters.isForbidden), "\(path)")
        }
        #expect(
            outcome.rendered.contains {
                $0.hasPrefix("feed: warning: ") && $0.contains("control characters removed")
            })
        let feed = try String(contentsOf: box.output.appendingPathComponent("feed.xml"), encoding: .utf8)
        #expect(feed.contains("<title>Bell site</title>") && feed.contains("Tabbed"))
    }
}
