import Foundation

/// The words shown for a photo: its title and its alt text, with the fallbacks the design asks
/// for.
struct PhotoText: Sendable, Hashable {
    /// Sidecar title, else EXIF ImageDescription, else the humanised file name.
    let title: String
    /// Sidecar `alt:`, else EXIF ImageDescription, else the sidecar title, else the humanised
    /// file name (which also raises a warning: see ``isAltMissing``).
    let alt: String
    /// True when the alt text is only the humanised file name.
    let isAltMissing: Bool
    /// True when the sidecar gave the photo a title (shown under its grid thumbnail).
    let hasExplicitTitle: Bool

    init(_ photo: ProcessedPhoto) {
        let source = photo.source
        let sidecarTitle = Self.nonEmpty(source.title)
        let description = Self.nonEmpty(photo.exif.imageDescription).flatMap {
            Self.cameraPlaceholders.contains($0.uppercased()) ? nil : $0
        }
        let fileTitle = DisplayFormat.humanizedFileName(source.fileName)
        title = sidecarTitle ?? description ?? fileTitle
        hasExplicitTitle = sidecarTitle != nil
        if let alt = Self.nonEmpty(source.alt) ?? description ?? sidecarTitle {
            self.alt = alt
            isAltMissing = false
        } else {
            alt = fileTitle
            isAltMissing = true
        }
    }

    /// The warning for a photo without alt text, on the photo's own file.
    static func missingAltDiagnostic(for source: PhotoSource) -> Diagnostic {
        var stem = source.fileName
        if let dot = stem.lastIndex(of: "."), dot != stem.startIndex {
            stem = String(stem[..<dot])
        }
        return Diagnostic(
            .warning, SourceLocation(file: source.sourcePath),
            "\(source.isVideo ? "video" : "photo") has no alt text; add `alt:` to \(stem).md")
    }

    /// ImageDescription values that cameras write on their own; they describe nothing, so they
    /// are neither a title nor alt text (and must not hide the missing-alt warning).
    static let cameraPlaceholders: Set<String> = [
        "OLYMPUS DIGITAL CAMERA", "SONY DSC", "DIGITAL CAMERA", "MINOLTA DIGITAL CAMERA",
        "KONICA MINOLTA DIGITAL CAMERA", "KODAK DIGITAL STILL CAMERA", "SAMSUNG CAMERA PICTURES",
        "EXIF_JPEG_PICTURE", "DEFAULT", "DCIM", "IMAGE", "PHOTO", "PICTURE", "UNTITLED",
    ]

    private static func nonEmpty(_ text: String?) -> String? {
        guard let text else { return nil }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty ? nil : trimmed
    }
}
