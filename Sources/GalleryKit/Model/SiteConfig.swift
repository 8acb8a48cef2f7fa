/// Settings from `site.yml`. Every key is documented in the README's reference table; the
/// content loader warns about unknown keys and wrong types.
public struct SiteConfig: Sendable, Hashable {
    public var title: String = "Photographs"
    public var description: String = ""
    public var author: String = ""
    /// Absolute URL of the site root, always ending in `/` (e.g. `https://example.org/photos/`).
    /// Empty means "unknown": links stay root-relative and the feed uses relative links.
    public var baseURL: String = ""
    /// BCP 47 language tag for `<html lang>`.
    public var language: String = "en"
    public var copyright: String = ""
    public var images = ImageSettings()
    /// Keep raw HTML in Markdown (cmark's unsafe mode). Off by default, as in Hugo.
    public var allowRawHTML: Bool = false
    /// Extra settings for the motion layer, read by the Motion stage.
    public var motion = MotionSettings()

    public init() {}

    /// The path part of `baseURL` (`/photos/` for `https://example.org/photos/`), or `/`.
    public var basePath: String {
        guard let schemeEnd = baseURL.range(of: "://") else { return "/" }
        let afterScheme = baseURL[schemeEnd.upperBound...]
        guard let slash = afterScheme.firstIndex(of: "/") else { return "/" }
        var path = String(afterScheme[slash...])
        if !path.hasSuffix("/") { path += "/" }
        return path
    }
}

/// Image output settings (`images:` in site.yml).
public struct ImageSettings: Sendable, Hashable {
    /// Rendition widths in pixels; a photo is never upscaled past its own width.
    public var widths: [Int] = [480, 960, 1600, 2400]
    /// JPEG quality, 1...100.
    public var jpegQuality: Int = 82
    /// WebP quality, 1...100.
    public var webpQuality: Int = 80
    /// Output formats, in the order offered to browsers.
    public var formats: [ImageFormat] = [.webp, .jpeg]
    /// Progressive JPEG with optimised Huffman tables.
    public var progressive: Bool = true

    public init() {}
}

/// Settings for the motion layer (`motion:` in site.yml).
public struct MotionSettings: Sendable, Hashable {
    /// Blur radius, in CSS pixels, of the placeholder before the photo arrives.
    public var blurRadius: Double = 24
    public init() {}
}
