import Foundation

/// What the image stage made of one photo: its oriented size, metadata, the files written to
/// the output and what the motion layer found. It holds nothing of the photo's sidecar, so it
/// goes unchanged from the image stage through the derivative cache (as its `photo.json`) to
/// rendering, which pairs it with this build's ``PhotoSource`` (see ``ProcessedPhoto``).
struct PhotoDerivatives: Sendable, Hashable, Codable {
    /// The fields, in a box that copies share until one of them is changed (``CopyOnWrite``):
    /// the image stage's output, the cache's records and the renderer's photos each hold
    /// every photo's derivatives, and inline they were 576 bytes a copy, 30 MB at 10,000
    /// photos.
    private var storage: CopyOnWrite<Fields>

    /// What the derivatives hold; read and written through the properties of the same names.
    struct Fields: Sendable, Hashable, Codable {
        /// Display size after EXIF orientation.
        var width: Int
        var height: Int
        var exif: ExifSummary
        /// Renditions, smallest first, for each output format; paths relative to the site root.
        var renditions: [Rendition]
        /// Tiny inline placeholder (a `data:` URL), when the motion layer made one.
        var placeholder: String?
        /// Dominant colour as `#rrggbb`, when known.
        var dominantColor: String?
        /// Where the subject is: the sidecar's `focus:` or the saliency analysis.
        var focus: FocalPoint
        /// True when the source has an alpha channel.
        var hasAlpha: Bool
        /// The original, rewritten without GPS, when site.yml's `privacy.publish_originals` is on
        /// (`_img/<hash>/<slug>-original.<ext>`); its size is the photo's display size.
        var original: Rendition?
        /// What was not right with the source although it was published (damaged data recovered
        /// from, an ICC profile left out); nil when nothing (and in entries of older caches).
        var notices: [ImageNotice]?
        /// What the file's own XMP and IPTC say of the photo (title, description, keywords,
        /// rating); nil when nothing (and in entries of caches older than pipeline version 6).
        var described: DescriptiveMetadata?
        /// True when the JPEG renditions are Ultra HDR JPEGs (each with the source's gain map,
        /// ``GainMap``, or an iPhone HEIC's converted, ``AppleGainMap``), offered first to HDR
        /// screens; nil for every other photo.
        var hdrGainMap: Bool?
        /// Where a Motion Photo's movie is in its file (the MP4 a Pixel or a Galaxy appends to the
        /// JPEG or HEIC); nil for every other photo.
        var embeddedMovie: EmbeddedMovie?
        /// The motion of a Live Photo or Motion Photo, transcoded as a muted clip (the paired
        /// movie's or the embedded one's). Like ``video``, never in `photo.json`: merged in after
        /// the image stage.
        var live: VideoDerivatives?
        /// For a video, its published files and facts; these derivatives are then its poster's.
        /// Never in the image cache's `photo.json`: the build merges it in after the image stage.
        var video: VideoDerivatives?
    }

    init(
        width: Int, height: Int, exif: ExifSummary, renditions: [Rendition],
        placeholder: String? = nil, dominantColor: String? = nil, focus: FocalPoint = .center,
        hasAlpha: Bool = false, original: Rendition? = nil, notices: [ImageNotice]? = nil,
        described: DescriptiveMetadata? = nil
    ) {
        storage = CopyOnWrite(
            Fields(
                width: width, height: height, exif: exif, renditions: renditions, placeholder: placeholder,
                dominantColor: dominantColor, focus: focus, hasAlpha: hasAlpha, original: original,
                notices: notices, described: described))
    }

    var width: Int {
        get { storage.fields.width }
        set { storage.update { $0.width = newValue } }
    }

    var height: Int {
        get { storage.fields.height }
        set { storage.update { $0.height = newValue } }
    }

    var exif: ExifSummary {
        get { storage.fields.exif }
        set { storage.update { $0.exif = newValue } }
    }

    var renditions: [Rendition] {
        get { storage.fields.renditions }
        set { storage.update { $0.renditions = newValue } }
    }

    var placeholder: String? {
        get { storage.fields.placeholder }
        set { storage.update { $0.placeholder = newValue } }
    }

    var dominantColor: String? {
        get { storage.fields.dominantColor }
        set { storage.update { $0.dominantColor = newValue } }
    }

    var focus: FocalPoint {
        get { storage.fields.focus }
        set { storage.update { $0.focus = newValue } }
    }

    var hasAlpha: Bool {
        get { storage.fields.hasAlpha }
        set { storage.update { $0.hasAlpha = newValue } }
    }

    var original: Rendition? {
        get { storage.fields.original }
        set { storage.update { $0.original = newValue } }
    }

    var notices: [ImageNotice]? {
        get { storage.fields.notices }
        set { storage.update { $0.notices = newValue } }
    }

