import Foundation
import GalleryKit
import Synchronization
import Testing

@testable import GalleryCLI

private struct Boom: Error, CustomStringConvertible {
    var description: String { "disk on fire" }
}

@Suite struct GalleryCommandLineTests {
    @Test(arguments: [
        ([String](), HelpText.root), (["--help"], HelpText.root), (["help", "build"], HelpText.build),
        (["build", "--help"], HelpText.build), (["help", "serve"], HelpText.serve),
        (["serve", "-h"], HelpText.serve), (["--version"], "0.1.0\n"),
    ])
    func helpAndVersionGoToStdout(arguments: [String], expected: String) async throws {
        let site = try TestSite()
        let console = TestConsole()
        let code = await site.run(arguments, console: console) { _, _, _ in throw Boom() }
        #expect(code == 0)
        #expect(console.out == expected)
        #expect(console.err.isEmpty)
    }

    @Test func helpPagesHaveTheStandardSections() {
        for section in ["OVERVIEW:", "USAGE:", "OPTIONS:", "SUBCOMMANDS:"] {
            #expect(HelpText.root.contains("\n\(section)") || HelpText.root.hasPrefix(section))
        }
        for page in [HelpText.build, HelpText.serve] {
            for section in ["OVERVIEW:", "USAGE:", "ARGUMENTS:", "OPTIONS:"] {
                #expect(page.contains(section))
            }
        }
    }

    @Test func usageErrorGoesToStderrWithExit64() async throws {
        let site = try TestSite()
        let console = TestConsole()
        let called = Mutex(false)
        let code = await site.run(["build", "--ouput", "x"], console: console) { _, _, _ in
            called.withLock { $0 = true }
            throw Boom()
        }
        #expect(code == 64)
        #expect(console.out.isEmpty)
        #expect(
            console.err == """
                Error: unknown option '--ouput'. Did you mean '--output'?
                Usage: \(HelpText.buildUsage)
                  See 'galleryc help build' for more information.

                """)
        #expect(!called.withLock { $0 })
    }

    @Test func successPrintsOneSummaryLine() async throws {
        let site = try TestSite()
        let console = TestConsole()
        let code = await site.run(["build"], console: console) { _, _, _ in
            BuildSummary(pageCount: 12, photoCount: 120, cachedPhotoCount: 95, duration: .milliseconds(3420))
        }
        #expect(code == 0)
        #expect(console.out == "Built 12 pages, 120 photos (95 cached) in 3.4 s -> public/\n")
        #expect(console.err.isEmpty)
    }

    @Test func summaryUsesSingularsAndTheOutputAsTyped() {
        let summary = BuildSummary(pageCount: 1, photoCount: 1, cachedPhotoCount: 0, duration: .seconds(12))
        #expect(
            Invocation.summaryLine(summary, output: "../www/") == "Built 1 page, 1 photo in 12.0 s -> ../www/"
        )
    }

    @Test func summaryCountsVideosApartFromPhotos() {
        var summary = BuildSummary(pageCount: 3, photoCount: 2, cachedPhotoCount: 0, duration: .seconds(2))
        summary.videoCount = 3
        summary.cachedVideoCount = 2
        #expect(
            Invocation.summaryLine(summary, output: "public/")
                == "Built 3 pages, 2 photos, 3 videos (2 cached) in 2.0 s -> public/")
        summary.videoCount = 1
        summary.cachedVideoCount = 0
        #expect(
            Invocation.summaryLine(summary, output: "public/")
                == "Built 3 pages, 2 photos, 1 video in 2.0 s -> public/")
        // Pages kept from the site before, made from the same: how many were made now.
        summary.renderedPageCount = 1
        #expect(
            Invocation.summaryLine(summary, output: "public/")
                == "Built 3 pages (1 rendered), 2 photos, 1 video in 2.0 s -> public/")
        summary.renderedPageCount = 3
        #expect(Invocation.summaryLine(summary, output: "public/").hasPrefix("Built 3 pages, 2 photos"))
    }

    @Test func optionsReachTheBuild() async throws {
        let site = try TestSite()
        let console = TestConsole()
        let seen = Mutex<BuildOptions?>(nil)
        let code = await site.run(
            [
                "build", "content", "--output=out", "--templates", "tpl", "--jobs", "3", "--strict",
                "--drafts",
            ],
            console: console, environment: ["SOURCE_DATE_EPOCH": "1700000000"]
        ) { options, _, _ in
            seen.withLock { $0 = options }
            return BuildSummary(pageCount: 0, photoCount: 0, cachedPhotoCount: 0, duration: .zero)
        }
        #expect(code == 0)
        let options = try #require(seen.withLock { $0 })
        #expect(options.contentDirectory.path == site.root.appendingPathComponent("content").path)
        #expect(options.outputDirectory.path == site.root.appendingPathComponent("out").path)
        #expect(options.templatesDirectory?.path == site.root.appendingPathComponent("tpl").path)
        #expect(options.themeDirectory.path == site.theme.path)
        #expect(options.jobs == 3)
        #expect(options.strict && options.includeDrafts)
        #expect(options.sourceDate == Date(timeIntervalSince1970: 1_700_000_000))
        #expect(console.out.hasSuffix("-> out/\n"))
    }

    @Test func missingContentFolderFailsClearly() async throws {
        let site = try TestSite()
        let console = TestConsole()
        let code = await site.run(["build", "nowhere"], console: console)
        #expect(code == 1)
        #expect(console.err.hasPrefix("error: cannot find the content folder 'nowhere'"))
        #expect(console.out.isEmpty)
    }

    @Test func badSourceDateEpochFails() async throws {
        let site = try TestSite()
        let console = TestConsole()
        #expect(await site.run(["build"], console: console, environment: ["SOURCE_DATE_EPOCH": "soon"]) == 1)
        #expect(console.err.contains("SOURCE_DATE_EPOCH"))
    }

    @Test func serveWithoutAServerFails() async throws {
        let site = try TestSite()
        let console = TestConsole()
        #expect(await site.run(["serve"], console: console) == 1)
        #expect(console.err == "error: 'galleryc serve' is not available in this build\n")
    }

    @Test func serveGetsHostPortAndOptions() async throws {
        let site = try TestSite()
        let console = TestConsole()
        let seen = Mutex<(String, Int, String)?>(nil)
        let code = await site.run(
            ["serve", "--port=9123", "--host", "0.0.0.0", "--drafts"], console: console,
            serve: { request, _ in
                seen.withLock {
                    $0 = (request.host, request.port, request.options.outputDirectory.lastPathComponent)
                }
                request.log("Serving")
                request.printDiagnostics([Diagnostic(.warning, SourceLocation(file: "a.md", line: 2), "hm")])
            })
        #expect(code == 0)
        let (host, port, output) = try #require(seen.withLock { $0 })
        #expect(host == "0.0.0.0" && port == 9123 && output == "public")
        #expect(console.err == "Serving\ncontent/a.md:2: warning: hm\n")
    }
}
