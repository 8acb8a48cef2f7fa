import Foundation
import Testing

@testable import GalleryKit

/// A rebuild that keeps what did not change (the recycled site folder checked against its
/// manifest, pages kept by their fingerprints) gives the site a full build gives, byte for
/// byte, after every kind of edit; and it renders only the pages the edit touches.
@Suite struct IncrementalBuildTests {
    /// One edit of the content folder, applied to a sandbox.
    struct Edit: Sendable, CustomTestStringConvertible {
        let name: String
        let apply: @Sendable (BuildSandbox) throws -> Void
        var testDescription: String { name }
    }

    static let edits: [Edit] = [
        Edit(name: "a sidecar's caption") { sandbox in
            try sandbox.put(
                "travel/harbour.md",
                "---\ntitle: \"The harbour\"\nalt: \"Blue water over a yellow quay, with a white sun\"\n---\n\nBoats *asleep*.\n"
            )
        },
        Edit(name: "a photo's bytes") { sandbox in
            try sandbox.put("travel/tower.jpg", bytes: try ImageTestSupport.jpeg(width: 48, height: 64))
        },
        Edit(name: "an album's index.md") { sandbox in
            try sandbox.put(
                "travel/index.md",
                "---\ntitle: \"Journeys\"\ndate: 2024-06-01\ncover: tower.jpg\n---\n\nTwo photos.\n")
        },
        Edit(name: "site.yml") { sandbox in
            let url = sandbox.content.appendingPathComponent("site.yml")
            let text = try String(contentsOf: url, encoding: .utf8)
            try sandbox.put(
                "site.yml", text.replacingOccurrences(of: "Tiny & Golden", with: "Tiny & Renamed"))
        },
        Edit(name: "a template") { sandbox in
            let original = try String(
                contentsOf: BuildSandbox.theme.appendingPathComponent("404.mustache"), encoding: .utf8)
            try sandbox.put(
                "templates/404.mustache", original.replacingOccurrences(of: "</h1>", with: " (sorry)</h1>"))
        },
        Edit(name: "a deleted photo") { sandbox in
            try FileManager.default.removeItem(
                at: sandbox.content.appendingPathComponent("travel/harbour.jpg"))
            try FileManager.default.removeItem(
                at: sandbox.content.appendingPathComponent("travel/harbour.md"))
        },
        Edit(name: "a renamed album") { sandbox in
            try FileManager.default.moveItem(
                at: sandbox.content.appendingPathComponent("travel/night"),
                to: sandbox.content.appendingPathComponent("travel/evening"))
        },
        Edit(name: "a new photo") { sandbox in
            try sandbox.put("travel/pier.jpg", bytes: try ImageTestSupport.jpeg(width: 64, height: 40))
        },
        Edit(name: "a sidecar's place") { sandbox in
            try sandbox.put(
                "travel/tower.md",
                "---\ntitle: \"The tower\"\nalt: \"A red square in the corner of a green field\"\n"
                    + "place: Pisa, Italy\n---\n")
        },
        Edit(name: "places from GPS") { sandbox in
            let url = sandbox.content.appendingPathComponent("site.yml")
            let text = try String(contentsOf: url, encoding: .utf8)
            try sandbox.put("site.yml", text + "places: city\n")
            let gps = ImageBytes.app1(GPSCoordinatesTests.eiffel(bigEndian: false))
            try sandbox.put(
                "travel/pier.jpg",
                bytes: ImageBytes.splice(gps, into: try ImageTestSupport.jpeg(width: 64, height: 40)))
        },
        Edit(name: "a timeline") { sandbox in
            let url = sandbox.content.appendingPathComponent("site.yml")
            let text = try String(contentsOf: url, encoding: .utf8)
            try sandbox.put("site.yml", text + "timeline: true\n")
        },
        Edit(name: "a page") { sandbox in
            try sandbox.put("about.md", "---\ntitle: \"About us\"\n---\n\nNew words.\n")
        },
    ]

