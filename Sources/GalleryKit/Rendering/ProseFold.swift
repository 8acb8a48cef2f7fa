import Foundation

/// A page's Markdown as the default theme shows it so that photos come first: a leading `# `
/// heading taken out (the page's heading is said once, as its `<h1>`), and a long text folded
/// to its lead (the first paragraph, after any headings), with the rest behind a "Read more"
/// control (`<details>`, which needs no script).
///
/// It reads the HTML that cmark writes: top-level blocks one after another, each `<p>` and
/// `<hN>` without attributes closed on the same line as its text ends. Anything else (a list or
/// raw HTML first) has no lead, so all of a long text folds.
struct ProseFold: Sendable, Equatable {
    /// The inner HTML of a leading `<h1>`, when the text starts with one.
    var heading: String?
    /// The text after that heading (all of it when it is not folded).
    var body: String
    /// For a folded text: the lead, shown clamped to a few lines.
    var lead: String?
    /// For a folded text: what the control reveals.
    var more: String?

    var isFolded: Bool { lead != nil || more != nil }

    /// Texts up to this many characters (tags left out) are shown whole: about three lines of
    /// the album header's measure.
    static let foldCharacters = 280

    init(html: String, fold: Bool) {
        var rest = Substring(html)
        if rest.hasPrefix("<h1>"), let end = rest.range(of: "</h1>\n") {
            heading = String(rest[rest.index(rest.startIndex, offsetBy: 4)..<end.lowerBound])
            rest = rest[end.upperBound...]
        }
        body = String(rest)
        guard fold, ContextBuilder.textLength(body) > Self.foldCharacters else { return }
        var leadEnd = rest.startIndex
        var cursor = rest
        // Leading headings, then one paragraph.
        while let close = Self.blockClose(cursor) {
            let end = cursor.range(of: close)?.upperBound ?? cursor.endIndex
            leadEnd = end
            cursor = rest[end...]
            if close == "</p>\n" { break }
        }
        let leadText = String(rest[..<leadEnd])
        lead = leadText.isEmpty ? nil : leadText
        more = String(rest[leadEnd...])
    }

    /// The closing tag of the block `text` starts with, when it is a paragraph or a heading
    /// that is closed.
    private static func blockClose(_ text: Substring) -> String? {
        if text.hasPrefix("<p>") { return text.contains("</p>\n") ? "</p>\n" : nil }
        for level in 2...6 where text.hasPrefix("<h\(level)>") {
            let close = "</h\(level)>\n"
            return text.contains(close) ? close : nil
        }
        return nil
    }

    /// The least visible text of the folded (or whole) prose, in characters, for estimating
    /// the height above the photos: a folded text shows at most its lead.
    var visibleCharacters: Int {
        guard isFolded else { return ContextBuilder.textLength(body) }
        return min(ContextBuilder.textLength(lead ?? ""), Self.foldCharacters)
    }

    /// Adds the template keys: `heading` (the leading `<h1>`'s inner HTML), `html` (the text
    /// after it, when there is any), and for a folded text `fold` (`lead`, `more`).
    func add(to value: inout [String: TemplateValue]) {
        if let heading { value["heading"] = .string(heading) }
        if !body.isEmpty { value["html"] = .string(body) }
        guard isFolded else { return }
        var fold: [String: TemplateValue] = [:]
        if let lead { fold["lead"] = .string(lead) }
        if let more, !more.isEmpty { fold["more"] = .string(more) }
        value["fold"] = .dictionary(fold)
    }
}
