/// Why a codec could not do what it was asked, the one failure every decoder and encoder
/// throws: which codec, what failed in its words (or the C library's), and what kind of
/// failure it is, which is what decides the message and the severity. It becomes an
/// ``ImageProblem`` in one place, ``ImageProblem/init(_:limitMegapixels:writing:)``.
struct CodecFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// The codecs galleryc calls; the raw value starts every message.
    enum Codec: String, Sendable, Equatable {
        case jpeg = "JPEG"
        case png = "PNG"
        case webP = "WebP"
        case gif = "GIF"
        case heif = "HEIF"
        case jpeg2000 = "JPEG 2000"
        case jpegXL = "JPEG XL"
        case avif = "AVIF"
        /// LibRaw, reading a camera RAW file.
        case raw = "LibRaw"
        /// lcms2, converting a source's colour to sRGB or Display P3.
        case colour = "colour conversion"
        /// The Lanczos-3 resampler (CPixels).
        case resize = "resize"
    }

    /// What kind of failure it is.
    enum Kind: Sendable, Equatable {
        /// Damaged or truncated data.
        case damaged
        /// A valid file of a kind the codec does not read (lossless JPEG, a HEIF feature
        /// libheif lacks).
        case unsupported
        /// The file declares more pixels than allowed; nothing was allocated for them.
        case tooLarge(width: Int, height: Int)
        /// Even decoded at `scale`/8 of its size (JPEG's DCT scaling), more pixels than allowed.
        case tooLargeScaled(width: Int, height: Int, scale: Int)
        /// The frames of an animation (`frames` of them, or more) together hold more pixels
        /// than allowed.
        case animationTooLarge(width: Int, height: Int, frames: Int)
        /// A file with a camera RAW extension that LibRaw does not read: a camera it does not
        /// know yet, or no RAW at all. An error, not a skipped format: the photographer's
        /// photo would be missing from the site.
        case unreadableRAW
        /// Larger than the library reads at all (libheif's security limit): not damaged.
        case beyondLibraryLimit
        /// The decoder's own working memory (a progressive JPEG's coefficients) would pass
        /// the limit it was given.
        case workingMemory(width: Int, height: Int)
        /// Not the file's fault: out of memory, a call the library refused (a bug on our side),
        /// a library built without what was asked of it.
        case failed
    }

    var codec: Codec
    var kind: Kind
    /// What failed, in words.
    var message: String

    init(_ kind: Kind, _ codec: Codec, _ message: String) {
        self.kind = kind
        self.codec = codec
        self.message = message
    }

    /// Damaged or truncated data, in `message`'s words.
    static func damaged(_ codec: Codec, _ message: String) -> Self { Self(.damaged, codec, message) }

    /// Not the file's fault (see ``Kind/failed``).
    static func failed(_ codec: Codec, _ message: String) -> Self { Self(.failed, codec, message) }

    /// `JPEG: Premature end of JPEG file`.
    var description: String { "\(codec.rawValue): \(message)" }
}
