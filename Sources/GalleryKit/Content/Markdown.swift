internal import CCmark
import Foundation

/// CommonMark to HTML through libcmark. The only file that imports CCmark.
public enum Markdown {
    /// Renders Markdown to an HTML fragment with smart punctuation (curly quotes, dashes).
    ///
    /// - Parameters:
    ///   - text: CommonMark source.
    ///   - allowRawHTML: keep raw HTML and `javascript:` links (`raw_html: true` in site.yml);
    ///     when false, cmark's safe mode replaces raw HTML with a comment and empties unsafe links.
    /// - Returns: the HTML; empty for empty input.
    public static func render(_ text: String, allowRawHTML: Bool) -> String {
        var options = CMARK_OPT_SMART
        if allowRawHTML { options |= CMARK_OPT_UNSAFE }
        let utf8 = Array(text.utf8)
        guard !utf8.isEmpty else { return "" }
        let html = utf8.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.flatMap { base in
                base.withMemoryRebound(to: CChar.self, capacity: buffer.count) { chars in
                    cmark_markdown_to_html(chars, buffer.count, options)
                }
            }
        }
        guard let html else { return "" }
        defer { free(html) }
        return String(cString: html)
    }
}
