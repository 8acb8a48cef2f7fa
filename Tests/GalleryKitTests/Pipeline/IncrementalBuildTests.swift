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

    /// travel/tower.md with `title` and `extra` front matter.
    static func tower(_ title: String, _ extra: String = "") -> String {
        "---\ntitle: \"\(title)\"\nalt: \"A red square in the corner of a green field\"\n\(extra)---\n"
    }

    /// travel/index.md with `title` and `extra` front matter.
    static func travel(title: String = "Travel", _ extra: String = "") -> String {
        "---\ntitle: \"\(title)\"\ndate: 2024-06-01\ncover: tower.jpg\n\(extra)---\n\nTwo photos.\n"
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
            try sandbox.put("travel/index.md", travel(title: "Journeys"))
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
            try sandbox.put("travel/tower.md", tower("The tower", "place: Pisa, Italy\n"))
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
        // What a photo page prints of the other photos: the next photo's title, the stylesheet
        // made from every photo's values, the order, the album page that lists it.
        Edit(name: "a neighbour's title") { sandbox in
            try sandbox.put("travel/tower.md", tower("The leaning tower"))
        },
        Edit(name: "a focus point") { sandbox in
            try sandbox.put("travel/tower.md", tower("The tower", "focus: 0.2 0.8\n"))
        },
        Edit(name: "an album's order") { sandbox in
            try sandbox.put("travel/index.md", travel("sort: -name\n"))
        },
        Edit(name: "an album in pages") { sandbox in
            try sandbox.put("travel/index.md", travel("page_size: 1\n"))
        },
        Edit(name: "an untitled photo's neighbour") { sandbox in
            try FileManager.default.removeItem(at: sandbox.content.appendingPathComponent("travel/tower.md"))
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

    /// A caption edit renders its photo's page, its neighbours' (they name it) and its album's,
    /// not the album's other photo pages nor the rest of the site; and what every photo page
    /// prints of the others (their shared stylesheet, the album's count) still reaches them.
    @Test func aCaptionRendersItsPhotoItsNeighboursAndItsAlbum() async throws {
        let sandbox = try BuildSandbox(copying: BuildSandbox.tinySite)
        // Five photos by name: harbour, pier, quay, sail, tower.
        for (name, width) in [("pier", 40), ("quay", 44), ("sail", 52)] {
            try sandbox.put("travel/\(name).jpg", bytes: try ImageTestSupport.jpeg(width: width, height: 30))
            try sandbox.put("travel/\(name).md", "---\ntitle: \"The \(name)\"\n---\n\nAs it was.\n")
        }
        let cache = sandbox.root.appendingPathComponent("cache")
        /// Builds after an edit, then checks the site against a full build of the same content,
        /// and lets the other site folder catch up; answers how many pages the first build rendered.
        func rebuild(after edit: () throws -> Void) async throws -> Int? {
            try edit()
            let outcome = await sandbox.build(keepGoing: true, cache: cache)
            let full = sandbox.root.appendingPathComponent("full-\(UUID().uuidString)")
            _ = await sandbox.build(keepGoing: true, output: full)
            try DeterminismTests.expectIdentical(sandbox.output, full)
            for _ in 0..<2 { _ = await sandbox.build(keepGoing: true, cache: cache) }
            return outcome.summary?.renderedPageCount
        }
        for _ in 0..<3 { _ = await sandbox.build(cache: cache) }
        // travel/ and the pages of pier, quay and sail.
        #expect(
            try await rebuild {
                try sandbox.put("travel/quay.md", "---\ntitle: \"The quay\"\n---\n\nAs it *is*.\n")
            }
                == 4)
        // The first photo's title: its page, the one after it, the album's (its list).
        #expect(
            try await rebuild {
                try sandbox.put(
                    "travel/harbour.md",
                    "---\ntitle: \"The old harbour\"\nalt: \"Blue water over a yellow quay, with a white sun\"\n---\n"
                )
            } == 3)
        // The first photo's focus is in the stylesheet the last photo's page links.
        _ = try await rebuild {
            try sandbox.put(
                "travel/harbour.md",
                "---\ntitle: \"The old harbour\"\nalt: \"Blue water over a yellow quay, with a white sun\"\n"
                    + "focus: 0.1 0.9\n---\n")
        }
        // A photo that cannot be read is left out (`--keep-going`): every page counts one fewer.
        _ = try await rebuild { try sandbox.put("travel/quay.jpg", bytes: Array("not a JPEG".utf8)) }
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

    /// The preview server's session keeps the manifests in memory, the image stage's output
    /// while only Markdown changes, and the renderer's values album by album (``RenderMemo``):
    /// the same holds there, after every kind of edit in a row, each told to the session as
    /// the file watcher tells it, and in the build after (which takes every kept value again).
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
        var files = try FileTree.contents(of: sandbox.content)
        for edit in Self.edits {
            try edit.apply(sandbox)
            let edited = try FileTree.contents(of: sandbox.content)
            let changed = Set(files.keys).union(edited.keys).filter { files[$0] != edited[$0] }
            files = edited
            session.noteChanges(Set(changed.map { sandbox.content.appendingPathComponent($0).path }))
            let summary = try await build()
            #expect((summary.renderedPageCount ?? 0) > 0, "\(edit.name)")
            let full = sandbox.root.appendingPathComponent("full-\(UUID().uuidString)")
            #expect(await sandbox.build(output: full).succeeded)
            try DeterminismTests.expectIdentical(sandbox.output, full)
            session.noteChanges([])
            _ = try await build()
            try DeterminismTests.expectIdentical(sandbox.output, full)
            try FileManager.default.removeItem(at: full)
        }
    }
}
