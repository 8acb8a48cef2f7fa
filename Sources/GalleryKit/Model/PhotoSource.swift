/// A photo or video file found in an album, with what its sidecar `<name>.md` says about it.
/// A video is an album item like a photo: its poster frame goes through the image pipeline.
struct PhotoSource: Sendable, Hashable {
    /// The fields, in a box that copies share until one of them is changed (``CopyOnWrite``):
    /// the site as read, the site in album order and the renderer's photos each hold every
    /// photo, and inline they were 440 bytes a copy.
    private var storage: CopyOnWrite<Fields>

    /// What a photo source holds; read and written through the properties of the same names.
    struct Fields: Sendable, Hashable {
        /// Path relative to the content folder (`iceland-2024/DSC_0142.jpg`).
        var sourcePath: String
        /// The file name (`DSC_0142.jpg`).
        var fileName: String
        /// URL-safe name, unique within its album (`dsc-0142`).
        var slug: String
        /// URL path of the photo page relative to the site root (`iceland-2024/dsc-0142/`).
        var urlPath: String
        var title: String?
        var alt: String?
        /// Where the subject is, from the sidecar (`focus: 0.62 0.40`); nil means "find it".
        var focus: FocalPoint?
        /// Ken Burns settings from the sidecar's `kenburns:` (nil fields inherit from the album).
        var kenBurns = KenBurnsSettings()
        /// The sidecar body, rendered from Markdown.
        var captionHTML: String
        /// Where the sidecar was, for diagnostics (nil when there is none).
        var sidecarPath: String?
        /// The sidecar's `tags:`, which replace the photo's metadata keywords; nil when it has none.
        var tags: [String]?
        /// What an `.xmp` sidecar (`DSC_0142.xmp` or `DSC_0142.jpg.xmp`) says; it wins over the
        /// file's own XMP and IPTC field by field.
        var described: DescriptiveMetadata?
        /// Where the `.xmp` sidecar was, for diagnostics.
        var xmpSidecarPath: String?
        /// A video clip (`.mp4`, `.mov` ...) rather than a photo.
        var isVideo = false
        /// The movie of a Live Photo (`IMG_1234.MOV` beside `IMG_1234.HEIC`), content path: the
        /// photo plays it on its page; the movie is no album item of its own (``LivePairing``).
        var liveMovie: String?
        /// Seconds into a video for its poster frame (the sidecar's `poster: 2.5`); nil takes the
        /// first frame that is not black.
        var posterTime: Double?
        /// The sidecar's `place:`: a name of its own, or none; nil names it from its GPS position.
        var place: PlaceOverride?
    }

    init(
        sourcePath: String, fileName: String, slug: String, urlPath: String,
        title: String? = nil, alt: String? = nil, focus: FocalPoint? = nil,
        captionHTML: String = "", sidecarPath: String? = nil
    ) {
        storage = CopyOnWrite(
            Fields(
                sourcePath: sourcePath, fileName: fileName, slug: slug, urlPath: urlPath, title: title,
                alt: alt,
                focus: focus, captionHTML: captionHTML, sidecarPath: sidecarPath))
    }

    var sourcePath: String {
        get { storage.fields.sourcePath }
        set { storage.update { $0.sourcePath = newValue } }
    }

    var fileName: String {
        get { storage.fields.fileName }
        set { storage.update { $0.fileName = newValue } }
    }

    var slug: String {
        get { storage.fields.slug }
        set { storage.update { $0.slug = newValue } }
    }

    var urlPath: String {
        get { storage.fields.urlPath }
        set { storage.update { $0.urlPath = newValue } }
    }

    var title: String? {
        get { storage.fields.title }
        set { storage.update { $0.title = newValue } }
    }

    var alt: String? {
        get { storage.fields.alt }
        set { storage.update { $0.alt = newValue } }
    }

    var focus: FocalPoint? {
        get { storage.fields.focus }
        set { storage.update { $0.focus = newValue } }
    }

    var kenBurns: KenBurnsSettings {
        get { storage.fields.kenBurns }
        set { storage.update { $0.kenBurns = newValue } }
    }

    var captionHTML: String {
        get { storage.fields.captionHTML }
        set { storage.update { $0.captionHTML = newValue } }
    }

    var sidecarPath: String? {
        get { storage.fields.sidecarPath }
        set { storage.update { $0.sidecarPath = newValue } }
    }

    var tags: [String]? {
        get { storage.fields.tags }
        set { storage.update { $0.tags = newValue } }
    }

    var described: DescriptiveMetadata? {
        get { storage.fields.described }
        set { storage.update { $0.described = newValue } }
    }

    var xmpSidecarPath: String? {
        get { storage.fields.xmpSidecarPath }
        set { storage.update { $0.xmpSidecarPath = newValue } }
    }

    var isVideo: Bool {
        get { storage.fields.isVideo }
        set { storage.update { $0.isVideo = newValue } }
    }

    var liveMovie: String? {
        get { storage.fields.liveMovie }
        set { storage.update { $0.liveMovie = newValue } }
    }

    var posterTime: Double? {
        get { storage.fields.posterTime }
        set { storage.update { $0.posterTime = newValue } }
    }

    var place: PlaceOverride? {
        get { storage.fields.place }
        set { storage.update { $0.place = newValue } }
    }

}

/// Reflected as its fields: what the fingerprint's tests hold it to.
extension PhotoSource: CustomReflectable {
    var customMirror: Mirror { Mirror(reflecting: storage.fields) }
}

/// A point in a photo, as fractions of its width and height from the top-left corner.
struct FocalPoint: Sendable, Hashable {
    var x: Double
    var y: Double

    init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    static let center = FocalPoint(x: 0.5, y: 0.5)
}