    /// Builds until the recycled folder has a manifest, edits, builds again (kept pages and
    /// all), and compares with a full build of the edited content into a new folder.
    @Test(arguments: edits)
    func aRebuildAfterAnEditIsTheFullBuild(_ edit: Edit) async throws {
        let sandbox = try BuildSandbox(copying: BuildSandbox.tinySite)
        let cache = sandbox.root.appendingPathComponent("cache")
        for _ in 0..<3 {
            let warm = await sandbox.build(cache: cache)
            #expect(warm.succeeded, "\(warm.rendered)")
        }
        let steady = await sandbox.build(cache: cache)
        #expect(steady.summary?.renderedPageCount == 0, "a rebuild with nothing changed renders nothing")
        try edit.apply(sandbox)
        let incremental = await sandbox.build(cache: cache)
        #expect(incremental.succeeded, "\(incremental.rendered)")
        #expect((incremental.summary?.renderedPageCount ?? 0) > 0, "the edit renders nothing")
        let full = sandbox.root.appendingPathComponent("full")
        let fresh = await sandbox.build(output: full)
        #expect(fresh.succeeded, "\(fresh.rendered)")
        try DeterminismTests.expectIdentical(sandbox.output, full)
        // The next rebuild recycles the other folder, made before the edit: it catches up on
        // the same pages, no more; the one after renders nothing.
        let again = await sandbox.build(cache: cache)
        #expect((again.summary?.renderedPageCount ?? .max) <= (incremental.summary?.renderedPageCount ?? 0))
        try DeterminismTests.expectIdentical(sandbox.output, full)
        let last = await sandbox.build(cache: cache)
        #expect(last.summary?.renderedPageCount == 0)
        try DeterminismTests.expectIdentical(sandbox.output, full)
    }

    /// A caption edit renders the pages of its album (each shows its photos, and neighbours),
    /// not the rest of the site.
    @Test func aCaptionRendersItsAlbumsPagesOnly() async throws {
        let sandbox = try BuildSandbox(copying: BuildSandbox.tinySite)
        let cache = sandbox.root.appendingPathComponent("cache")
        for _ in 0..<3 { _ = await sandbox.build(cache: cache) }
        try Edit(name: "caption", apply: Self.edits[0].apply).apply(sandbox)
        let outcome = await sandbox.build(cache: cache)
        let total = try #require(outcome.summary?.pageCount)
        let rendered = try #require(outcome.summary?.renderedPageCount)
        // travel/ and its two photo pages (the night album's pages, home and the rest stay).
        #expect(rendered == 3, "\(rendered) of \(total) pages rendered")
        #expect(total > 8)
    }

    /// A file of the kept site edited, removed or added by hand is noticed (its stamp, its
    /// folder's time) and the site is what a full build makes.
    @Test(arguments: ["edited", "removed", "added"])
    func aSiteFolderTouchedByHandIsRepaired(_ touch: String) async throws {
        let sandbox = try BuildSandbox(copying: BuildSandbox.tinySite)
        let cache = sandbox.root.appendingPathComponent("cache")
        for _ in 0..<3 { _ = await sandbox.build(cache: cache) }
        // The live site now becomes the spare of the build after next: touch both folders.
        for folder in [sandbox.output, cache.appendingPathComponent("site-spare")] {
            let page = folder.appendingPathComponent("travel/index.html")
            switch touch {
            case "edited": try Data("<p>edited by hand</p>".utf8).write(to: page)
            case "removed": try FileManager.default.removeItem(at: page)
            default: try Data("stray".utf8).write(to: folder.appendingPathComponent("travel/stray.html"))
            }
        }
        let full = sandbox.root.appendingPathComponent("full")
        _ = await sandbox.build(output: full)
        for _ in 0..<2 {
            let outcome = await sandbox.build(cache: cache)
            #expect(outcome.succeeded, "\(outcome.rendered)")
            try DeterminismTests.expectIdentical(sandbox.output, full)
        }
    }

    /// The preview server's session keeps the manifests in memory: the same holds there.
    @Test func aSessionRebuildAfterEditsIsTheFullBuild() async throws {
        let sandbox = try BuildSandbox(copying: BuildSandbox.tinySite)
        let cache = sandbox.root.appendingPathComponent("cache")
        let session = BuildSession()
        defer { session.close() }
        let options = BuildOptions(
            contentDirectory: sandbox.content, outputDirectory: sandbox.output,
            themeDirectory: BuildSandbox.theme,
            jobs: 2, now: BuildSandbox.now, cacheDirectory: cache)
        func build() async throws -> BuildSummary {
            try await SiteBuilder.build(
                options, session: session, diagnostics: DiagnosticCollector(), progress: { _ in })
        }
        for _ in 0..<3 { _ = try await build() }
        #expect(try await build().renderedPageCount == 0)
        for edit in Self.edits.prefix(3) {
            try edit.apply(sandbox)
            let summary = try await build()
            #expect((summary.renderedPageCount ?? 0) > 0, "\(edit.name)")
            let full = sandbox.root.appendingPathComponent("full-\(UUID().uuidString)")
            _ = await sandbox.build(output: full)
            try DeterminismTests.expectIdentical(sandbox.output, full)
        }
    }
}
