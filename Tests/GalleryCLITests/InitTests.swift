import Foundation
import Testing

@testable import GalleryCLI
@testable import GalleryKit

/// `galleryc init`: a content folder to start from, which builds with no warning.
@Suite struct InitTests {
    @Test func initWritesAStarterSiteAndSaysWhatNext() async throws {
        let site = try TestSite()
        let console = TestConsole()
        let code = await site.run(["init", "mysite"], console: console)
        #expect(code == 0, "\(console.err)")
        let folder = site.root.appendingPathComponent("mysite")
        for path in [
            "site.yml", "index.md", "about.md", "albums/example/index.md", "albums/example/example.jpg",
            "albums/example/example.md",
        ] {
            #expect(
                FileManager.default.fileExists(atPath: folder.appendingPathComponent(path).path), "\(path)")
        }
        #expect(console.out.hasPrefix("Created mysite/ with a site to start from:\n"))
        #expect(
            console.out.contains("galleryc build mysite") && console.out.contains("galleryc serve mysite"))
    }

    @Test func initRefusesAFolderThatHoldsAnything() async throws {
        let site = try TestSite()
        let notes = site.root.appendingPathComponent("content/notes.txt")
        try Data("mine".utf8).write(to: notes)
        let console = TestConsole()
        let code = await site.run(["init", "content"], console: console)
        #expect(code == 1)
        #expect(console.err.hasPrefix("error: "))
        #expect(console.err.contains("is not empty; galleryc init only writes into a new or empty folder"))
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: notes.deletingLastPathComponent().path) == [
                "notes.txt"
            ])
    }

    /// The starter site builds with the real pipeline and the real theme, with no warning.
    @Test func theStarterSiteBuildsWithNoWarning() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "galleryc-init-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let content = root.appendingPathComponent("content")
        _ = try StarterSite.create(at: content)
        let theme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Templates")
        let diagnostics = DiagnosticCollector()
        let options = BuildOptions(
            contentDirectory: content, outputDirectory: root.appendingPathComponent("public"),
            themeDirectory: theme,
            jobs: 2)
        let summary = try await SiteBuilder.build(options, diagnostics: diagnostics, progress: { _ in })
        #expect(summary.photoCount == 1)
        #expect(
            diagnostics.diagnostics.filter { $0.severity >= .warning }.isEmpty, "\(diagnostics.diagnostics)")
    }

    /// Every key of the README's site.yml table is in the starter site.yml, with its default.
    @Test func theStarterSiteYMLNamesEveryKeyOfTheReadme() throws {
        let readme = try String(
            contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent("README.md"), encoding: .utf8)
        let table = readme.components(separatedBy: "### site.yml")[1].components(separatedBy: "\n### ")[0]
        let keys = table.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("| `") else { return nil }
            return line.dropFirst(3).split(separator: "`").first.map(String.init)
        }
        #expect(keys.count > 10)
        for key in keys where key != "motion.*" {
            let last = key.split(separator: ".").last.map(String.init) ?? key
            #expect(StarterSite.siteYML.contains(last + ":"), "site.yml of galleryc init lacks \(key)")
        }
    }
}
