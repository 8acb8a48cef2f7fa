import Foundation

/// Reads `site.yml` into a ``SiteConfig``, warning about unknown keys and wrong types.
enum SiteConfigReader {
    static let keys = [
        "title", "description", "author", "base_url", "language", "copyright", "raw_html", "images", "motion",
        "privacy", "layouts", "viewer",
    ]
    static let layoutKeys = ["row_height"]
    static let viewerKeys = ["slideshow_seconds"]
    static let imageKeys = ["widths", "formats", "quality", "progressive", "background"]

    /// - Parameters:
    ///   - text: the file's contents, nil when there is no site.yml.
    ///   - defaultTitle: used when `title:` is absent (the content folder's name).
    static func read(_ text: String?, defaultTitle: String, reporter: IssueReporter) -> SiteConfig {
        var config = SiteConfig()
        config.title = defaultTitle
        guard let text else { return config }
        let root: YAMLNode?
        do {
            root = try YAMLParser.parse(text)
        } catch {
            reporter.report(
                .yamlSyntax(error.message, frontMatter: false), line: error.line, column: error.column)
            return config
        }
        let fields = FieldReader(root, knownKeys: keys, reporter: reporter, frontMatter: false)
        if let title = fields.string("title") { config.title = title }
        if let value = fields.string("description") { config.description = value }
        if let value = fields.string("author") { config.author = value }
        if let value = fields.string("language") { config.language = value }
        if let value = fields.string("copyright") { config.copyright = value }
        if let value = fields.bool("raw_html") { config.allowRawHTML = value }
        if let value = fields.string("base_url"), !value.isEmpty {
            config.baseURL = value.hasSuffix("/") ? value : value + "/"
            let lower = value.lowercased()
            if !(lower.hasPrefix("https://") || lower.hasPrefix("http://")),
                let node = fields.node("base_url")
            {
                reporter.report(.baseURLNotAbsolute(value), at: node)
            }
        }
        if let images = fields.nested("images", knownKeys: imageKeys) {
            readImages(images, into: &config.images)
        }
        if let motion = fields.nested("motion", knownKeys: MotionReader.motionKeys) {
            MotionReader.read(motion, into: &config.motion)
        }
        if let layouts = fields.nested("layouts", knownKeys: layoutKeys),
            let height = layouts.double("row_height", in: 60...1000)
        {
            config.layouts.rowHeight = height
        }
        if let viewer = fields.nested("viewer", knownKeys: viewerKeys),
            let seconds = viewer.double("slideshow_seconds", in: ViewerSettings.slideshowRange)
        {
            config.viewer.slideshowSeconds = seconds
        }
        if let privacy = fields.nested("privacy", knownKeys: PrivacyReader.keys) {
            PrivacyReader.read(privacy, into: &config.images.privacy, reporter: reporter)
        }
        return config
    }

    private static func readImages(_ images: FieldReader, into settings: inout ImageSettings) {
        if let widths = images.list(
            "widths", of: "whole numbers from 16 to 10000",
            { ScalarTypes.int($0).flatMap { (16...10_000).contains($0) ? $0 : nil } })
        {
            settings.widths = Array(Set(widths)).sorted()
        }
        let formats: [ImageFormat] = [.jpeg, .webp]
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
        if let quality = images.nested("quality", knownKeys: ["jpeg", "webp"]) {
            if let jpeg = quality.int("jpeg", in: 1...100) { settings.jpegQuality = jpeg }
            if let webp = quality.int("webp", in: 1...100) { settings.webpQuality = webp }
        }
    }
}
