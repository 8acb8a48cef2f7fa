import Foundation

/// The words shown for a photo: its title, alt text and caption, each from the first source
/// that has it (the README's "Titles, captions and alt text"):
///
/// 1. the sidecar `.md` (`title:`, `alt:`, its Markdown body as the caption);
/// 2. the photo's XMP and IPTC (`dc:title` / ObjectName, `dc:description` / Caption-Abstract),
///    an `.xmp` sidecar's field by field before the file's own;
/// 3. EXIF ImageDescription, else UserComment, unless it is camera boilerplate
///    (``isBoilerplate(_:exif:)``): as a description only, never a title;
/// 4. nothing: the photo has no title (pages show its position, "Photo 3 of 12"), and without
///    an alt it raises the missing-alt warning. The file name is never used.
///
/// The alt is the sidecar `alt:`, else the title, else the description cut at a sentence
/// boundary (``altText(from:)``). The description, when it is not the title, is the caption
/// where the sidecar has none.
struct PhotoText: Sendable, Hashable {
    /// The title, nil when no source gives one.
    let title: String?
    /// The alt text; empty when ``isAltMissing``.
    let alt: String
    /// True when no source gave alt text (a warning: see ``missingAltDiagnostic(for:)``).
    let isAltMissing: Bool
    /// The description from metadata (XMP, IPTC, meaningful EXIF), nil when none.
    let description: String?
    /// The caption as HTML: the sidecar's Markdown, else the description as paragraphs;
    /// empty when neither.
    let captionHTML: String
    /// What the item is called where it has no title or alt: "Photo", or "Video" for a clip.
    let noun: String
    /// True when the photo has a title (shown under its grid thumbnail).
    var hasExplicitTitle: Bool { title != nil }

    /// Longest alt text taken whole from a description; longer ones are cut.
    static let altLimit = 150

    init(_ photo: ProcessedPhoto) {
        let source = photo.source
        noun = source.isVideo ? "Video" : "Photo"
        let metadata = (source.described ?? DescriptiveMetadata()).filled(
            from: photo.described ?? DescriptiveMetadata())
        let exifDescription = [photo.exif.imageDescription, photo.exif.userComment].lazy
            .compactMap { Self.nonEmpty($0) }
            .first { !Self.isBoilerplate($0, exif: photo.exif) }
        title = Self.nonEmpty(source.title) ?? Self.nonEmpty(metadata.title)
        let description = Self.nonEmpty(metadata.description) ?? exifDescription
        self.description = description
        if let alt = Self.nonEmpty(source.alt) ?? title ?? description.map(Self.altText(from:)) {
            self.alt = alt
            isAltMissing = false
        } else {
            alt = ""
            isAltMissing = true
        }
        if !source.captionHTML.isEmpty {
            captionHTML = source.captionHTML
        } else if let description, description != title {
            captionHTML = Self.paragraphs(description)
        } else {
            captionHTML = ""
        }
    }

    /// The title, else the photo's position (`Photo 3 of 12`, `Video 4 of 12`).
    func title(position: Int, of count: Int) -> String {
        title ?? place(position, count)
    }

    /// What the viewer announces when the item becomes current: `Photo 3 of 12: Harbour`.
    func announcement(position: Int, of count: Int) -> String {
        title.map { "\(place(position, count)): \($0)" } ?? place(position, count)
    }

    /// `Photo 3 of 12`, `Video 4 of 12`.
    private func place(_ position: Int, _ count: Int) -> String {
        "\(noun) \(position) of \(count)"
    }

    /// The alt text, else (when ``isAltMissing``) the photo's position, so that a linked
    /// thumbnail still has a name; never the file name.
    func alt(position: Int, of count: Int) -> String {
        isAltMissing ? place(position, count) : alt
    }

    /// The warning for a photo without alt text, on the photo's own file.
    static func missingAltDiagnostic(for source: PhotoSource) -> Diagnostic {
        var stem = source.fileName
        if let dot = stem.lastIndex(of: "."), dot != stem.startIndex {
            stem = String(stem[..<dot])
        }
        return Diagnostic(
            .warning, SourceLocation(file: source.sourcePath),
            "\(source.isVideo ? "video" : "photo") has no alt text; add `alt:` to \(stem).md",
            kind: "missingAltText")
    }

    /// A description short enough to be alt text: whole when at most ``altLimit`` characters,
    /// else its first sentence when that is short enough, else cut at the last space before
    /// the limit, with an ellipsis.
    static func altText(from description: String) -> String {
        let text = description.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        guard text.count > altLimit else { return text }
        var index = text.startIndex
        while index < text.endIndex {
            let next = text.index(after: index)
            if ".!?。".contains(text[index]), next == text.endIndex || text[next] == " " {
                let sentence = String(text[...index])
                if sentence.count <= altLimit { return sentence }
                break
            }
            index = next
        }
        let head = text.prefix(altLimit)
        let cut = head.lastIndex(of: " ").map { head[..<$0] } ?? head
        return cut.trimmingCharacters(in: .punctuationCharacters.union(.whitespaces)) + "…"
    }

