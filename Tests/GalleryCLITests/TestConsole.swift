import Foundation
import GalleryKit
import Synchronization

@testable import GalleryCLI

/// Captures what the command line writes, and a content folder and theme to build from.
final class TestConsole: Sendable {
    private let captured = Mutex<(out: String, err: String)>(("", ""))
    let isTerminal: Bool

    init(terminal: Bool = false) { isTerminal = terminal }

    var out: String { captured.withLock { $0.out } }
    var err: String { captured.withLock { $0.err } }

    var console: Console {
        Console(
            writeOutput: { text in self.captured.withLock { $0.out += text } },
            writeError: { text in self.captured.withLock { $0.err += text } },
            errorIsTerminal: isTerminal)
    }
}

/// A temporary folder to run in, holding `content/` and a theme with `base.mustache`.
final class TestSite {
    let root: URL
    var theme: URL { root.appendingPathComponent("theme") }

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "galleryc-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("content"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: theme, withIntermediateDirectories: true)
        try Data("{{content}}".utf8).write(to: theme.appendingPathComponent("base.mustache"))
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    /// A `public/` from an earlier build, so a failed build can leave it as it was.
    func makePreviousSite() throws {
        let output = root.appendingPathComponent("public")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        try Data("galleryc".utf8).write(to: output.appendingPathComponent(".galleryc-output"))
    }

    /// Runs `galleryc` in `root` with `build` and the given environment on top of a theme.
    func run(
        _ arguments: [String], console: TestConsole, environment: [String: String] = [:],
        build: @escaping SiteBuildFunction = { _, _, _ in
            BuildSummary(pageCount: 1, photoCount: 0, cachedPhotoCount: 0, duration: .zero)
        },
        serve: SiteServeFunction? = nil
    ) async -> Int32 {
        await GalleryCommandLine.run(
            arguments, build: build, serve: serve,
            environment: environment.merging(["GALLERYC_THEME_DIR": theme.path]) { mine, _ in mine },
            console: console.console, currentDirectory: root.path, executableURL: nil)
    }
}
