/// A photo the image stage could not use, named relative to the content folder.
typealias ImageError = BuildError<ImageProblem>

/// Why the image stage could not use a photo.
enum ImageProblem: ErrorReason {
    /// The file has zero bytes.
    case emptyFile
    /// Damaged or cut short; the text names the codec and gives its words
    /// (``CodecFailure/description``).
    case corrupt(String)
    /// Not an image format galleryc reads; the text says what the bytes look like.
    case notAnImage(String)
    /// A real image in a format, or of a kind, galleryc does not read (a warning).
    case unsupportedFormat(String)
    /// A camera RAW file LibRaw does not read (an unknown camera, or not a RAW at all): an error.
    case unreadableRAW(String)
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
    /// A codec failed on a source for a reason that is not the file's (out of memory, a call
    /// the library refused); the text names the codec.
    case codecFailed(String)
    /// Larger than the decoding library reads at all (libheif's security limit, 32768 px a
    /// side): refused by the library before galleryc sees its size; the text is its message.
    case beyondDecoderLimit(String)
    /// Even decoded at the smallest DCT scale that covers the largest rendition, the image has
    /// more pixels than `images.max_megapixels`.
    case tooLargeDecoded(width: Int, height: Int, scale: Int, limitMegapixels: Int)
    /// A JPEG whose own decoding needs more working memory than the limit allows (a progressive
    /// JPEG holds all its coefficients); the limit follows `images.max_megapixels`.
    case decodeMemory(width: Int, height: Int, limitMegabytes: Int)
    /// An animation whose frames together hold more pixels than `images.max_megapixels`.
    case animationTooLarge(width: Int, height: Int, frames: Int, limitMegapixels: Int)
    /// Published, but libjpeg recovered from damaged data (a warning).
    case damagedButPublished(message: String, count: Int)
    /// Published, but its ICC profile was left out (a warning).
    case profileLeftOut(String)

    /// The diagnostic for a codec's failure: the one place where a ``CodecFailure`` becomes a
    /// message. Its kind decides the reason (and so the severity); the codec's words go in.
    /// - Parameters:
    ///   - limitMegapixels: `images.max_megapixels`, which the size messages name.
    ///   - rendition: the file being written, when the failure came from encoding or
    ///     resizing a rendition: then it is a rendition that could not be written, whatever
    ///     the kind.
    init(_ failure: CodecFailure, limitMegapixels: Int, writing rendition: String? = nil) {
        if let rendition {
            self = .cannotWrite("\(rendition): \(failure)")
            return
        }
        switch failure.kind {
        case .damaged: self = .corrupt(failure.description)
        case .unsupported: self = .unsupportedFormat(failure.description)
        case .unreadableRAW: self = .unreadableRAW(failure.description)
        case .tooLarge(let width, let height):
            self = .tooLarge(width: width, height: height, limitMegapixels: limitMegapixels)
        case .tooLargeScaled(let width, let height, let scale):
            self = .tooLargeDecoded(
                width: width, height: height, scale: scale, limitMegapixels: limitMegapixels)
        case .animationTooLarge(let width, let height, let frames):
            self = .animationTooLarge(
                width: width, height: height, frames: frames, limitMegapixels: limitMegapixels)
        case .beyondLibraryLimit: self = .beyondDecoderLimit(failure.description)
        case .workingMemory(let width, let height):
            self = .decodeMemory(width: width, height: height, limitMegabytes: limitMegapixels * 4)
        case .failed: self = .codecFailed(failure.description)
        }
    }

    /// The warning for a notice the image stage recorded.
    init(_ notice: ImageNotice) {
        switch notice {
        case .damagedData(let message, let count): self = .damagedButPublished(message: message, count: count)
        case .profileIgnored(let text): self = .profileLeftOut(text)
        }
    }

    /// The reason in words.
    var message: String {
        switch self {
        case .emptyFile: "the file is empty (0 bytes)"
        case .corrupt(let detail): "the image is damaged or truncated: \(detail)"
        case .notAnImage(let detail): "not a JPEG, PNG, WebP, GIF, HEIC or AVIF image: \(detail)"
        case .unsupportedFormat(let detail): "unsupported image format: \(detail)"
        case .unreadableRAW(let detail): "the camera RAW file cannot be read: \(detail)"
        case .tooLarge(let width, let height, let limit):
            "the image declares \(width) x \(height) pixels; the limit is \(limit) megapixels "
                + "(images.max_megapixels in site.yml)"
        case .tooLargeDecoded(let width, let height, let scale, let limit):
            "even decoded at \(scale)/8 of its size the image is \(width) x \(height) pixels; the "
                + "limit is \(limit) megapixels (images.max_megapixels in site.yml)"
        case .decodeMemory(let width, let height, let limit):
            "decoding this \(width) x \(height) JPEG needs more than \(limit) MB of working memory "
                + "(a progressive JPEG holds all its coefficients); the limit follows "
                + "images.max_megapixels in site.yml"
        case .animationTooLarge(let width, let height, let frames, let limit):
            "the animation has \(frames)\(frames > 1 ? " or more" : "") frames of \(width) x \(height) pixels; "
                + "the limit for all frames together is \(limit) megapixels (images.max_megapixels in site.yml)"
        case .damagedButPublished(let message, let count):
            "the JPEG data is damaged; it was published as libjpeg decoded it: \(message)"
                + (count > 1 ? " (and \(count - 1) more warning\(count > 2 ? "s" : ""))" : "")
        case .profileLeftOut(let text): text
        case .unreadable(let detail): "cannot read the file: \(detail)"
        case .notARegularFile: "not a regular file (a FIFO, device or socket); only files are read"
        case .implausibleSize(let bytes, let limit):
            "the file is \(byteCountText(bytes)), more than a photo of the size it declares "
                + "could hold (\(byteCountText(limit))): it is damaged, or not a photo"
        case .fileTooLarge(let bytes, let limit):
            "the file is \(byteCountText(bytes)); photo files over "
                + "\(byteCountText(limit)) are not read"
        case .cannotWrite(let detail): "cannot write a rendition: \(detail)"
        case .codecFailed(let detail): "the image could not be processed (not the file's fault): \(detail)"
        case .beyondDecoderLimit(let detail):
            "the image is larger than its decoder reads at all (not damaged; make it smaller): \(detail)"
        }
    }

    /// Unsupported formats only warn (the photo is skipped, the build goes on), and so do the
    /// notices of photos that were published.
    var severity: Severity {
        switch self {
        case .unsupportedFormat, .damagedButPublished, .profileLeftOut: .warning
        default: .error
        }
    }
}
