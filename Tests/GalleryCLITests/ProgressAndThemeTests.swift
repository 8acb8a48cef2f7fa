import Foundation
import GalleryKit
import Testing

@testable import GalleryCLI

private func photos(_ total: Int) -> SiteBuildFunction {
    { _, _, progress in
        for done in 1...total { progress(BuildProgress(photosDone: done, photosTotal: total)) }
        progress(BuildProgress(photosDone: total - 3, photosTotal: total))
        return BuildSummary(pageCount: 1, photoCount: total, cachedPhotoCount: 0, duration: .zero)
    }
}

@Suite struct ProgressAndThemeTests {
    @Test func plainLinesEveryTenthOffATerminal() async throws {
        let site = try TestSite()
        let console = TestConsole()
        #expect(await site.run(["build"], console: console, build: photos(40)) == 0)
        let lines = console.err.split(separator: "\n")
        #expect(lines.count == 10)
        #expect(lines.first == "Processing photos: 4/40 (10%)")
        #expect(lines.last == "Processing photos: 40/40 (100%)")
        #expect(!console.err.contains("\r"))
    }

    @Test func redrawnLineOnATerminalIsClearedBeforeTheSummary() async throws {
        let site = try TestSite()
        let console = TestConsole(terminal: true)
        #expect(await site.run(["build"], console: console, build: photos(5)) == 0)
        #expect(console.err.hasPrefix("\rProcessing photos: 1/5\u{1B}[K\rProcessing photos: 2/5"))
        #expect(console.err.hasSuffix("\rProcessing photos: 5/5\u{1B}[K\r\u{1B}[K"))
        #expect(!console.err.contains("\n"))
    }

    /// A transcode of 20 s of video reporting every half second, then out of order.
    private static let videos: SiteBuildFunction = { _, _, progress in
        for step in 0...40 {
            progress(BuildProgress(videoSecondsDone: Double(step) / 2, videoSecondsTotal: 20))
        }
        progress(BuildProgress(videoSecondsDone: 3, videoSecondsTotal: 20))
        return BuildSummary(pageCount: 1, photoCount: 0, cachedPhotoCount: 0, duration: .zero)
    }

    @Test func videoProgressIsAPercentOfTheSecondsToTranscode() async throws {
        let site = try TestSite()
        let plain = TestConsole()
        #expect(await site.run(["build"], console: plain, build: Self.videos) == 0)
        let lines = plain.err.split(separator: "\n")
        #expect(lines.count == 10)
        #expect(lines.first == "Transcoding videos: 10%")
        #expect(lines.last == "Transcoding videos: 100%")
        let terminal = TestConsole(terminal: true)
        #expect(await site.run(["build"], console: terminal, build: Self.videos) == 0)
        #expect(terminal.err.hasPrefix("\rTranscoding videos: 0%\u{1B}[K\rTranscoding videos: 2%\u{1B}[K"))
        #expect(terminal.err.hasSuffix("\rTranscoding videos: 100%\u{1B}[K\r\u{1B}[K"))
        #expect(!terminal.err.contains("\n"))
    }

    @Test func quietShowsNoProgress() async throws {
        let site = try TestSite()
        let console = TestConsole(terminal: true)
        #expect(await site.run(["build", "--quiet"], console: console, build: photos(5)) == 0)
        #expect(console.err.isEmpty && console.out.isEmpty)
    }

    @Test func themeFromEnvironmentMustHoldBaseTemplate() throws {
        let site = try TestSite()
        let found = try ThemeLocator(environment: ["GALLERYC_THEME_DIR": site.theme.path], executableURL: nil)
            .locate()
        #expect(found.path == site.theme.path)
        #expect(throws: ThemeNotFound.self) {
            try ThemeLocator(environment: ["GALLERYC_THEME_DIR": site.root.path], executableURL: nil).locate()
        }
    }

    @Test func themeFoundFromTheExecutable() throws {
        let site = try TestSite()
        let manager = FileManager.default
        // A checkout: <repo>/.build/release/galleryc finds <repo>/Templates.
        let repo = site.root.appendingPathComponent("repo")
        try manager.createDirectory(
            at: repo.appendingPathComponent(".build/release"), withIntermediateDirectories: true)
        try manager.createDirectory(
            at: repo.appendingPathComponent("Templates"), withIntermediateDirectories: true)
        try Data().write(to: repo.appendingPathComponent("Templates/base.mustache"))
        let fromCheckout = try ThemeLocator(
            environment: [:], executableURL: repo.appendingPathComponent(".build/release/galleryc")
        ).locate()
        #expect(fromCheckout.standardizedFileURL.path == repo.appendingPathComponent("Templates").path)

        // An installation: <prefix>/bin/galleryc finds <prefix>/share/galleryc/Templates.
        let prefix = site.root.appendingPathComponent("prefix")
        let installed = prefix.appendingPathComponent("share/galleryc/Templates")
        try manager.createDirectory(at: installed, withIntermediateDirectories: true)
        try Data().write(to: installed.appendingPathComponent("base.mustache"))
        let fromInstall = try ThemeLocator(
            environment: [:], executableURL: prefix.appendingPathComponent("bin/galleryc")
        )
        .locate()
        #expect(fromInstall.standardizedFileURL.path == installed.path)
    }

    @Test func missingThemeIsAClearError() async throws {
        let site = try TestSite()
        let console = TestConsole()
        let code = await GalleryCommandLine.run(
            ["build"], build: photos(1), serve: nil, environment: [:], console: console.console,
            currentDirectory: site.root.path, executableURL: nil)
        #expect(code == 1)
        #expect(console.err.hasPrefix("error: cannot find the default theme"))
        #expect(console.err.contains("GALLERYC_THEME_DIR"))
    }
}
