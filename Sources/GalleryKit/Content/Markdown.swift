internal import CCmark
import Foundation

/// CommonMark to HTML through libcmark. The only file that imports CCmark.
enum Markdown {
    /// Renders Markdown to an HTML fragment with smart punctuation (curly quotes, dashes).
    ///
    /// - Parameters:
    ///   - text: CommonMark source.
    ///   - allowRawHTML: keep raw HTML and `javascript:` links (`raw_html: true` in site.yml);
    ///     when false, cmark's safe mode replaces raw HTML with a comment and empties unsafe links.
    ///   - resolveLink: rewrites the destination of every link and image before rendering (used
    ///     to turn `../trip/index.md` into the page's URL under the site's base path).
    /// - Returns: the HTML; empty for empty input.
    static func render(
        _ text: String, allowRawHTML: Bool, resolveLink: ((String) -> String)? = nil
    ) -> String {
        var options = CMARK_OPT_SMART
        if allowRawHTML { options |= CMARK_OPT_UNSAFE }
        let utf8 = Array(text.utf8)
        guard !utf8.isEmpty else { return "" }
        let document = utf8.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.flatMap { base in
                base.withMemoryRebound(to: CChar.self, capacity: buffer.count) { chars in
                    cmark_parse_document(chars, buffer.count, options)
                }
            }
        }
        guard let document else { return "" }
        defer { cmark_node_free(document) }
        if let resolveLink { rewriteLinks(in: document, resolveLink) }
        guard let html = cmark_render_html(document, options) else { return "" }
        defer { free(html) }
        return String(cString: html)
    }

    /// Walks the tree and replaces each link's and image's URL with `resolve(url)`.
    private static func rewriteLinks(in document: OpaquePointer, _ resolve: (String) -> String) {
        guard let iterator = cmark_iter_new(document) else { return }
        defer { cmark_iter_free(iterator) }
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator) else {
                continue
            }
            let type = cmark_node_get_type(node)
            guard type == CMARK_NODE_LINK || type == CMARK_NODE_IMAGE,
                let url = cmark_node_get_url(node)
            else { continue }
            let original = String(cString: url)
            let resolved = resolve(original)
            if resolved != original { cmark_node_set_url(node, resolved) }
        }
    }
}
