import Foundation

/// Reads `site.yml` into a ``SiteConfig``, warning about unknown keys and wrong types.
enum SiteConfigReader {
    static let keys = [
        "title", "description", "author", "base_url", "language", "copyright", "raw_html", "images", "motion",
        "privacy", "publish", "downloads", "tags", "video", "layouts", "favicon", "viewer", "places",
        "timeline", "maps", "search",
    ]
    static let videoKeys = ["enabled", "height", "crf", "formats"]
    static let layoutKeys = ["row_height", "page_size"]
    static let viewerKeys = ["slideshow_seconds", "stage"]
    static let imageKeys = [
        "widths", "formats", "quality", "progressive", "background", "max_megapixels", "min_rating", "raw",
        "raw_pairs", "live", "hdr",
    ]

    /// - Parameter text: the file's contents, nil when there is no site.yml (then every setting
    ///   is its default: the title is "Photographs").
    static func read(_ text: String?, reporter: IssueReporter) -> SiteConfig {
        var config = SiteConfig()
        guard let text else { return config }
        config.sourcePath = reporter.file
        let root: YAMLNode?
        do {
            root = try YAMLParser.parse(text)
        } catch {
            reporter.report(
                .syntax(error.message, context: "YAML"), line: error.line, column: error.column)
            return config
        }
        let fields = FieldReader(root, knownKeys: keys, reporter: reporter, frontMatter: false)
        if let title = fields.string("title") { config.title = title }
        if let value = fields.string("description") { config.description = value }
        if let value = fields.string("author") { config.author = value }
        if let value = fields.string("language") { config.language = value }
        if let value = fields.string("copyright") { config.copyright = value }
        if let value = fields.string("favicon") {
            let dot = value.lastIndex(of: ".").map { String(value[value.index(after: $0)...]).lowercased() }
            let inside = !value.hasPrefix("/") && !value.split(separator: "/").contains("..")
            if let dot, FaviconFile.types[dot] != nil, inside {
                config.favicon = value
            } else if let node = fields.node("favicon") {
                reporter.report(
                    .wrongType(
                        key: "favicon",
                        expected:
                            "an icon file in the content folder (.ico, .png, .svg, .jpg, .webp or .gif)",
                        found: "'\(value)'"),
                    at: node)
            }
        }
        if let value = fields.bool("raw_html") { config.allowRawHTML = value }
        if let value = fields.string("base_url"), let node = fields.node("base_url") {
            readBaseURL(value, at: node, into: &config, reporter: reporter)
        }
        if let images = fields.nested("images", knownKeys: imageKeys) {
            readImages(images, into: &config.images)
            // Not an ImageSettings field: it picks photos, it does not shape their renditions.
            if let rating = images.int("min_rating", in: -1...5) { config.minRating = rating }
            // Nor this: it picks which file of a RAW+JPEG pair is the photo.
            if let pairs = images.choice("raw_pairs", RAWPairs.self) { config.rawPairs = pairs }
            // Nor this: the motion of a Live Photo is a clip beside its renditions.
            if let live = images.bool("live") { config.livePhotos = live }
        }
        if let tags = fields.bool("tags") { config.tagPages = tags }
        readPlaces(fields, into: &config)
        if let timeline = fields.bool("timeline") { config.timeline = timeline }
        if let maps = fields.bool("maps") { config.maps = maps }
        if let search = fields.bool("search") { config.search = search }
        readVideo(fields, into: &config.video)
        if let motion = fields.nested("motion", knownKeys: MotionReader.motionKeys) {
            MotionReader.read(motion, into: &config.motion)
        }
        if let publish = fields.nested("publish", knownKeys: ["headers"]),
            let headers = publish.bool("headers")
        {
            config.publishHostFiles = headers
        }
        if let downloads = fields.nested("downloads", knownKeys: ["zip"]), let zip = downloads.bool("zip") {
            config.zipDownloads = zip
        }
        if let layouts = fields.nested("layouts", knownKeys: layoutKeys) {
            if let height = layouts.double("row_height", in: 60...1000) { config.layouts.rowHeight = height }
            if let size = layouts.int("page_size", in: LayoutSettings.pageSizes) {
                config.layouts.pageSize = size
            }
        }
        if let viewer = fields.nested("viewer", knownKeys: viewerKeys) {
            if let seconds = viewer.double("slideshow_seconds", in: ViewerSettings.slideshowRange) {
                config.viewer.slideshowSeconds = seconds
            }
            if let stage = viewer.choice("stage", ViewerStage.self) { config.viewer.stage = stage }
        }
        if let privacy = fields.nested("privacy", knownKeys: PrivacyReader.keys) {
            PrivacyReader.read(privacy, into: &config.images.privacy, reporter: reporter)
            if let circles = PrivacyReader.hiddenPlaces(privacy, reporter: reporter) {
                config.placeExclusions = circles
            }
        }
        return config
    }

    /// `places: city | region | country | off` (YAML reads `off` as false, so both are taken).
    private static func readPlaces(_ fields: FieldReader, into config: inout SiteConfig) {
        let words = PlaceLevel.allCases.map(\.rawValue) + ["off"]
        guard
            let word = fields.typed(
                "places", FieldReader.oneOf(words),
                { text in ScalarTypes.bool(text) == false ? "off" : words.first { $0 == text.lowercased() } })
        else { return }
        config.places = PlaceLevel(rawValue: word)
    }

