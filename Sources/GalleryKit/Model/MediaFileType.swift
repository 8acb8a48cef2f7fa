/// What a content file is by its extension: the one list that both the content scanner (which
/// files are photos, clips, or images galleryc skips with a warning) and the format sniffer
/// (which extensions honestly announce the format its bytes are) read, so the two never
/// disagree about a name.
struct MediaFileType: Sendable, Hashable {
    /// What the build does with a file of this type.
    enum Handling: Sendable, Hashable {
        /// An album item through the image pipeline.
        case photo
        /// An album item through ffmpeg (see ``VideoSettings``).
        case video
        /// An image galleryc does not read: skipped with a warning naming its format.
        case skipped
    }

    /// The format's name in messages ("JPEG 2000").
    let name: String
    /// Lowercased, without the dot.
    let extensions: Set<String>
    let handling: Handling
    /// Why a skipped format is not read, when its name alone does not say.
    var note: String?

    static let jpeg = Self(name: "JPEG", extensions: ["jpg", "jpeg", "jpe", "jfif"], handling: .photo)
    static let png = Self(name: "PNG", extensions: ["png"], handling: .photo)
    static let gif = Self(name: "GIF", extensions: ["gif"], handling: .photo)
    static let webP = Self(name: "WebP", extensions: ["webp"], handling: .photo)
    static let heic = Self(name: "HEIC", extensions: ["heic", "heif", "hif"], handling: .photo)
    static let avif = Self(name: "AVIF", extensions: ["avif"], handling: .photo)
    /// JPEG 2000 Parts 1 and 2 (JP2, JPX and bare codestreams), what OpenJPEG decodes.
    static let jpeg2000 = Self(
        name: "JPEG 2000", extensions: ["jp2", "j2k", "j2c", "jpf", "jpx"], handling: .photo)
    static let jpegXL = Self(name: "JPEG XL", extensions: ["jxl"], handling: .photo)
    static let tiff = Self(name: "TIFF", extensions: ["tif", "tiff"], handling: .skipped)
    static let bmp = Self(name: "BMP", extensions: ["bmp"], handling: .skipped)
    /// Camera RAW files, read through LibRaw (``RAWDecoder``): the formats of the cameras it
    /// knows (Canon, Nikon, Sony, Fujifilm, Olympus/OM, Panasonic, Pentax, Samsung, Leica,
    /// Hasselblad, Phase One, Sigma, Minolta, Kodak, Mamiya, Epson, and Adobe's DNG).
    static let cameraRaw = Self(
        name: "camera RAW",
        extensions: [
            "cr2", "cr3", "crw", "nef", "nrw", "arw", "srf", "sr2", "dng", "raf", "orf", "rw2", "rwl", "pef",
            "srw", "x3f", "3fr", "fff", "iiq", "erf", "mef", "mos", "mrw", "kdc", "dcr",
        ],
        handling: .photo)
    /// JPEG 2000 Part 6: a page of layers (a scanned document), each its own codestream
    /// inside the page's boxes; OpenJPEG reads Part 1 and 2 files only.
    static let jpm = Self(
        name: "JPM", extensions: ["jpm"], handling: .skipped,
        note: "JPEG 2000 Part 6, a compound document image, which OpenJPEG does not read")
    static let video = Self(
        name: "video", extensions: ["mp4", "m4v", "mov", "webm", "mkv", "avi", "ogv", "3gp", "mts"],
        handling: .video)

    /// Every type; no extension is in two.
    static let all: [Self] = [
        jpeg, png, gif, webP, heic, avif, jpeg2000, jpegXL, tiff, bmp, cameraRaw, jpm, video,
    ]

    /// The type of a file with extension `fileExtension` (any case, no dot), or nil.
    static func of(extension fileExtension: String) -> Self? {
        let lower = fileExtension.lowercased()
        return all.first { $0.extensions.contains(lower) }
    }

    /// True when `fileName`'s extension (any case) is one of this type's.
    func names(_ fileName: String) -> Bool {
        extensions.contains(pathExtension(of: fileName).lowercased())
    }

    /// True when `fileName` is a camera RAW file, by its extension.
    static func isCameraRAW(_ fileName: String) -> Bool {
        cameraRaw.names(fileName)
    }

    /// Every extension of the types handled as `handling`.
    static func extensions(_ handling: Handling) -> Set<String> {
        Set(all.filter { $0.handling == handling }.flatMap(\.extensions))
    }
}