    var described: DescriptiveMetadata? {
        get { storage.fields.described }
        set { storage.update { $0.described = newValue } }
    }

    var hdrGainMap: Bool? {
        get { storage.fields.hdrGainMap }
        set { storage.update { $0.hdrGainMap = newValue } }
    }

    var embeddedMovie: EmbeddedMovie? {
        get { storage.fields.embeddedMovie }
        set { storage.update { $0.embeddedMovie = newValue } }
    }

    var live: VideoDerivatives? {
        get { storage.fields.live }
        set { storage.update { $0.live = newValue } }
    }

    var video: VideoDerivatives? {
        get { storage.fields.video }
        set { storage.update { $0.video = newValue } }
    }

    /// The same JSON as the fields' own (`photo.json`).
    init(from decoder: any Decoder) throws {
        storage = CopyOnWrite(try Fields(from: decoder))
    }

    func encode(to encoder: any Encoder) throws {
        try storage.fields.encode(to: encoder)
    }

    /// Every image file published for this photo: the renditions, then the original when
    /// site.yml asks for originals. Without one, the renditions themselves (shared, not
    /// copied: the build asks it of every photo of the site).
    var publishedFiles: [Rendition] { original.map { renditions + [$0] } ?? renditions }

    /// Calls `body` with the path and size of every file published for this photo or clip:
    /// the renditions, the original, the video files; without building an array (the build
    /// asks it of every photo of the site, twice).
    func forEachPublishedFile(_ body: (_ path: String, _ byteCount: Int) -> Void) {
        for file in renditions { body(file.path, file.byteCount) }
        if let original { body(original.path, original.byteCount) }
        for file in video?.files ?? [] { body(file.path, file.byteCount) }
        for file in live?.files ?? [] { body(file.path, file.byteCount) }
    }
}

/// Where a Motion Photo keeps its movie: the bytes `offset ..< offset + length` of the photo's
/// file, an MP4 (checked: it starts with an `ftyp` box).
struct EmbeddedMovie: Sendable, Hashable, Codable {
    var offset: Int64
    var length: Int64

    init(offset: Int64, length: Int64) {
        self.offset = offset
        self.length = length
    }

    var range: Range<Int64> { offset..<offset + length }
}

/// Reflected as its fields: what the record's tests hold the packed form to.
extension PhotoDerivatives: CustomReflectable {
    var customMirror: Mirror { Mirror(reflecting: storage.fields) }
}

/// A photo as rendering sees it: this build's ``PhotoSource`` (titles, captions, slug) paired
/// with its ``PhotoDerivatives``, whose fields read as its own (`photo.width`, `photo.renditions`).
@dynamicMemberLookup
struct ProcessedPhoto: Sendable, Hashable {
    var source: PhotoSource
    var derivatives: PhotoDerivatives

    init(source: PhotoSource, derivatives: PhotoDerivatives) {
        self.source = source
        self.derivatives = derivatives
    }

    subscript<Value>(dynamicMember field: KeyPath<PhotoDerivatives, Value>) -> Value {
        derivatives[keyPath: field]
    }

    /// Width / height as displayed (after orientation).
    var aspectRatio: Double {
        Double(max(derivatives.width, 1)) / Double(max(derivatives.height, 1))
    }
}

/// One resized image file in the output.
struct Rendition: Sendable, Hashable {
    /// Path relative to the site root (`_img/3fa1c2d4e5/dsc-0142-960.jpg`).
    var path: String
    var width: Int
    var height: Int
    var format: ImageFormat
    var byteCount: Int
    /// An animated WebP of an animated source; its still frame is in the other renditions.
    var isAnimated: Bool

    init(path: String, width: Int, height: Int, format: ImageFormat, byteCount: Int, isAnimated: Bool = false)
    {
        self.path = path
        self.width = width
        self.height = height
        self.format = format
        self.byteCount = byteCount
        self.isAnimated = isAnimated
    }
}

/// The EXIF facts galleryc shows or uses. GPS is deliberately absent: it is never read into
/// the model, so no template can publish it.
struct ExifSummary: Sendable, Hashable {
    /// EXIF Orientation, 1...8 (1 when absent or invalid).
    var orientation: Int = 1
    var cameraMake: String?
    var cameraModel: String?
    var lens: String?
    /// Focal length in millimetres.
    var focalLength: Double?
    /// f-number.
    var aperture: Double?
    /// Exposure time in seconds.
    var exposureTime: Double?
    var iso: Int?
    /// DateTimeOriginal as written by the camera, interpreted in UTC (EXIF has no zone before
    /// OffsetTimeOriginal, and we never want the build machine's zone in the output).
    var dateTaken: Date?
    var imageDescription: String?
    /// UserComment (0x9286) as text, its character-code prefix (`ASCII`, `UNICODE`) removed.
    var userComment: String?
    var artist: String?
    var copyright: String?

    init() {}
}
