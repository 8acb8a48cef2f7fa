import Testing

@testable import GalleryKit

/// The collector the whole build reports into, and the messages it keeps.
@Suite struct DiagnosticCollectorTests {
    @Test func diagnosticsComeOutByPlaceWhateverOrderTheyWentIn() {
        let collector = DiagnosticCollector()
        collector.emit(.warning, SourceLocation(file: "b.md", line: 2), "second")
        collector.emit(.error, SourceLocation(file: "a/x.jpg"), "damaged")
        collector.emit(.warning, SourceLocation(file: "b.md", line: 1, column: 9), "first")
        collector.emit(.note, SourceLocation(file: "b.md", line: 1, column: 3), "earlier column")
        #expect(
            collector.diagnostics.map(\.description) == [
                "a/x.jpg: error: damaged",
                "b.md:1:3: note: earlier column",
                "b.md:1:9: warning: first",
                "b.md:2: warning: second",
            ])
        #expect(collector.count(of: .warning) == 2)
        #expect(collector.hasErrors)
    }

    @Test func aCollectorWithOnlyWarningsHasNoErrors() {
        let collector = DiagnosticCollector()
        collector.emit(.warning, SourceLocation(file: "a.jpg"), "no alt text")
        #expect(!collector.hasErrors)
        #expect(collector.count(of: .error) == 0)
    }

    @Test(arguments: [
        ("titel", "title", 2), ("titl", "title", 1), ("", "abc", 3), ("abc", "", 3), ("kitten", "sitting", 3),
        ("same", "same", 0),
        ("Ünïcode", "Unicode", 2),
    ])
    func editDistanceCountsSingleCharacterEdits(a: String, b: String, distance: Int) {
        #expect(EditDistance.between(a, b) == distance)
        #expect(EditDistance.between(b, a) == distance)
    }
}
