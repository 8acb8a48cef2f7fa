import Foundation
import Testing

@testable import GalleryKit

/// Renders the fixture site with the real theme and compares every HTML and XML file byte for
/// byte with Tests/Fixtures/golden/site/. Run with `GALLERYC_RECORD_GOLDENS=1` to record new
/// goldens; that run always fails, so a new baseline is never accepted silently.
@Suite struct GoldenSiteTests {
    static var goldenFolder: URL {
        RenderFixture.repositoryRoot.appendingPathComponent("Tests/Fixtures/golden/site")
    }

    @Test func renderedSiteMatchesTheGoldenFiles() throws {
        let rendered = try RenderFixture.render().filter { path, _ in
            path.hasSuffix(".html") || path.hasSuffix(".xml")
        }
        if ProcessInfo.processInfo.environment["GALLERYC_RECORD_GOLDENS"] == "1" {
            try record(rendered)
            Issue.record(
                "Recorded \(rendered.count) golden files in Tests/Fixtures/golden/site; review them, then run again without GALLERYC_RECORD_GOLDENS"
            )
            return
        }
        let goldenPaths = try Self.listGoldens()
        #expect(Set(rendered.keys) == Set(goldenPaths), "the set of rendered files changed")
        for path in rendered.keys.sorted() where goldenPaths.contains(path) {
            let golden = try Data(contentsOf: Self.goldenFolder.appendingPathComponent(path))
            let actual = Data((rendered[path] ?? "").utf8)
            #expect(
                actual == golden,
                "\(path) differs from its golden file: \(Self.firstDifference(actual, golden))")
        }
    }

    private func record(_ files: [String: String]) throws {
        let manager = FileManager.default
        try? manager.removeItem(at: Self.goldenFolder)
        for (path, text) in files {
            let url = Self.goldenFolder.appendingPathComponent(path)
            try manager.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
    }

    private static func listGoldens() throws -> [String] {
        let root = goldenFolder.standardizedFileURL.path
        guard let enumerator = FileManager.default.enumerator(atPath: root) else { return [] }
        var paths: [String] = []
        while let relative = enumerator.nextObject() as? String {
            var isDirectory: ObjCBool = false
            let exists = FileManager.default.fileExists(
                atPath: root + "/" + relative, isDirectory: &isDirectory)
            if exists && !isDirectory.boolValue { paths.append(relative) }
        }
        return paths.sorted()
    }

    /// `line 12: expected "<p>…" got "<p>…"`, to find a change without a diff tool.
    private static func firstDifference(_ actual: Data, _ golden: Data) -> String {
        let actualLines = String(decoding: actual, as: UTF8.self).split(
            separator: "\n", omittingEmptySubsequences: false)
        let goldenLines = String(decoding: golden, as: UTF8.self).split(
            separator: "\n", omittingEmptySubsequences: false)
        for index in 0..<max(actualLines.count, goldenLines.count) {
            let got = index < actualLines.count ? String(actualLines[index]) : "<end of file>"
            let want = index < goldenLines.count ? String(goldenLines[index]) : "<end of file>"
            if got != want { return "line \(index + 1): expected \"\(want)\", got \"\(got)\"" }
        }
        return "same lines, different bytes"
    }
}
