import Foundation
import Testing

@testable import GalleryKit

/// Every kind of problem, through the whole build: the exact message a user reads, its
/// severity, whether the build fails, and that a failed build leaves the previous site as it was.
@Suite struct BuildDiagnosticsTests {
    /// A site that builds without a single diagnostic.
    static let healthySite: [String: String] = [
        "site.yml": "title: \"Broken on purpose\"\nbase_url: https://example.org/\nimages:\n  widths: [16]\n",
        "index.md": "---\ntitle: Home\n---\nHello.\n",
    ]

    /// Builds the healthy site, adds `files`, builds again.
    /// - Returns: the second build's outcome and the output folder's state after each build.
    static func buildBroken(_ files: [String: [UInt8]], strict: Bool = false) async throws -> (
        sandbox: BuildSandbox, outcome: BuildSandbox.Outcome, before: OutputState, after: OutputState
    ) {
        let sandbox = try BuildSandbox()
        for (path, text) in healthySite { try sandbox.put(path, text) }
        let first = await sandbox.build()
        try #require(first.succeeded && first.diagnostics.isEmpty, "healthy site: \(first.rendered)")
        let before = try OutputState(sandbox.output)
        for (path, bytes) in files { try sandbox.put(path, bytes: bytes) }
        let outcome = await sandbox.build(strict: strict)
        return (sandbox, outcome, before, try OutputState(sandbox.output))
    }

    @Test(arguments: BrokenSiteCase.all)
    func eachProblemIsReportedWithFileLineAndSeverity(_ problem: BrokenSiteCase) async throws {
        let (sandbox, outcome, before, after) = try await Self.buildBroken(
            problem.files, strict: problem.strict)
        let shown = outcome.diagnostics.filter { $0.severity != .note }.map(\.description)
        #expect(shown == problem.expected)
        if problem.fails {
            #expect(
                outcome.error is BuildFailed,
                "the build should fail, got \(String(describing: outcome.error))")
            #expect(after == before, "a failed build changed the previous output")
        } else {
            #expect(outcome.succeeded, "the build should succeed: \(String(describing: outcome.error))")
            #expect(after != before, "a successful build should replace the output")
        }
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: sandbox.root.path)
        #expect(leftovers.sorted() == ["content", "public"], "staging folders left behind")
    }

    /// Content, image and rendering problems together: all of them come out of one run.
    @Test func everyProblemInOneSiteIsReportedInOneRun() async throws {
        let names = [
            "bad YAML in front matter", "corrupt JPEG", "zero-byte photo", "TIFF photo",
            "PDF named .jpg", "missing template", "missing alt text without strict",
        ]
        let chosen = BrokenSiteCase.all.filter { names.contains($0.name) }
        try #require(chosen.count == names.count)
        var files = chosen.reduce(into: [String: [UInt8]]()) { $0.merge($1.files) { first, _ in first } }
        files["about.md"] = BrokenSiteCase.text("---\ntitle: About\ncolour: red\ndraft: maybe\n---\nText\n")
        let expected =
            (chosen.flatMap(\.expected) + [
                "about.md:3:1: warning: unknown key 'colour'; ignored",
                "about.md:4:8: warning: 'draft' should be true or false, not 'maybe'; using the default",
            ]).sorted()
        let (_, outcome, before, after) = try await Self.buildBroken(files)
        let shown = outcome.diagnostics.filter { $0.severity != .note }.map(\.description)
        #expect(shown.sorted() == expected)
        #expect((outcome.error as? BuildFailed)?.errorCount == 5)
        #expect(after == before)
    }

    /// A template that does not parse stops the rendering, but content and image problems are
    /// still all reported beside it.
    @Test func templateErrorDoesNotHideContentAndImageErrors() async throws {
        let names = ["template syntax error in an override", "bad YAML in front matter", "zero-byte photo"]
        let chosen = BrokenSiteCase.all.filter { names.contains($0.name) }
        let files = chosen.reduce(into: [String: [UInt8]]()) { $0.merge($1.files) { first, _ in first } }
        let (_, outcome, before, after) = try await Self.buildBroken(files)
        let shown = outcome.diagnostics.filter { $0.severity != .note }.map(\.description)
        #expect(shown.sorted() == chosen.flatMap(\.expected).sorted())
        #expect(after == before)
    }

    @Test func outputInsideTheContentFolderIsRefused() async throws {
        let sandbox = try BuildSandbox()
        for (path, text) in Self.healthySite { try sandbox.put(path, text) }
        let contentBefore = try FileTree.snapshot(of: sandbox.content)
        let inside = sandbox.content.appendingPathComponent("public")
        let outcome = await sandbox.build(output: inside)
        #expect(outcome.error is BuildFailed)
        // The output folder is named as it was given (the CLI passes what the user typed).
        #expect(
            outcome.rendered == [
                "\(inside.path): error: the output folder is inside the content folder; choose a folder outside it with --output"
            ])
        #expect(!FileManager.default.fileExists(atPath: inside.path))
        #expect(try FileTree.snapshot(of: sandbox.content) == contentBefore)
        // The content folder itself, and a folder holding it, are refused the same way.
        for output in [sandbox.content, sandbox.root] {
            let refused = await sandbox.build(output: output)
            #expect(refused.error is BuildFailed, "output \(output.path) was accepted")
            #expect(
                refused.rendered.count == 1
                    && refused.rendered.allSatisfy {
                        $0.hasPrefix("\(output.path): error: the output folder")
                    },
                "\(refused.rendered)")
            #expect(try FileTree.snapshot(of: sandbox.content) == contentBefore)
        }
    }
}

/// An output folder as a test compares it: every file's bytes, size and modification time.
struct OutputState: Equatable {
    var contents: [String: Data]
    var snapshot: [String: String]

    init(_ folder: URL) throws {
        contents = try FileTree.contents(of: folder)
        snapshot = try FileTree.snapshot(of: folder)
    }
}
