import Foundation
import Testing

@testable import GalleryKit

/// Search through the whole build: on by default (the header's field on every page but photo
/// pages, `search/` with its index and script); `search: false` publishes none of it; an
/// album already at `search/` keeps its URL, with a warning naming site.yml.
@Suite struct SearchBuildTests {
    static func read(_ sandbox: BuildSandbox, _ path: String) throws -> String {
        try String(contentsOf: sandbox.output.appendingPathComponent(path), encoding: .utf8)
    }

    static func searchFiles(_ sandbox: BuildSandbox) -> [String] {
        FileTree.files(in: sandbox.output).filter {
            $0.hasPrefix("search/") || $0.hasPrefix("assets/search.")
        }
    }

    @Test func onByDefault() async throws {
        let sandbox = try BuildSandbox(copying: BuildSandbox.tinySite)
        let outcome = await sandbox.build()
        #expect(outcome.succeeded, "\(outcome.rendered)")
        let files = Self.searchFiles(sandbox)
        #expect(files.contains("search/index.html") && files.contains("search/meta.json"))
        #expect(files.contains { $0.hasPrefix("assets/search.") && $0.hasSuffix(".js") })
        #expect(try Self.read(sandbox, "index.html").contains("<form class=\"site-search\" role=\"search\""))
        #expect(try !Self.read(sandbox, "index.html").contains("assets/search."))
        #expect(try Self.read(sandbox, "search/index.html").contains("assets/search."))
    }

    @Test func searchFalsePublishesNoneOfIt() async throws {
        let sandbox = try BuildSandbox(copying: BuildSandbox.tinySite)
        let site = try String(contentsOf: sandbox.content.appendingPathComponent("site.yml"), encoding: .utf8)
        try sandbox.put("site.yml", site + "search: false\n")
        let outcome = await sandbox.build()
        #expect(outcome.succeeded, "\(outcome.rendered)")
        #expect(Self.searchFiles(sandbox) == [])
        #expect(try !Self.read(sandbox, "index.html").contains("site-search"))
    }

    @Test func anAlbumAtSearchKeepsItsURL() async throws {
        let sandbox = try BuildSandbox(copying: BuildSandbox.tinySite)
        try sandbox.put("search/index.md", "---\ntitle: The search for light\n---\n")
        try sandbox.put("search/lamp.jpg", bytes: try ImageTestSupport.jpeg(width: 64, height: 40))
        try sandbox.put("search/lamp.md", "---\nalt: A lamp\n---\n")
        let outcome = await sandbox.build()
        #expect(outcome.succeeded, "\(outcome.rendered)")
        #expect(
            outcome.rendered.contains {
                $0.hasPrefix("site.yml: warning: /search/ is a page or album of the site")
            }, "\(outcome.rendered)")
        #expect(try Self.read(sandbox, "search/index.html").contains("The search for light"))
        #expect(
            !FileManager.default.fileExists(
                atPath: sandbox.output.appendingPathComponent("search/meta.json").path))
        #expect(try !Self.read(sandbox, "index.html").contains("site-search"))
    }
}
