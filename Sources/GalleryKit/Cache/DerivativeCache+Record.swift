import Foundation

/// What the cache keeps of a ``ProcessedPhoto``: everything but its ``PhotoSource``, which
/// the content stage supplies fresh at every build (titles and captions may change without
/// touching the derivatives).
public struct ProcessedPhotoRecord: Sendable, Hashable, Codable {
    /// Display size after EXIF orientation.
    public var width: Int
    public var height: Int
    public var exif: ExifSummary
    /// Renditions; their paths are relative to the site root.
    public var renditions: [Rendition]
    public var placeholder: String?
    public var dominantColor: String?
    public var focus: FocalPoint
    public var hasAlpha: Bool
    /// The published original, when site.yml asks for originals (nil in records written
    /// before originals existed).
    public var original: Rendition?

    /// The cacheable part of `photo`.
    public init(_ photo: ProcessedPhoto) {
        width = photo.width
        height = photo.height
        exif = photo.exif
        renditions = photo.renditions
        placeholder = photo.placeholder
        dominantColor = photo.dominantColor
        focus = photo.focus
        hasAlpha = photo.hasAlpha
        original = photo.original
    }

    /// The processed photo again, with this build's `source`.
    public func photo(source: PhotoSource) -> ProcessedPhoto {
        ProcessedPhoto(
            source: source, width: width, height: height, exif: exif, renditions: renditions,
            placeholder: placeholder, dominantColor: dominantColor, focus: focus, hasAlpha: hasAlpha,
            original: original)
    }

    /// Every file of the entry: the renditions, then the original when there is one.
    var files: [Rendition] { renditions + (original.map { [$0] } ?? []) }

    /// The file name each rendition has inside a cache entry (the last component of its path),
    /// or nil when a path is unsafe (absolute, `..`, empty parts) or two renditions share a name.
    var entryFileNames: [String]? {
        var names: [String] = []
        var seen: Set<String> = []
        for rendition in files {
            let parts = rendition.path.split(separator: "/", omittingEmptySubsequences: false)
            guard !rendition.path.hasPrefix("/"),
                parts.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." && !$0.contains("\0") }),
                let last = parts.last, last != DerivativeCache.recordFileName,
                seen.insert(String(last)).inserted
            else { return nil }
            names.append(String(last))
        }
        return names
    }
}

/// The contents of `photo.json`: a schema number and the key guard against entries written by
/// another version or moved to the wrong folder.
struct CacheEntryFile: Codable {
    static let currentSchema = 1
    var schema: Int
    var key: String
    var photo: ProcessedPhotoRecord
}
