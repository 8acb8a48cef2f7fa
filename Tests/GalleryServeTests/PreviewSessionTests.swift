import Foundation
import GalleryKit
import Synchronization
import Testing

@testable import GalleryServe

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct PreviewSessionTests {
    /// A stand-in for the real build: `content/page.txt` becomes `public/index.html`; a page
    /// containing BROKEN fails with a diagnostic and leaves the last good output in place.
    /// Writes page.txt's text as the site; fails on "BROKEN"; on "EARLY", says the site is in
    /// place at once, then takes 3 s more before it returns (a build's bookkeeping).
    static func build(content: URL, site: URL) -> PreviewSession.Build {
        { _, early in
            let text =
                (try? String(contentsOf: content.appendingPathComponent("page.txt"), encoding: .utf8)) ?? ""
            if text.contains("BROKEN") {
                return .failed([
                    Diagnostic(.error, SourceLocation(file: "page.txt", line: 1), "page is broken")
                ])
            }
            try? FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
            try? Data("<html><body>\(text)</body></html>".utf8).write(
                to: site.appendingPathComponent("index.html"), options: .atomic)
            if text.contains("EARLY") {
                early(.built())
                try? await Task.sleep(for: .seconds(3))
            }
            return .built()
        }
    }

    @Test func editsRebuildAndReachOpenPages() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "session-\(UUID().uuidString)"
        )
        .resolvingSymlinksInPath()
        let content = root.appendingPathComponent("content")
        let site = root.appendingPathComponent("public")
        try FileManager.default.createDirectory(at: content, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let page = content.appendingPathComponent("page.txt")
        try Data("version-one".utf8).write(to: page)

        let options = PreviewServerOptions(port: 0, siteDirectory: site, watchDirectories: [content])
        let session = PreviewSession(options: options, build: Self.build(content: content, site: site))
        let url = Mutex<String?>(nil)
        let (stopSignal, stopper) = AsyncStream.makeStream(of: Int32.self)
        let running = Task {
            try await session.run(onReady: { address in url.withLock { $0 = address } }) {
                for await code in stopSignal { return code }
                return 0
            }
        }
        var port = 0
        for _ in 0..<500 where port == 0 {
            if let address = url.withLock({ $0 }), let last = address.split(separator: ":").last {
                port = Int(last.dropLast()) ?? 0
            }
            try await Task.sleep(for: .milliseconds(10))
        }
        let client = RawHTTPClient(port: port)
        var first = try await client.fetch("GET", "/")
        for _ in 0..<200 where !first.text.contains("version-one") {
            try await Task.sleep(for: .milliseconds(20))
            first = try await client.fetch("GET", "/")
        }
        #expect(first.status == 200 && first.text.contains("version-one"))

        let stream = try client.connectSocket()
        defer { close(stream) }
        RawHTTPClient.send("GET /_galleryc/events HTTP/1.1\r\nHost: localhost\r\n\r\n", on: stream)
        _ = try await RawHTTPClient.awaitText(stream, until: "retry:")

        try Data("version-two".utf8).write(to: page, options: .atomic)  // save by rename
        #expect(try await RawHTTPClient.awaitText(stream, until: "event: reload").contains("event: reload"))
        #expect(try await client.fetch("GET", "/").text.contains("version-two"))

        try Data("BROKEN".utf8).write(to: page)
        #expect(try await RawHTTPClient.awaitText(stream, until: "page is broken").contains("event: error"))
        #expect(try await client.fetch("GET", "/").text.contains("version-two"))

        try Data("version-three".utf8).write(to: page)
        #expect(try await RawHTTPClient.awaitText(stream, until: "event: ok").contains("event: ok"))

        // Open pages are told as soon as the build says the site is in place, not when its
        // bookkeeping ends; and once: the outcome it returns is not told again.
        let saved = ContinuousClock.now
        try Data("version-early EARLY".utf8).write(to: page)
        #expect(try await RawHTTPClient.awaitText(stream, until: "event: reload").contains("event: reload"))
        #expect(ContinuousClock.now - saved < .milliseconds(2_500), "told before the build returned")
        try await Task.sleep(for: .milliseconds(3_500))
        try Data("version-four".utf8).write(to: page)
        #expect(try await RawHTTPClient.awaitText(stream, until: "event: reload").contains("event: reload"))
        #expect(try await client.fetch("GET", "/").text.contains("version-four"), "one reload per build")

        stopper.yield(SIGINT)
        #expect(try await running.value == SIGINT)
        #expect(throws: (any Error).self) { _ = try RawHTTPClient(port: port).request("GET", "/") }
    }

    /// Issue: replacing the content folder (`mv new content`, `rm -rf content && cp -r ...`)
    /// left no watches, and the old site was served until a restart.
    @Test(arguments: FileWatcherTests.Replacement.allCases)
    func aReplacedContentFolderIsRebuiltAndServed(_ replacement: FileWatcherTests.Replacement) async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "session-\(UUID().uuidString)"
        )
        .resolvingSymlinksInPath()
        let content = root.appendingPathComponent("content")
        let site = root.appendingPathComponent("public")
        let new = root.appendingPathComponent("new")
        for folder in [content, new] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        defer { try? FileManager.default.removeItem(at: root) }
        try Data("version-one".utf8).write(to: content.appendingPathComponent("page.txt"))
        try Data("replaced-folder".utf8).write(to: new.appendingPathComponent("page.txt"))

        let options = PreviewServerOptions(port: 0, siteDirectory: site, watchDirectories: [content])
        let session = PreviewSession(options: options, build: Self.build(content: content, site: site))
        let url = Mutex<String?>(nil)
        let (stopSignal, stopper) = AsyncStream.makeStream(of: Int32.self)
        let running = Task {
            try await session.run(onReady: { address in url.withLock { $0 = address } }) {
                for await code in stopSignal { return code }
                return 0
            }
        }
        var port = 0
        for _ in 0..<500 where port == 0 {
            if let address = url.withLock({ $0 }), let last = address.split(separator: ":").last {
                port = Int(last.dropLast()) ?? 0
            }
            try await Task.sleep(for: .milliseconds(10))
        }
        let client = RawHTTPClient(port: port)
        var page = try await client.fetch("GET", "/")
        for _ in 0..<200 where !page.text.contains("version-one") {
            try await Task.sleep(for: .milliseconds(20))
            page = try await client.fetch("GET", "/")
        }
        #expect(page.text.contains("version-one"))

        try replacement.apply(root: content, with: new)
        for _ in 0..<250 where !page.text.contains("replaced-folder") {
            try await Task.sleep(for: .milliseconds(20))
            page = try await client.fetch("GET", "/")
        }
        #expect(page.text.contains("replaced-folder"), "the new folder was never built")
        // And the new folder is watched: an edit in it rebuilds too.
        try Data("edited-after".utf8).write(to: content.appendingPathComponent("page.txt"))
        for _ in 0..<250 where !page.text.contains("edited-after") {
            try await Task.sleep(for: .milliseconds(20))
            page = try await client.fetch("GET", "/")
        }
        #expect(page.text.contains("edited-after"), "an edit in the new folder was not seen")

        stopper.yield(SIGINT)
        #expect(try await running.value == SIGINT)
    }

    @Test func beforeTheFirstBuildPagesWaitWithTheLiveReloadScript() async throws {
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent(
            "none-\(UUID().uuidString)")
        let server = try PreviewServer(options: PreviewServerOptions(port: 0, siteDirectory: missing))
        defer { server.stop() }
        let response = try await RawHTTPClient(port: server.port).fetch("GET", "/")
        #expect(response.status == 503)
        #expect(response.text.contains("/_galleryc/live.js"))
    }
}
