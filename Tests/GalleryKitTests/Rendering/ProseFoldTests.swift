import Foundation
import Testing

@testable import GalleryKit

/// Markdown text as the theme shows it: a leading `# ` heading said once, a long text folded to
/// its lead.
@Suite struct ProseFoldTests {
    static let long = String(repeating: "Words and more words. ", count: 20)

    @Test func aLeadingHeadingBecomesThePagesHeading() {
        let fold = ProseFold(html: "<h1>About <em>this</em> site</h1>\n<p>Hello.</p>\n", fold: false)
        #expect(fold.heading == "About <em>this</em> site")
        #expect(fold.body == "<p>Hello.</p>\n")
        #expect(!fold.isFolded)
        let plain = ProseFold(html: "<p>Hello.</p>\n<h1>Later</h1>\n", fold: false)
        #expect(plain.heading == nil && plain.body == "<p>Hello.</p>\n<h1>Later</h1>\n")
    }

    @Test func aShortTextIsShownWhole() {
        let fold = ProseFold(
            html: "<p>Two lines of text.</p>\n<ul>\n<li>and a list</li>\n</ul>\n", fold: true)
        #expect(!fold.isFolded && fold.lead == nil && fold.more == nil)
        var value: [String: TemplateValue] = [:]
        fold.add(to: &value)
        #expect(value["fold"] == nil && value["html"] == .string(fold.body))
    }

    @Test func aLongTextFoldsAfterItsHeadingsAndFirstParagraph() {
        let html = "<h2>Notes</h2>\n<p>First \(Self.long)</p>\n<h3>More</h3>\n<p>Second.</p>\n"
        let fold = ProseFold(html: html, fold: true)
        #expect(fold.lead == "<h2>Notes</h2>\n<p>First \(Self.long)</p>\n")
        #expect(fold.more == "<h3>More</h3>\n<p>Second.</p>\n")
        #expect(fold.visibleCharacters == ProseFold.foldCharacters, "at most the lead's first lines show")
        var value: [String: TemplateValue] = [:]
        fold.add(to: &value)
        #expect(value["html"] == .string(html), "html stays the whole text")
        #expect(
            value["fold"]
                == .dictionary(["lead": .string(fold.lead ?? ""), "more": .string(fold.more ?? "")]))
    }

    @Test func aLongTextThatStartsWithAListFoldsWhole() {
        let html = "<ul>\n<li>\(Self.long)</li>\n</ul>\n"
        let fold = ProseFold(html: html, fold: true)
        #expect(fold.lead == nil && fold.more == html && fold.isFolded)
    }

    @Test func oneLongParagraphFoldsWithNothingMore() {
        let fold = ProseFold(html: "<p>\(Self.long)</p>\n", fold: true)
        #expect(fold.lead == "<p>\(Self.long)</p>\n" && fold.more == "")
        var value: [String: TemplateValue] = [:]
        fold.add(to: &value)
        #expect(value["fold"] == .dictionary(["lead": .string(fold.lead ?? "")]))
    }
}
