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
    /// What transparent pixels become in JPEG renditions and placeholders (WebP keeps the
    /// alpha): by default the default theme's light page background, `--bg` in galleryc.css.
    public var background = Self.defaultBackground
    public static let defaultBackground = RGBColor(red: 0xfb, green: 0xfa, blue: 0xf8)
    /// Metadata and originals (site.yml's top-level `privacy:`). Kept here because it shapes
    /// the image output: the pipeline's content hash and the derivative cache key include it.
    public var privacy = PrivacySettings()

    public init() {}
}

/// Settings for the motion layer (`motion:` in site.yml).
public struct MotionSettings: Sendable, Hashable {
    /// Blur radius, in CSS pixels, of the placeholder before the photo arrives.
    public var blurRadius: Double = 24
    /// How photos enter (`transition:`).
    public var photoTransition: MotionTransition = .combined([.opacity, .scale(0.96)])
    /// How captions enter (`caption_transition:`).
    public var captionTransition: MotionTransition = .combined([.opacity, .move(.bottom)])
    /// How pages enter and leave (`page_transition:`).
    public var pageTransition: MotionTransition = .opacity
    /// Easing of the enter transitions and View Transitions (`easing:`).
    public var easing: Easing = .spring(.smooth)
    /// Seconds for the enter transitions when the easing is not a spring (`duration:`).
    public var transitionDuration: Double = 0.5
    /// Site-wide Ken Burns settings (`kenburns:`); albums and photos override them key by key.
    public var kenBurns = KenBurnsSettings()

    public init() {}
}

/// Ken Burns parameters as written in site.yml, an album's index.md or a photo's sidecar
/// (`kenburns: {duration, zoom, from, to, easing}`). A nil field inherits from the level above.
public struct KenBurnsSettings: Sendable, Hashable {
    /// Seconds per pass (default 12).
    public var duration: Double?
    /// Scale at the end of a pass (default 1.3).
    public var zoom: Double?
    /// Where a pass starts (default top-leading).
    public var from: KenBurnsAnchor?
    /// Where a pass ends (default: the photo's focal point).
    public var to: KenBurnsAnchor?
    /// Easing of both tracks (default ease-in-out).
    public var easing: Easing?

    public init(
        duration: Double? = nil, zoom: Double? = nil, from: KenBurnsAnchor? = nil,
        to: KenBurnsAnchor? = nil, easing: Easing? = nil
    ) {
        self.duration = duration
        self.zoom = zoom
        self.from = from
        self.to = to
        self.easing = easing
    }

    /// These settings with every field `other` sets taking its place.
    public func overridden(by other: KenBurnsSettings) -> KenBurnsSettings {
        KenBurnsSettings(
            duration: other.duration ?? duration, zoom: other.zoom ?? zoom, from: other.from ?? from,
            to: other.to ?? to, easing: other.easing ?? easing)
    }
}