    /// True when an EXIF description is what a camera or program writes on its own: a known
    /// placeholder (``cameraPlaceholders``, compared ignoring case and repeated spaces), a
    /// folder path (`DCIM\100GOPRO`, `DCIM\100MEDIA`), the camera's make or model, or text
    /// with no letter or digit in it.
    static func isBoilerplate(_ text: String, exif: ExifSummary) -> Bool {
        let normal = text.split(whereSeparator: \.isWhitespace).joined(separator: " ").uppercased()
        if cameraPlaceholders.contains(normal) { return true }
        if normal.hasPrefix("DCIM\\") || normal.hasPrefix("DCIM/") { return true }
        if !normal.unicodeScalars.contains(where: { CharacterSet.alphanumerics.contains($0) }) { return true }
        let make = exif.cameraMake?.uppercased()
        let model = exif.cameraModel?.uppercased()
        return [make, model, make.flatMap { make in model.map { make + " " + $0 } }]
            .contains { $0 == normal }
    }

    /// Descriptions that cameras, phones and programs write on their own; they describe
    /// nothing, so they are neither a title nor alt text (and must not hide the missing-alt
    /// warning). Gathered from camera sample collections and from what other photo tools
    /// filter (digiKam, PhotoPrism, Piwigo): makers' "DIGITAL CAMERA" strings; Samsung's,
    /// Kodak's and Sony's; the scene codes Huawei phones write (`rhdr`, `hdrpl`, ...);
    /// Windows' and GIMP's defaults; UserComment's own character-code names when a writer put
    /// nothing after them; generic words.
    static let cameraPlaceholders: Set<String> = [
        // Camera makers
        "OLYMPUS DIGITAL CAMERA", "SONY DSC", "DIGITAL CAMERA", "MINOLTA DIGITAL CAMERA",
        "KONICA MINOLTA DIGITAL CAMERA", "KODAK DIGITAL STILL CAMERA", "SANYO DIGITAL CAMERA",
        "SAMSUNG DIGITAL CAMERA", "PENTAX DIGITAL CAMERA", "NIKON DIGITAL CAMERA", "FUJIFILM DIGITAL CAMERA",
        "CASIO DIGITAL CAMERA", "LEICA DIGITAL CAMERA", "RICOH DIGITAL CAMERA", "PANASONIC DIGITAL CAMERA",
        "SAMSUNG", "SAMSUNG CAMERA PICTURES", "<KENOX S630 / SAMSUNG S630>", "EXIF_JPEG_PICTURE",
        "HUAWEI", "XIAOMI", "APPLE", "MOTOROLA", "GOPRO",
        // Phone scene codes (Huawei)
        "RHDR", "HDRPL", "OZNOR", "FRONTBHDP", "FBT", "RBT", "PTR", "FBTHDR", "BTF", "BTFHDR", "BTR", "EDR",
        "PTRHDR", "FBTMDN", "PTRMDN", "RBTMDN", "PTRBT", "VHDR", "MDE_SOFT", "NOR", "SMARTFUSION",
        // Programs and placeholders
        "BINARY COMMENT", "CREATED WITH GIMP", "LEAD TECHNOLOGIES INC. V1.01", "ASCII", "UNICODE", "JIS",
        "DEFAULT", "DCIM", "IMAGE", "JPEG IMAGE", "JPEG", "JPG", "IMG", "PHOTO", "PICTURE", "CAMERA",
        "UNTITLED", "UNTITLED IMAGE", "NO TITLE", "DESCRIPTION", "IMAGE DESCRIPTION", "TITLE", "NONE", "NULL",
        "N/A",
    ]

    /// `text` as HTML paragraphs (split at blank lines; single line ends kept as `<br>`), escaped.
    static func paragraphs(_ text: String) -> String {
        let normalised = text.replacingOccurrences(of: "\r\n", with: "\n")
        return normalised.components(separatedBy: "\n\n")
            .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            .filter { !$0.isEmpty }
            .map {
                "<p>" + TemplateRenderer.escaped($0).replacingOccurrences(of: "\n", with: "<br>\n") + "</p>"
            }
            .joined(separator: "\n")
    }

    private static func nonEmpty(_ text: String?) -> String? {
        guard let text, let first = text.unicodeScalars.first, let last = text.unicodeScalars.last else {
            return nil
        }
        // Most texts have nothing to trim: Foundation's trimming costs a 10,000-photo site tens
        // of milliseconds on every build.
        if !first.properties.isWhitespace, !last.properties.isWhitespace { return text }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty ? nil : trimmed
    }
}
