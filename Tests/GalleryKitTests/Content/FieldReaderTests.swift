import Foundation
import Testing

@testable import GalleryKit

@Suite struct FieldReaderTests {
    private func reader(_ yaml: String, keys: [String]) throws -> (FieldReader, DiagnosticCollector) {
        let (reporter, collector) = collectingReporter("x.md")
        let node = try YAMLParser.parse(yaml, lineOffset: 1)
        return (FieldReader(node, knownKeys: keys, reporter: reporter), collector)
    }

    @Test func unknownKeySuggestsTheClosestKnownOne() throws {
        let (_, collector) = try reader("titel: x\nzzzzzz: 1\n", keys: ["title", "date"])
        #expect(
            collector.diagnostics.rendered == [
                "x.md:2:1: warning: unknown key 'titel' (did you mean 'title'?); ignored",
                "x.md:3:1: warning: unknown key 'zzzzzz'; ignored",
            ])
    }

    @Test func wrongTypesWarnAndKeepTheDefault() throws {
        let yaml =
            "draft: maybe\nhero: {a: 1}\nlayout: mosaic\ndate: 2024-02-30\nfocus: 0.5 2\ntemplate: ../x\n"
        let (fields, collector) = try reader(
            yaml, keys: ["draft", "hero", "layout", "date", "focus", "template"])
        #expect(fields.bool("draft") == nil)
        #expect(fields.list("hero", of: "photo file names", { $0 }) == nil)
        #expect(fields.choice("layout", AlbumLayout.self) == nil)
        #expect(fields.date("date") == nil)
        #expect(fields.focus("focus") == nil)
        #expect(fields.name("template") == nil)
        #expect(
            collector.diagnostics.rendered == [
                "x.md:2:8: warning: 'draft' should be true or false, not 'maybe'; using the default",
                "x.md:3:7: warning: 'hero' should be a list of photo file names, not a mapping; using the default",
                "x.md:4:9: warning: 'layout' should be justified, grid, slider or story, not 'mosaic'; using the default",
                "x.md:5:7: warning: 'date' should be a date like 2024-06-01 or 2024-06-01T09:00:00, "
                    + "not '2024-02-30'; using the default",
                "x.md:6:8: warning: 'focus' should be two fractions from 0 to 1 like '0.62 0.40', "
                    + "not '0.5 2'; using the default",
                "x.md:7:11: warning: 'template' should be a name made of letters, digits, '-' and '_', "
                    + "not '../x'; using the default",
            ])
    }

    @Test func duplicateKeyAndNonMapping() throws {
        let (fields, collector) = try reader("title: a\ntitle: b\n", keys: ["title"])
        #expect(fields.string("title") == "b")
        let (_, listCollector) = try reader("- a\n- b\n", keys: ["title"])
        #expect(
            (collector.diagnostics + listCollector.diagnostics).rendered == [
                "x.md:3:1: warning: duplicate key 'title'; the last value is used",
                "x.md:2:1: warning: front matter should be 'key: value' lines, not a list; ignored",
            ])
    }

    @Test func typedValues() throws {
        let yaml =
            "a: No\nb: 2024-06-01\nc: 2024-06-01T09:00:00\nd: 0.62, 0.40\ne: [480, 960]\nf: ~\ng: \"yes\"\n"
        let (fields, collector) = try reader(yaml, keys: ["a", "b", "c", "d", "e", "f", "g"])
        #expect(fields.bool("a") == false)
        #expect(fields.date("b")?.timeIntervalSince1970 == 1_717_200_000)
        #expect(fields.date("c")?.timeIntervalSince1970 == 1_717_232_400)
        #expect(fields.focus("d") == FocalPoint(x: 0.62, y: 0.40))
        #expect(fields.list("e", of: "numbers", ScalarTypes.int) == [480, 960])
        #expect(fields.string("f") == nil)
        #expect(fields.string("g") == "yes")
        #expect(collector.diagnostics.isEmpty)
    }

    /// `date: 2023-04-01T10:00:00+02:00` (what `hugo new` writes) was rejected; the day and
    /// time are read as written.
    @Test(arguments: [
        ("2023-04-01T10:00:00+02:00", 1_680_343_200.0), ("2023-04-01T10:00:00-05:30", 1_680_343_200),
        ("2023-04-01T10:00:00.250Z", 1_680_343_200), ("2023-04-01 10:00:00z", 1_680_343_200),
        ("2023-04-01T10:00", 1_680_343_200),
    ])
    func rfc3339Dates(text: String, seconds: Double) {
        #expect(ScalarTypes.date(text)?.timeIntervalSince1970 == seconds)
    }

    @Test(arguments: [
        "2023-04-01T10:00:00+25:00", "2023-04-01T10:00:00+0200", "2023-04-31", "2023-04-01T10:00:00 +02",
    ])
    func malformedDatesAreRefused(text: String) {
        #expect(ScalarTypes.date(text) == nil)
    }
}
