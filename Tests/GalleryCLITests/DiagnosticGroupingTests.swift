import Testing

@testable import GalleryCLI
@testable import GalleryKit

/// Thousands of one warning are a few lines and a count; errors are all printed; serve prints
/// what a rebuild changed; a large site hears what hosts refuse.
@Suite struct DiagnosticGroupingTests {
    static func missingAlt(_ index: Int) -> Diagnostic {
        Diagnostic(
            .warning, SourceLocation(file: "a/p\(index).jpg"),
            "photo has no alt text; add `alt:` to p\(index).md",
            kind: "missingAltText")
    }

    @Test func aRepeatedWarningShowsThreeAndCountsTheRest() {
        let formatter = DiagnosticFormatter(contentPath: "content", currentDirectory: "/", colour: false)
        let diagnostics =
            (0..<9_999).map(Self.missingAlt) + [
                Diagnostic(.error, SourceLocation(file: "b.jpg"), "the image is damaged", kind: "damaged"),
                Diagnostic(
                    .warning, SourceLocation(file: "site.yml", line: 3), "unknown key 'titel'",
                    kind: "unknownKey"),
            ]
        let text = DiagnosticGrouping.text(diagnostics, all: false, formatter)
        let lines = text.split(separator: "\n")
        #expect(lines.count == 6, "\(lines)")
        #expect(lines[0] == "content/a/p0.jpg: warning: photo has no alt text; add `alt:` to p0.md")
        #expect(lines[3] == "warning: and 9,996 more warnings like these (--verbose lists them)")
        #expect(lines.contains("content/b.jpg: error: the image is damaged"))
        #expect(lines.contains("content/site.yml:3: warning: unknown key 'titel'"))
        // --verbose lists every one.
        #expect(
            DiagnosticGrouping.text(diagnostics, all: true, formatter).split(separator: "\n").count == 10_001)
    }

    @Test func errorsAreNeverGroupedAndAFewOfAKindAreAllShown() {
        let errors = (0..<10).map {
            Diagnostic(.error, SourceLocation(file: "p\($0).jpg"), "the image is damaged", kind: "damaged")
        }
        #expect(DiagnosticGrouping.lines(errors, all: false).count == 10)
        let four = (0..<4).map(Self.missingAlt)
        #expect(DiagnosticGrouping.lines(four, all: false) == four.map(DiagnosticGrouping.Line.diagnostic))
    }

    @Test func aRebuildPrintsWhatItChanged() {
        let memory = DiagnosticMemory()
        let first = (0..<5).map(Self.missingAlt)
        #expect(memory.changes(first) == (first, 0))
        let second = Array(first.dropFirst()) + [Self.missingAlt(9)]
        let (new, unchanged) = memory.changes(second)
        #expect(new == [Self.missingAlt(9)] && unchanged == 4)
        // The same again, side by side; then one new in the middle, one gone.
        #expect(memory.changes(second) == ([], 5))
        var third = second
        third.insert(Self.missingAlt(7), at: 2)
        third.removeLast()
        let (middle, kept) = memory.changes(third)
        #expect(middle == [Self.missingAlt(7)] && kept == 4)
    }

    @Test func aLargeSiteHearsWhatHostsRefuse() {
        var summary = BuildSummary(pageCount: 1, photoCount: 1, cachedPhotoCount: 0, duration: .seconds(1))
        summary.siteFileCount = 60_214
        summary.siteByteCount = 1_250_000_000
        summary.largestFile = SiteFile(path: "iceland/originals.zip", byteCount: 30 * 1_048_576)
        let notes = HostLimits.notes(summary)
        #expect(notes.count == 3, "\(notes)")
        #expect(notes[0].hasPrefix("the site is 1.3 GB: GitHub Pages publishes sites of at most 1 GB"))
        #expect(
            notes[1]
                == "the site has 60,214 files: Cloudflare Pages takes at most 20,000 on its free plan (100,000 on paid plans)"
        )
        #expect(notes[2] == "iceland/originals.zip is 31 MB: Cloudflare Pages refuses files over 25 MiB")
        #expect(
            Invocation.summaryLine(summary, output: "public/")
                == "Built 1 page, 1 photo in 1.0 s -> public/ (1.3 GB, 60,214 files)")
        summary.siteFileCount = 120
        summary.siteByteCount = 4_200_000
        summary.largestFile = SiteFile(path: "a.jpg", byteCount: 100_000)
        #expect(HostLimits.notes(summary).isEmpty)
    }
}
