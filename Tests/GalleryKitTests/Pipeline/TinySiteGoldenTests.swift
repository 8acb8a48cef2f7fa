// The whole-build golden test.
//
// Builds Tests/Fixtures/tiny-site/ with SiteBuilder (fixed `now`, 2 jobs, the repository's
// Templates/ as the theme) and compares the result with Tests/Fixtures/tiny-site-golden/:
// - every file that is not an image (HTML, XML, CSS, JS, ...) byte for byte;
// - every image by its decoded size and the mean colour of its four quadrants (which catches a
//   photo turned the wrong way), listed in tiny-site-golden/images.tsv.
//
// RE-RECORDING after an intended change to the theme, the renderer or the pipeline:
//
//     GALLERYC_RECORD_GOLDENS=1 swift test --filter TinySiteGoldenTests
//
// That run rewrites tiny-site-golden/ and ALWAYS fails, so a new baseline never slips in
// silently; review `git diff Tests/Fixtures/tiny-site-golden`, then run again without the
// variable. (The renderer's own golden, Tests/Fixtures/golden/, is recorded by the same
// variable: `--filter GoldenSiteTests`.)

import Foundation
import Testing

@testable import GalleryKit

@Suite struct TinySiteGoldenTests {
    static var goldenFolder: URL {
        BuildSandbox.repositoryRoot.appendingPathComponent("Tests/Fixtures/tiny-site-golden")
    }
    static let imageListName = "images.tsv"

    @Test func wholeBuildMatchesTheGoldenSite() async throws {
        let sandbox = try BuildSandbox(copying: BuildSandbox.tinySite)
        let outcome = await sandbox.build(jobs: 2)
        #expect(outcome.succeeded, "the tiny site failed to build: \(outcome.rendered)")
        #expect(outcome.rendered.isEmpty, "the tiny site should build without diagnostics")
        let built = try FileTree.contents(of: sandbox.output)
        let texts = built.filter { !ImageSignature.isImage($0.key) }
        let images = try built.filter { ImageSignature.isImage($0.key) }.mapValues {
            try ImageSignature(decoding: [UInt8]($0))
        }

        if ProcessInfo.processInfo.environment["GALLERYC_RECORD_GOLDENS"] == "1" {
            try record(texts: texts, images: images)
            Issue.record(
                """
                Recorded \(texts.count) files and \(images.count) image signatures in \
                Tests/Fixtures/tiny-site-golden; review them (git diff), then run again without \
                GALLERYC_RECORD_GOLDENS
                """)
            return
        }

        let goldenPaths = Set(FileTree.files(in: Self.goldenFolder)).subtracting([Self.imageListName])
        #expect(
            Set(texts.keys) == goldenPaths,
            """
            the set of built files changed: new \(Set(texts.keys).subtracting(goldenPaths).sorted()), \
            missing \(goldenPaths.subtracting(texts.keys).sorted())
            """)
        for path in texts.keys.sorted() where goldenPaths.contains(path) {
            let golden = try Data(contentsOf: Self.goldenFolder.appendingPathComponent(path))
            let actual = texts[path] ?? Data()
            #expect(
                actual == golden, "\(path) differs from its golden file: \(firstDifference(actual, golden))")
        }

        let goldenImages = try ImageSignature.parseList(
            String(
                decoding: Data(contentsOf: Self.goldenFolder.appendingPathComponent(Self.imageListName)),
                as: UTF8.self))
        #expect(
            Set(images.keys) == Set(goldenImages.keys),
            """
            the set of images changed: new \(Set(images.keys).subtracting(goldenImages.keys).sorted()), \
            missing \(Set(goldenImages.keys).subtracting(images.keys).sorted())
            """)
        for (path, signature) in images.sorted(by: { $0.key < $1.key }) {
            guard let golden = goldenImages[path] else { continue }
            #expect(
                signature.matches(golden),
                "\(path): got \(signature.line), golden \(golden.line) (size or orientation changed)")
        }
    }

    private func record(texts: [String: Data], images: [String: ImageSignature]) throws {
        let manager = FileManager.default
        try? manager.removeItem(at: Self.goldenFolder)
        for (path, data) in texts {
            let url = Self.goldenFolder.appendingPathComponent(path)
            try manager.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url)
        }
        try manager.createDirectory(at: Self.goldenFolder, withIntermediateDirectories: true)
        try Data(ImageSignature.list(images).utf8).write(
            to: Self.goldenFolder.appendingPathComponent(Self.imageListName))
    }

    /// `line 12: expected "<p>…" got "<p>…"`, to find a change without a diff tool.
    private func firstDifference(_ actual: Data, _ golden: Data) -> String {
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
