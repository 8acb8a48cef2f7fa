import Foundation
import Testing

@testable import GalleryCLI
@testable import GalleryKit

private let zero = BuildSummary(pageCount: 2, photoCount: 0, cachedPhotoCount: 0, duration: .zero)

/// A build that reports these diagnostics (in scrambled order), then succeeds or fails.
private func reporting(_ diagnostics: [Diagnostic], fail: Bool) -> SiteBuildFunction {
    { _, collector, _ in
        for diagnostic in diagnostics.reversed() { collector.emit(diagnostic) }
        if fail { throw BuildFailed(errorCount: collector.count(of: .error)) }
        return zero
    }
}

private let mixed = [
    Diagnostic(
        .error, SourceLocation(file: "iceland/index.md", line: 4, column: 9), "front matter: bad date"),
    Diagnostic(.warning, SourceLocation(file: "about.md", line: 1), "unknown key 'titel'"),
    Diagnostic(.note, SourceLocation(file: "iceland/DSC_1.jpg"), "no EXIF date; sorted by name"),
    Diagnostic(.error, SourceLocation(file: "iceland/DSC_2.jpg"), "truncated JPEG"),
]

@Suite struct BuildReportingTests {
    @Test func failurePrintsEveryProblemSortedThenTheVerdict() async throws {
        let site = try TestSite()
        try site.makePreviousSite()
        let console = TestConsole()
        let code = await site.run(["build"], console: console, build: reporting(mixed, fail: true))
        #expect(code == 1)
        #expect(console.out.isEmpty)
        #expect(
            console.err == """
                content/about.md:1: warning: unknown key 'titel'
                content/iceland/DSC_2.jpg: error: truncated JPEG
                content/iceland/index.md:4:9: error: front matter: bad date
                error: build failed with 2 errors; public/ was left as it was

                """)
    }

    @Test func verboseAddsNotes() async throws {
        let site = try TestSite()
        let console = TestConsole()
        _ = await site.run(["build", "--verbose"], console: console, build: reporting(mixed, fail: true))
        #expect(console.err.contains("content/iceland/DSC_1.jpg: note: no EXIF date; sorted by name\n"))
    }

    @Test func quietShowsOnlyErrors() async throws {
        let site = try TestSite()
        let console = TestConsole()
        let code = await site.run(
            ["build", "--quiet"], console: console, build: reporting(mixed, fail: true))
        #expect(code == 1)
        #expect(!console.err.contains("warning:"))
        #expect(console.err.contains("error: truncated JPEG"))

        let quietSuccess = TestConsole()
        let warningOnly = [mixed[1]]
        #expect(
            await site.run(
                ["build", "--quiet"], console: quietSuccess, build: reporting(warningOnly, fail: false)) == 0)
        #expect(quietSuccess.out.isEmpty)
        #expect(quietSuccess.err.isEmpty)
    }

    @Test func warningsAloneDoNotFailWithoutStrict() async throws {
        let site = try TestSite()
        let console = TestConsole()
        let code = await site.run(["build"], console: console, build: reporting([mixed[1]], fail: false))
        #expect(code == 0)
        #expect(console.err == "content/about.md:1: warning: unknown key 'titel'\n")
        #expect(console.out.hasPrefix("Built 2 pages, 0 photos in 0.0 s -> public/"))
    }

    @Test func strictFailsOnWarnings() async throws {
        let site = try TestSite()
        try site.makePreviousSite()
        let refused = TestConsole()
        #expect(
            await site.run(["build", "--strict"], console: refused, build: reporting([mixed[1]], fail: true))
                == 1)
        #expect(
            refused.err.hasSuffix(
                "error: build failed with 1 warning (--strict); public/ was left as it was\n"))
    }

    /// The pipeline alone decides whether a build failed (strict included): the CLI reports
    /// the verdict it gets, and does not decide a second time from the diagnostics.
    @Test func theVerdictComesFromTheBuild() async throws {
        let site = try TestSite()
        let console = TestConsole()
        let code = await site.run(
            ["build", "--strict"], console: console, build: reporting([mixed[1]], fail: false))
        #expect(code == 0)
        #expect(console.out.hasPrefix("Built 2 pages"))
    }

    @Test func outputRefusalIsPrintedWithTheFolderAsTyped() async throws {
        let site = try TestSite()
        let foreign = site.root.appendingPathComponent("www")
        try FileManager.default.createDirectory(at: foreign, withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: foreign.appendingPathComponent("notes.txt"))
        let console = TestConsole()
        let code = await site.run(["build", "--output", "./www"], console: console) { options, _, _ in
            let writer = try OutputWriter(
                outputDirectory: options.outputDirectory, contentDirectory: options.contentDirectory)
            try writer.commit()
            return BuildSummary(pageCount: 0, photoCount: 0, cachedPhotoCount: 0, duration: .zero)
        }
        #expect(code == 1)
        #expect(
            console.err == """
                www: error: refusing to replace this folder: it was not created by galleryc; remove it \
                or choose another --output
                error: build failed with 1 error; www/ was left as it was

                """)
        #expect(FileManager.default.fileExists(atPath: foreign.appendingPathComponent("notes.txt").path))
    }

    @Test func unexpectedErrorsArePrintedAndFail() async throws {
        let site = try TestSite()
        let console = TestConsole()
        let code = await site.run(["build"], console: console) { _, collector, _ in
            collector.emit(.warning, SourceLocation(file: "a.md"), "hm")
            throw CocoaError(.fileWriteOutOfSpace)
        }
        #expect(code == 1)
        let lines = console.err.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines.first == "content/a.md: warning: hm")
        #expect(lines.dropFirst().first?.hasPrefix("error: ") == true)
        #expect(
            lines.last == "error: build failed with 1 error; no site was written (public/ does not exist yet)"
        )
    }

    @Test func interruptedBuildExits130() async throws {
        let site = try TestSite()
        let console = TestConsole()
        #expect(await site.run(["build"], console: console) { _, _, _ in throw CancellationError() } == 130)
        #expect(console.err == "error: build interrupted; no site was written (public/ does not exist yet)\n")
        #expect(console.out.isEmpty)
    }

    /// A failure of a build that could leave files out says how to publish without them.
    @Test func aSkippableFailureMentionsKeepGoingAndNomedia() async throws {
        let site = try TestSite()
        let console = TestConsole()
        let code = await site.run(["build"], console: console) { _, collector, _ in
            collector.emit(.error, SourceLocation(file: "a/broken.jpg"), "the image is damaged")
            throw BuildFailed(errorCount: 1, filesCouldBeSkipped: true)
        }
        #expect(code == 1)
        #expect(
            console.err.hasSuffix(
                "note: --keep-going publishes the site without the files above; a .nomedia file in their folder leaves them out for good\n"
            ))
    }

    /// --keep-going: the site is written, the summary line printed, and the exit code says it
    /// is incomplete.
    @Test func aSiteWrittenWithSkippedFilesExits1() async throws {
        let site = try TestSite()
        let console = TestConsole()
        let code = await site.run(["build", "--keep-going"], console: console) { options, collector, _ in
            #expect(options.keepGoing)
            collector.emit(.error, SourceLocation(file: "a/broken.jpg"), "the image is damaged")
            return BuildSummary(
                pageCount: 2, photoCount: 0, cachedPhotoCount: 0, duration: .zero, skippedErrorCount: 1)
        }
        #expect(code == 1)
        #expect(console.out.hasPrefix("Built 2 pages"))
        #expect(
            console.err.hasSuffix(
                "error: public/ was written without what the 1 error above left out (--keep-going)\n"))
    }

    /// ESC and BEL from a file name reached the terminal: `ESC ]0;...BEL` retitled the window,
    /// `ESC [1A ESC [2K` erased the error line above. They are written out instead.
    @Test func controlCharactersInNamesAreEscaped() {
        let formatter = DiagnosticFormatter(contentPath: "content", currentDirectory: "/x", colour: false)
        let diagnostic = Diagnostic(
            .error, SourceLocation(file: "a/\u{1B}]0;pwned\u{07}.jpg"), "bad \u{1B}[1A\u{1B}[2Kline\u{9B}")
        #expect(
            formatter.format(diagnostic)
                == "content/a/\\x1b]0;pwned\\x07.jpg: error: bad \\x1b[1A\\x1b[2Kline\\x9b\n")
        #expect(formatter.formatMessage(.note, "tab\there") == "note: tab\\x09here\n")
    }

    @Test func pathsFollowTheContentFolderAsTyped() {
        let cwd = "/home/ana/site"
        let cases: [(String, String)] = [
            ("./content", "content/a.md"), ("content/", "content/a.md"), (".", "a.md"),
            ("../other", "../other/a.md"), ("/home/ana/site/photos", "photos/a.md"),
            ("/srv/c", "/srv/c/a.md"),
        ]
        for (typed, shown) in cases {
            let formatter = DiagnosticFormatter(contentPath: typed, currentDirectory: cwd, colour: false)
            #expect(
                formatter.format(Diagnostic(.error, SourceLocation(file: "a.md"), "x"))
                    == "\(shown): error: x\n")
        }
        let formatter = DiagnosticFormatter(contentPath: "content", currentDirectory: cwd, colour: false)
        #expect(
            formatter.format(
                Diagnostic(
                    .error, SourceLocation(file: "/home/ana/site/Templates/base.mustache", line: 3), "y"))
                == "Templates/base.mustache:3: error: y\n")
        #expect(formatter.format(Diagnostic(.warning, SourceLocation(file: ""), "z")) == "warning: z\n")
    }

    @Test func colourOnlyOnATerminalWithoutNoColor() async throws {
        let site = try TestSite()
        let terminal = TestConsole(terminal: true)
        _ = await site.run(["build"], console: terminal, build: reporting(mixed, fail: true))
        #expect(terminal.err.contains("\u{1B}[1;31merror:\u{1B}[0m"))

        let noColor = TestConsole(terminal: true)
        _ = await site.run(
            ["build"], console: noColor, environment: ["NO_COLOR": "1"], build: reporting(mixed, fail: true))
        #expect(!noColor.err.contains("\u{1B}["))

        let pipe = TestConsole()
        _ = await site.run(["build"], console: pipe, build: reporting(mixed, fail: true))
        #expect(!pipe.err.contains("\u{1B}["))
    }
}