    /// Hugo's site configuration (`hugo.toml` or `config.toml` beside the content folder), read
    /// when there is no site.yml: its `title`, `baseURL`, `languageCode` and `copyright`.
    /// Everything else in it is Hugo's own and ignored.
    static func readHugo(_ text: String, reporter: IssueReporter) -> SiteConfig {
        var config = SiteConfig()
        config.sourcePath = reporter.file
        let root: YAMLNode
        do throws(SyntaxError) {
            root = try TOMLParser.parse(text)
        } catch {
            reporter.report(.syntax(error.message, context: "TOML"), line: error.line, column: error.column)
            return config
        }
        guard case .mapping(let pairs) = root.value else { return config }
        let values = Dictionary(
            pairs.compactMap { pair in
                pair.key.scalar.flatMap { key in pair.value.scalar.map { (key.lowercased(), $0) } }
            },
            uniquingKeysWith: { first, _ in first })
        if let title = values["title"] { config.title = title }
        if let language = values["languagecode"] { config.language = language }
        if let copyright = values["copyright"] { config.copyright = copyright }
        if let base = values["baseurl"], !base.isEmpty {
            switch BaseURL.check(base) {
            case .valid(let url), .missingSlash(let url):
                config.baseURL = url
            case .invalid(let problem):
                // Hugo takes a relative `baseURL = "/"`; galleryc builds such a site root-relative.
                let node = pairs.first { $0.key.scalar?.lowercased() == "baseurl" }?.value
                reporter.report(
                    .hugoKey("baseURL", meaning: "'\(base)' \(problem.detail); the site is built without it"),
                    line: node?.line, column: node?.column)
                config.baseURLLeftEmpty = true
            }
        }
        return config
    }

    /// `base_url`: empty on purpose, a URL (``BaseURL``), or an error (also when only its last
    /// `/` is missing), and then the site is built root-relative (and the build fails).
    private static func readBaseURL(
        _ value: String, at node: YAMLNode, into config: inout SiteConfig, reporter: IssueReporter
    ) {
        guard !value.isEmpty else {
            config.baseURLLeftEmpty = true
            return
        }
        switch BaseURL.check(value) {
        case .valid(let url):
            config.baseURL = url
        case .missingSlash(let fixed):
            reporter.report(.baseURL(value, .noFinalSlash(suggestion: fixed)), at: node)
            config.baseURLLeftEmpty = true
        case .invalid(let problem):
            reporter.report(.baseURL(value, problem), at: node)
            // Reported: no second message saying that base_url is not set.
            config.baseURLLeftEmpty = true
        }
    }

    /// `video: false` (or `true`), or a mapping of `enabled`, `height`, `crf`, `formats`.
    private static func readVideo(_ fields: FieldReader, into settings: inout VideoSettings) {
        guard let node = fields.node("video") else { return }
        if case .scalar = node.value {
            if let enabled = fields.typed(
                "video", "true, false or a mapping of \(FieldReader.oneOf(videoKeys))", ScalarTypes.bool)
            {
                settings.enabled = enabled
            }
            return
        }
        guard let video = fields.nested("video", knownKeys: videoKeys) else { return }
        if let enabled = video.bool("enabled") { settings.enabled = enabled }
        if let height = video.int("height", in: 144...4320) { settings.maxHeight = height }
        if let crf = video.int("crf", in: 0...51) { settings.crf = crf }
        let formats = VideoFormat.allCases
        if let chosen = video.list(
            "formats", of: FieldReader.oneOf(formats.map(\.rawValue)),
            { name in formats.first { $0.rawValue == name.lowercased() } })
        {
            var unique: [VideoFormat] = []
            for format in chosen where !unique.contains(format) { unique.append(format) }
            // MP4 is always published: it is the one format every browser plays.
            if !unique.contains(.mp4) { unique.append(.mp4) }
            settings.formats = unique
        }
    }

    private static func readImages(_ images: FieldReader, into settings: inout ImageSettings) {
        if let widths = images.list(
            "widths", of: "whole numbers from 16 to 10000",
            { ScalarTypes.int($0).flatMap { (16...10_000).contains($0) ? $0 : nil } })
        {
            settings.widths = Array(Set(widths)).sorted()
        }
        let formats: [ImageFormat] = [.jpeg, .webp, .avif]
        if let chosen = images.list(
            "formats", of: FieldReader.oneOf(formats.map(\.rawValue)),
            { name in formats.first { $0.rawValue == name.lowercased() } })
        {
            var unique: [ImageFormat] = []
            for format in chosen where !unique.contains(format) { unique.append(format) }
            settings.formats = unique
        }
        if let progressive = images.bool("progressive") { settings.progressive = progressive }
        if let background = images.color("background") { settings.background = background }
        if let limit = images.int("max_megapixels", in: 1...10_000) { settings.maxMegapixels = limit }
        if let raw = images.choice("raw", RAWSetting.self) { settings.raw = raw }
        if let hdr = images.choice("hdr", HDRSetting.self) { settings.hdr = hdr }
        if let quality = images.nested("quality", knownKeys: ["jpeg", "webp", "avif"]) {
            if let jpeg = quality.int("jpeg", in: 1...100) { settings.jpegQuality = jpeg }
            if let webp = quality.int("webp", in: 1...100) { settings.webpQuality = webp }
            if let avif = quality.int("avif", in: 1...100) { settings.avifQuality = avif }
        }
    }
}
