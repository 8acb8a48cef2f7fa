import Foundation

/// The generated stylesheet of one page, `assets/galleryc-page.<hash>.css`: the values that
/// differ per photo (aspect ratio, focal point, placeholder, dominant colour) under one class
/// per photo, the page's justified rows, and a few rules for single elements (hero
/// backgrounds, View Transition names). Pages carry no `style` attribute, so a strict
/// Content-Security-Policy (`default-src 'self'`) holds; the file is content-hashed, so hosts
/// can cache it forever and identical pages share one file.
struct PageStyles: Sendable, Hashable {
    /// The name templates and the page's `assets.pageCSS` know it by.
    static let assetName = "galleryc-page.css"

    /// Declarations by class name, one entry per photo shown on the page.
    private var photos: [String: String] = [:]
    /// Declarations by selector, by the group rule around them (`@media …`, `@supports …`, ""
    /// for none).
    private var rules: [String: [String: String]] = [:]
    /// The justified rows of the page's photo list, if it has one.
    var layout = ""

    init() {}

    /// `gk-p-<10 hex digits>`: the class of one photo, the same on every page (a hash of its
    /// source path).
    static func className(for photo: ProcessedPhoto) -> String {
        "gk-p-" + SHA256.hex(photo.source.sourcePath).prefix(10)
    }

    /// Adds the photo's values (once per page) and returns its class.
    ///
    /// `--gk-ratio` (width / height), `--gk-focus` (`object-position` of every crop),
    /// `--gk-placeholder` (the blur-up preview, a `data:` URL) and `--gk-dominant` (absent for
    /// photos with alpha: nothing may show through their clear parts).
    @discardableResult
    mutating func add(_ photo: ProcessedPhoto) -> String {
        let name = Self.className(for: photo)
        if photos[name] == nil {
            var declarations = "--gk-ratio: \(Self.ratio(of: photo)); --gk-focus: \(Self.focus(of: photo));"
            if let placeholder = photo.placeholder {
                declarations += " --gk-placeholder: url('\(placeholder)');"
            }
            if let color = photo.dominantColor, !photo.hasAlpha {
                declarations += " --gk-dominant: \(color);"
            }
            // The largest rendition, in CSS pixels: the theme never draws the photo larger, so
            // a small photo is shown at its own size.
            if let largest = photo.renditions.filter({ !$0.isAnimated }).max(by: { $0.width < $1.width }) {
                declarations += " --gk-max-w: \(largest.width)px; --gk-max-h: \(largest.height)px;"
            }
            photos[name] = declarations
        }
        return name
    }

    /// Adds a rule for `selector`, inside the group rule `within` (`@media (…)`) when given (the
    /// last declarations given for a selector win).
    mutating func add(selector: String, declarations: String, within group: String = "") {
        rules[group, default: [:]][selector] = declarations
    }

    /// `1.5`: the photo's width / height, four decimals.
    static func ratio(of photo: ProcessedPhoto) -> String {
        DisplayFormat.number(Double(max(photo.width, 1)) / Double(max(photo.height, 1)), digits: 4)
    }

    /// `62% 40%`: the focal point as an `object-position`.
    static func focus(of photo: ProcessedPhoto) -> String {
        "\(DisplayFormat.number(photo.focus.x * 100))% \(DisplayFormat.number(photo.focus.y * 100))%"
    }

    var isEmpty: Bool { photos.isEmpty && rules.isEmpty && layout.isEmpty }

    /// The stylesheet: photo classes, then the other rules (both sorted), then the rows.
    var css: String {
        var css = "/* galleryc: this page's photos, generated at build time. */\n"
        for name in photos.keys.sorted() {
            css += ".\(name) { \(photos[name] ?? "") }\n"
        }
        for media in rules.keys.sorted() {
            let block = rules[media] ?? [:]
            let indent = media.isEmpty ? "" : "    "
            if !media.isEmpty { css += "\(media) {\n" }
            for selector in block.keys.sorted() {
                css += "\(indent)\(selector) { \(block[selector] ?? "") }\n"
            }
            if !media.isEmpty { css += "}\n" }
        }
        return css + layout
    }

    /// The published file, nil when the page needs none.
    var file: OutputFile? {
        guard !isEmpty else { return nil }
        let bytes = Array(css.utf8)
        return OutputFile(
            path: "assets/" + ThemeAssets.hashedName(Self.assetName, bytes: bytes), contents: bytes)
    }
}
