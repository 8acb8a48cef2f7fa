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

    /// The index's files, by path, with their modification times.
    static func indexTimes(_ sandbox: BuildSandbox) throws -> [String: Date] {
        var times: [String: Date] = [:]
        for path in Self.searchFiles(sandbox) where path.hasSuffix(".json") {
            let url = sandbox.output.appendingPathComponent(path)
            times[path] = try url.resourceValues(forKeys: [.contentModificationDateKey])
                .contentModificationDate
        }
        return times
    }

    /// A rebuild that changes nothing the index is made from keeps its files (they are not
    /// made or written again); a caption's new word is in the next one, as a full build has it.
    @Test func theIndexIsKeptUntilWhatItIsMadeFromChanges() async throws {
        let sandbox = try BuildSandbox(copying: BuildSandbox.tinySite)
        let cache = sandbox.root.appendingPathComponent("cache")
        for _ in 0..<3 { _ = await sandbox.build(cache: cache) }
        let started = Date()
        #expect(await sandbox.build(cache: cache).succeeded)
        let times = try Self.indexTimes(sandbox)
        #expect(times.count > 3 && times.keys.contains("search/meta.json"), "\(times.keys.sorted())")
        #expect(times.values.allSatisfy { $0 < started }, "\(times)")
        try sandbox.put(
            "travel/harbour.md", "---\ntitle: \"The harbour\"\nalt: \"Blue water\"\n---\n\nBoats *asleep*.\n")
        #expect(await sandbox.build(cache: cache).succeeded)
        let terms = try Self.read(sandbox, "search/t-as.json")
        #expect(terms.contains("\"asleep\""), "\(terms)")
        let full = sandbox.root.appendingPathComponent("full")
        #expect(await sandbox.build(output: full).succeeded)
        try DeterminismTests.expectIdentical(sandbox.output, full)
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
