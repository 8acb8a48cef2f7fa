/// A photo the image stage could not use, named relative to the content folder.
typealias ImageError = BuildError<ImageProblem>

/// Why the image stage could not use a photo.
enum ImageProblem: ErrorReason {
    /// The file has zero bytes.
    case emptyFile
    /// Damaged or cut short; the text is libjpeg's or libpng's message.
    case corrupt(String)
    /// Not a JPEG, PNG, WebP or HEIC/HEIF; the text says what the bytes look like.
    case notAnImage(String)
    /// A real image in a format galleryc does not read yet (a warning).
    case unsupportedFormat(String)
    /// The declared size is above the pixel limit; refused before decoding.
    case tooLarge(width: Int, height: Int, limitMegapixels: Int)
    /// The file could not be read.
    case unreadable(String)
    /// A FIFO, device or socket with a photo's name.
    case notARegularFile
    /// Larger than a photo of its declared size could be (damaged, or not a photo).
    case implausibleSize(bytes: Int64, limit: Int64)
    /// Larger than any photo file galleryc reads.
    case fileTooLarge(bytes: Int64, limit: Int64)
    /// A rendition could not be encoded or written.
    case cannotWrite(String)

    /// The reason in words.
    var message: String {
        switch self {
        case .emptyFile: "the file is empty (0 bytes)"
        case .corrupt(let detail): "the image is damaged or truncated: \(detail)"
        case .notAnImage(let detail): "not a JPEG, PNG, WebP or HEIC image: \(detail)"
        case .unsupportedFormat(let detail): "unsupported image format: \(detail)"
        case .tooLarge(let width, let height, let limit):
            "the image declares \(width) x \(height) pixels; the limit is \(limit) megapixels"
        case .unreadable(let detail): "cannot read the file: \(detail)"
        case .notARegularFile: "not a regular file (a FIFO, device or socket); only files are read"
        case .implausibleSize(let bytes, let limit):
            "the file is \(byteCountText(bytes)), more than a photo of the size it declares "
                + "could hold (\(byteCountText(limit))): it is damaged, or not a photo"
        case .fileTooLarge(let bytes, let limit):
            "the file is \(byteCountText(bytes)); photo files over "
                + "\(byteCountText(limit)) are not read"
        case .cannotWrite(let detail): "cannot write a rendition: \(detail)"
        }
    }

    /// Unsupported formats only warn: the photo is skipped, the build goes on.
    var severity: Severity {
        if case .unsupportedFormat = self { return .warning }
        return .error
    }
}
