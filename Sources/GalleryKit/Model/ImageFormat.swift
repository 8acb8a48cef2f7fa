/// An image file format galleryc reads or writes.
enum ImageFormat: String, Sendable, Hashable, CaseIterable {
    case jpeg
    case png
    case webp
    case avif

    /// The file extension written for this format.
    var fileExtension: String {
        switch self {
        case .jpeg: "jpg"
        case .png: "png"
        case .webp: "webp"
        case .avif: "avif"
        }
    }

    /// The MIME type, for `<source type>`.
    var mimeType: String { "image/\(rawValue)" }
}
