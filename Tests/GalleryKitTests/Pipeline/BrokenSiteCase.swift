import Foundation
import Testing

@testable import GalleryKit

/// One kind of problem in a content folder, and what the whole build must say about it.
struct BrokenSiteCase: Sendable, CustomTestStringConvertible {
    var name: String
    /// Files added to a site that built fine before (path -> bytes).
    var files: [String: [UInt8]]
    var strict = false
    /// The diagnostics, exactly as printed (`file:line:col: severity: message`).
    var expected: [String]
    /// False when the problem only warns and the build goes on.
    var fails: Bool

    var testDescription: String { name }

    static func text(_ value: String) -> [UInt8] { Array(value.utf8) }

    /// A small valid JPEG made with galleryc's own encoder.
    static var jpeg: [UInt8] { (try? ImageTestSupport.jpeg(width: 24, height: 16)) ?? [] }

    /// The start of a little-endian TIFF: enough for the name to say "TIFF".
    static let tiff: [UInt8] = [0x49, 0x49, 0x2A, 0x00, 8, 0, 0, 0, 0, 0]

    /// The start of a PDF, as a menu scan might be saved under a .jpg name.
    static let pdf: [UInt8] = Array("%PDF-1.4\n".utf8)

    /// Enough of a JPEG for its header to parse, cut off inside the image data.
    static var truncatedJPEG: [UInt8] { Array(jpeg.prefix(jpeg.count * 2 / 3)) }

    static let all: [BrokenSiteCase] = [
        BrokenSiteCase(
            name: "bad YAML in front matter",
            files: [
                "album/index.md": text("---\ntitle: [unclosed\n---\n"), "album/a.jpg": jpeg,
                "album/a.md": alt,
            ],
            expected: [
                "album/index.md:3:1: error: front matter: did not find expected ',' or ']' (while parsing a flow sequence)"
            ],
            fails: true),
        BrokenSiteCase(
            name: "unknown key",
            files: ["about.md": text("---\ntitle: About\ncolour: red\n---\nText\n")],
            expected: ["about.md:3:1: warning: unknown key 'colour'; ignored"], fails: false),
        BrokenSiteCase(
            name: "wrong type",
            files: ["about.md": text("---\ntitle: About\ndraft: maybe\n---\nText\n")],
            expected: [
                "about.md:3:8: warning: 'draft' should be true or false, not 'maybe'; using the default"
            ],
            fails: false),
        BrokenSiteCase(
            name: "corrupt JPEG",
            files: ["album/cut.jpg": truncatedJPEG, "album/cut.md": alt],
            expected: [
                "album/cut.jpg: error: the image is damaged or truncated: JPEG: Premature end of JPEG file"
            ],
            fails: true),
        BrokenSiteCase(
            name: "zero-byte photo",
            files: ["album/empty.jpg": [], "album/empty.md": alt],
            expected: ["album/empty.jpg: error: the file is empty (0 bytes)"], fails: true),
        BrokenSiteCase(
            name: "TIFF photo",
            files: ["album/a.jpg": jpeg, "album/a.md": alt, "album/scan.tiff": tiff],
            expected: ["album/scan.tiff: warning: unsupported image format TIFF; skipped"], fails: false),
        BrokenSiteCase(
            name: "PDF named .jpg",
            files: ["album/menu.jpg": pdf, "album/menu.md": alt],
            expected: [
                "album/menu.jpg: error: not a JPEG, PNG, WebP, GIF, HEIC or AVIF image: this is a PDF file"
            ],
            fails: true),
        BrokenSiteCase(
            name: "missing template",
            files: ["special.md": text("---\ntitle: Special\ntemplate: gallery-special\n---\nText\n")],
            expected: [
                "special.md: error: template 'gallery-special' not found (looked for templates/gallery-special.mustache)"
            ],
            fails: true),
        BrokenSiteCase(
            name: "template syntax error in an override",
            files: ["templates/page.mustache": text("<p>\n{{#open}}\nline\n{{/close}}\n")],
            expected: [
                "templates/page.mustache:4:1: error: closing tag 'close' does not match section 'open' opened at 2:1"
            ],
            fails: true),
        BrokenSiteCase(
            name: "missing alt text under strict",
            files: ["album/bare.jpg": jpeg], strict: true,
            expected: ["album/bare.jpg: warning: photo has no alt text; add `alt:` to bare.md"], fails: true),
        BrokenSiteCase(
            name: "missing alt text without strict",
            files: ["album/bare.jpg": jpeg],
            expected: ["album/bare.jpg: warning: photo has no alt text; add `alt:` to bare.md"], fails: false),
    ]

    /// A sidecar that gives a photo alt text, so only the problem under test is reported.
    static let alt = text("---\nalt: \"A test photo\"\n---\n")
}
