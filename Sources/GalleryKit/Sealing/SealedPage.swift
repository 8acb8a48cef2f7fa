import Foundation

/// A page of a password-protected album as it is published: the page as a public album's
/// would be, sealed whole (with its own stylesheets, which hold its photos' values) into a
/// payload that `assets/sealed.js` decrypts and puts in place of the lock page.
///
/// Before sealing, every address of a sealed file in the page (``PageSealer/files``) is
/// replaced by its sealed copy's, in an attribute the browser does not load by itself:
/// `src` -> `data-gk-src`, `srcset` -> `data-gk-srcset`, `poster` -> `data-gk-poster`; a link
/// to a sealed file (an original, the album's ZIP) keeps `href`, now the sealed copy's, and
/// gains `data-gk-file` with the file's name to save it under. The script fetches and
/// decrypts what these name.
struct PageSealer: Sendable {
    /// What the decrypted page's sealed addresses become: the sealed copy's address, and
    /// the plaintext file's name (for a download).
    struct Target: Sendable, Hashable {
        var href: String
        var name: String
    }

    let key: AlbumKey
    let book: NonceBook
    /// By the address of the plaintext file as pages link it (``LinkBuilder/href(_:)``).
    let files: [String: Target]

    /// What `assets/sealed.js` reads: `{"css": [...], "html": "..."}`, sealed as `page:<path>`
    /// and base64-encoded for the lock page.
    func seal(html: String, css: [String], path: String) -> String {
        let payload = Payload(html: rewrite(html), css: css)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let json = (try? encoder.encode(payload)).map { Array($0) } ?? []
        return Data(book.seal(json, as: "page:" + path, with: key)).base64EncodedString()
    }

    private struct Payload: Encodable {
        var html: String
        var css: [String]
    }

    /// `html` with each sealed file's address replaced (see the type's documentation).
    func rewrite(_ html: String) -> String {
        guard !files.isEmpty else { return html }
        let attribute = /(?<space>\s)(?<name>src|srcset|poster|href)="(?<value>[^"]*)"/
        return html.replacing(attribute) { match in
            let name = String(match.output.name)
            let value = String(match.output.value)
            let space = String(match.output.space)
            switch name {
            case "srcset":
                var sealed = false
                let candidates = value.split(separator: ",").map { candidate -> String in
                    let parts = candidate.split(separator: " ", omittingEmptySubsequences: true)
                    guard let url = parts.first, let target = files[String(url)] else {
                        return candidate.trimmingCharacters(in: .whitespaces)
                    }
                    sealed = true
                    return ([target.href] + parts.dropFirst().map(String.init)).joined(separator: " ")
                }
                guard sealed else { return String(match.output.0) }
                return space + "data-gk-srcset=\"" + candidates.joined(separator: ", ") + "\""
            case "href":
                guard let target = files[value] else { return String(match.output.0) }
                return space + "href=\"\(target.href)\" data-gk-file=\"\(Self.attributeText(target.name))\""
            default:
                guard let target = files[value] else { return String(match.output.0) }
                return space + "data-gk-\(name)=\"\(target.href)\""
            }
        }
    }

    /// `text` safe inside a double-quoted attribute.
    private static func attributeText(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "<", with: "&lt;")
    }
}
