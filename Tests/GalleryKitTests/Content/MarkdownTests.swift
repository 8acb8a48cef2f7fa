import Testing

@testable import GalleryKit

@Suite struct MarkdownTests {
    @Test func rendersCommonMarkWithSmartPunctuation() {
        let html = Markdown.render("# Hi\n\n\"Quoted\" -- and *em*...", allowRawHTML: false)
        #expect(html.contains("<h1>Hi</h1>"))
        #expect(html.contains("\u{201C}Quoted\u{201D} \u{2013} and <em>em</em>\u{2026}"))
    }

    @Test func rawHTMLIsDroppedByDefault() {
        let html = Markdown.render("<script>alert(1)</script>\n\nText <b>bold</b>", allowRawHTML: false)
        #expect(!html.contains("<script>"))
        #expect(!html.contains("<b>"))
        #expect(html.contains("raw HTML omitted"))
    }

    @Test func javascriptLinksAreNeutralisedByDefault() {
        let html = Markdown.render("[click](javascript:alert(1))", allowRawHTML: false)
        #expect(!html.contains("javascript:"))
        #expect(html.contains("<a href=\"\">click</a>"))
    }

    @Test func rawHTMLIsKeptWhenAllowed() {
        let html = Markdown.render("<figure>x</figure>\n\n[a](javascript:void(0))", allowRawHTML: true)
        #expect(html.contains("<figure>x</figure>"))
        #expect(html.contains("href=\"javascript:void(0)\""))
    }

    @Test func emptyInput() {
        #expect(Markdown.render("", allowRawHTML: false) == "")
    }
}
