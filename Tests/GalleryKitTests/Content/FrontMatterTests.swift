import Testing

@testable import GalleryKit

@Suite struct FrontMatterTests {
    @Test func yamlFrontMatterAndBody() throws {
        let (reporter, collector) = collectingReporter()
        let front = FrontMatter.parse("---\ntitle: Hello\ndraft: yes\n---\n# Body\n", reporter: reporter)
        #expect(front.style == .yaml)
        #expect(front.body == "# Body\n")
        let fields = FieldReader(front.fields, knownKeys: ["title", "draft"], reporter: reporter)
        #expect(fields.string("title") == "Hello")
        #expect(fields.bool("draft") == true)
        #expect(collector.diagnostics.isEmpty)
    }

    @Test func crlfAndByteOrderMarkAreAccepted() {
        let (reporter, collector) = collectingReporter()
        let front = FrontMatter.parse("\u{FEFF}---\r\ntitle: Hi\r\n---\r\nText\r\n", reporter: reporter)
        let fields = FieldReader(front.fields, knownKeys: ["title"], reporter: reporter)
        #expect(fields.string("title") == "Hi")
        #expect(front.body.hasPrefix("Text"))
        #expect(collector.diagnostics.isEmpty)
    }

    @Test func syntaxErrorPointsIntoTheMarkdownFile() {
        let (reporter, collector) = collectingReporter("trips/index.md")
        let front = FrontMatter.parse("---\ntitle: ok\ncover: [a.jpg\n---\nBody\n", reporter: reporter)
        #expect(front.fields == nil)
        #expect(front.body == "Body\n")
        let diagnostic = collector.diagnostics.first
        #expect(diagnostic?.severity == .error)
        #expect(diagnostic?.location.file == "trips/index.md")
        #expect(diagnostic?.location.line == 4)
        #expect(diagnostic?.description.hasPrefix("trips/index.md:4:1: error: front matter: ") == true)
    }

    @Test func tabsInFrontMatterAreAnErrorAtTheirPosition() {
        let (reporter, collector) = collectingReporter("a.md")
        _ = FrontMatter.parse("---\ntitle: x\n\tdate: 2024-01-01\n---\n", reporter: reporter)
        #expect(
            collector.diagnostics.rendered == [
                "a.md:3:1: error: front matter: found a tab character that violates indentation "
                    + "(while scanning a plain scalar)"
            ])
    }

    @Test func unclosedFrontMatter() {
        let (reporter, collector) = collectingReporter("a.md")
        let front = FrontMatter.parse("---\ntitle: x\nno end\n", reporter: reporter)
        #expect(front.fields == nil)
        #expect(
            collector.diagnostics.rendered == [
                "a.md:1:1: error: front matter: no closing '---' line; the file is read as Markdown "
                    + "without front matter"
            ])
    }

    /// Hugo writes TOML between `+++` lines (`hugo new` with the default archetype).
    @Test func tomlBetweenPlusLines() {
        let (reporter, collector) = collectingReporter("a/_index.md")
        let front = FrontMatter.parse(
            "+++\ntitle = 'Animals'\ndate = 2023-04-01T10:00:00+02:00\n+++\nBody\n", reporter: reporter)
        #expect(front.style == .toml)
        #expect(front.body == "Body\n")
        guard case .mapping(let pairs) = front.fields?.value else {
            Issue.record("expected a mapping")
            return
        }
        #expect(pairs.map { $0.key.scalar } == ["title", "date"])
        #expect(pairs[0].value.line == 2)
        #expect(collector.diagnostics.isEmpty)
        let broken = FrontMatter.parse("+++\ntitle = Animals\n+++\n", reporter: reporter)
        #expect(broken.fields == nil)
        #expect(
            collector.diagnostics.rendered == [
                "a/_index.md:2:9: error: front matter: 'Animals' is not a TOML value (strings need quotes)"
            ])
    }

    @Test func sigalHeadersUpToTheFirstBlankLine() {
        let (reporter, collector) = collectingReporter("dir/index.md")
        let text =
            "Title: An example\nThumbnail: 11.jpg\nORDER: 03\nLocation: Bavaria\n  and more\n\nBody: not a key\n"
        let front = FrontMatter.parse(text, reporter: reporter)
        #expect(front.style == .sigal)
        #expect(front.body == "Body: not a key\n")
        let fields = FieldReader(
            front.fields, knownKeys: AlbumMetadata.keys, reporter: reporter, sigalStyle: true)
        #expect(fields.string("title") == "An example")
        #expect(fields.string("cover") == "11.jpg")
        #expect(
            collector.diagnostics.rendered == [
                "dir/index.md:3:1: note: sigal key 'ORDER' is not used by galleryc; ignored",
                "dir/index.md:4:1: note: sigal key 'Location' is not used by galleryc; ignored",
            ])
    }

    @Test func sigalDateIsTypedAsUTC() throws {
        let (reporter, _) = collectingReporter()
        let front = FrontMatter.parse("date: 2020-01-01T09:00:00\n", reporter: reporter)
        let fields = FieldReader(front.fields, knownKeys: ["date"], reporter: reporter, sigalStyle: true)
        let date = try #require(fields.date("date"))
        #expect(date.timeIntervalSince1970 == 1_577_869_200)
    }

    @Test(arguments: [
        "Just Markdown.", "# Heading: with colon", "http://example.com is a link", "",
        "Note: a page line\n\nText",
    ])
    func plainMarkdownHasNoMetadata(text: String) {
        let (reporter, collector) = collectingReporter()
        let front = FrontMatter.parse(text, reporter: reporter)
        #expect(front.style == .none)
        #expect(front.fields == nil)
        #expect(front.body == text)
        #expect(collector.diagnostics.isEmpty)
    }
}
