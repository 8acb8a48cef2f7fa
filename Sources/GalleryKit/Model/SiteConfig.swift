/// Settings from `site.yml`. Every key is documented in the README's reference table; the
/// content loader warns about unknown keys and wrong types.
struct SiteConfig: Sendable, Hashable {
    var title: String = "Photographs"
    var description: String = ""
    var author: String = ""
    /// Absolute URL of the site root, always ending in `/` (e.g. `https://example.org/photos/`).
    /// Empty means "unknown": links stay root-relative and the feed uses relative links.
    var baseURL: String = ""
    /// True when the settings say `base_url: ""` on purpose (a site kept root-relative, a
    /// local preview): then no warning says what an unset base URL costs.
    var baseURLLeftEmpty = false
    /// BCP 47 language tag for `<html lang>`.
    var language: String = "en"
    var copyright: String = ""
    var images = ImageSettings()
    /// Video output (`video:`); apart from `images` since none of it shapes a photo.
    var video = VideoSettings()
    /// Keep raw HTML in Markdown (cmark's unsafe mode). Off by default, as in Hugo.
    var allowRawHTML: Bool = false
    /// Extra settings for the motion layer, read by the Motion stage.
    var motion = MotionSettings()
    /// Where these settings came from, relative to the content folder (`site.yml`, or Hugo's
    /// `../hugo.toml` when there is no site.yml); nil when everything is a default. Messages
    /// about a setting name this file, and never one that does not exist.
    var sourcePath: String?
    /// Write `_headers` (Netlify, Cloudflare Pages) and `.nojekyll` (GitHub Pages) at the
    /// site root (`publish.headers`).
    var publishHostFiles = true
    /// Offer each album's originals as one ZIP (`downloads.zip`); an album's front matter
    /// can say otherwise.
    var zipDownloads = false
    /// Publish tag pages (`/tags/`, `/tags/<slug>/`) from the photos' keywords (`tags:`).
    var tagPages = true
    /// Name the place of each photo with a GPS position, at this level (`places:`); nil
    /// (`off`, the default) names none. The position itself is never published.
    var places: PlaceLevel?
    /// A map of its places on every album page that has places (`maps:`); an album's `map:`
    /// says otherwise.
    var maps = false
    /// Year and month pages of every listed photo across albums (`timeline:`), linked from the
    /// navigation.
    var timeline = false
    /// A search field in the header and the search page, `search/`, with its index (`search:`).
    var search = true
    /// Circles whose photos get no place (`privacy.hide_places_within`).
    var placeExclusions: [PlaceExclusion] = []
    /// Leave out photos rated below this (`images.min_rating`, `xmp:Rating` -1...5); nil: none.
    var minRating: Int?
    /// Which file of a RAW+JPEG pair is the photo (`images.raw_pairs`).
    var rawPairs: RAWPairs = .jpeg
    /// Publish the motion of Live Photos and Motion Photos, played on the photo's page
    /// (`images.live`); false shows the stills alone.
    var livePhotos = true
    /// How album pages lay their photos out (`layouts:`).
    var layouts = LayoutSettings()
    /// The site's icon (`favicon:`), a path in the content folder; empty: one is made from the
    /// cover photo.
    var favicon: String = ""
    /// The photo viewer's settings (`viewer:`).
    var viewer = ViewerSettings()

    init() {}

    /// The path part of `baseURL` (`/photos/` for `https://example.org/photos/`), or `/`.
    var basePath: String {
        guard let schemeEnd = baseURL.range(of: "://") else { return "/" }
        let afterScheme = baseURL[schemeEnd.upperBound...]
        guard let slash = afterScheme.firstIndex(of: "/") else { return "/" }
        var path = String(afterScheme[slash...])
        if !path.hasSuffix("/") { path += "/" }
        return path
    }
}

/// Image output settings (`images:` in site.yml).
struct ImageSettings: Sendable, Hashable {
    /// Rendition widths in pixels; a photo is never upscaled past its own width.
    var widths: [Int] = [480, 960, 1600, 2400]

    /// The width of the small rendition made for tiles (justified rows, grids on phones), in
    /// addition to ``widths``: derived, not configured, so the rendition folder names (and
    /// every published URL) of existing sites stay as they were.
    static let tileWidth = 320
    /// The rendition for tiles on phones at 3x (a 190 CSS px tile is 570 device px): without
    /// it they take the 960 px one, close to three times the pixels they show. Derived too.
    static let phoneTileWidth = 640
    /// The rendition for the photo page's stage on the screens most people have: a 3:2 photo
    /// on a 1280 x 800 laptop is 1200 px wide, on a 390 px phone at 3x 1170 px. Without it
    /// both take the 1600 px one, two thirds more bytes on the photo page's first paint
    /// (Benchmarks/webperf.sh). Derived too.
    static let stageWidth = 1200

    /// The widths the image stage makes: ``widths``, plus ``tileWidth`` when every configured
    /// width is more than a quarter larger than it (a site whose smallest width is already small
    /// does not need it), plus ``phoneTileWidth`` when no configured width is within a quarter
    /// of it, plus ``stageWidth`` when none is within a fifth of it, each only below a larger
    /// configured width, sorted.
    var renditionWidths: [Int] {
        guard let smallest = widths.min() else { return widths }
        var all = widths
        if Double(smallest) > Double(Self.tileWidth) * 1.25 { all.append(Self.tileWidth) }
        let near = Double(Self.phoneTileWidth) / 1.25...Double(Self.phoneTileWidth) * 1.25
        if !widths.contains(where: { near.contains(Double($0)) }),
            widths.contains(where: { $0 > Self.phoneTileWidth })
        {
            all.append(Self.phoneTileWidth)
        }
        let stage = Double(Self.stageWidth) / 1.2...Double(Self.stageWidth) * 1.2
        if !widths.contains(where: { stage.contains(Double($0)) }),
            widths.contains(where: { $0 > Self.stageWidth })
        {
            all.append(Self.stageWidth)
        }
        return all == widths ? widths : all.sorted()
    }
    /// JPEG quality, 1...100.
    var jpegQuality: Int = 82
    /// WebP quality, 1...100.
    var webpQuality: Int = 80
    /// AVIF quality, 1...100 (AV1 quantizer 63 ... 0), for `avif` in `formats`: the default
    /// is the one whose renditions score as WebP's at 80 (Benchmarks/avif-quality.py).
    var avifQuality: Int = Self.defaultAVIFQuality
    static let defaultAVIFQuality = 65
    /// Output formats, in the order offered to browsers.
    var formats: [ImageFormat] = [.webp, .jpeg]
    /// Progressive JPEG with optimised Huffman tables.
    var progressive: Bool = true
    /// What transparent pixels become in JPEG renditions and placeholders (WebP keeps the
    /// alpha): by default the default theme's light page background, `--bg` in galleryc.css.
    var background = Self.defaultBackground
    static let defaultBackground = RGBColor(red: 0xfb, green: 0xfa, blue: 0xf8)
    /// Metadata and originals (site.yml's top-level `privacy:`). Kept here because it shapes
    /// the image output: the pipeline's content hash and the derivative cache key include it.
    var privacy = PrivacySettings()
    /// The most pixels a photo may decode to (`images.max_megapixels`): what it declares for
    /// formats that decode whole, what DCT scaling leaves for JPEG. Refused before allocating.
    var maxMegapixels: Int = 200
    /// How a camera RAW file becomes pixels (`images.raw`): its embedded preview when large
    /// enough, always developed, or not at all (RAW files are then skipped with a note).
    var raw: RAWSetting = .preview
    /// Keep an Ultra HDR JPEG's gain map (or an iPhone HEIC's, converted) in its JPEG
    /// renditions (`images.hdr`), offered to HDR screens first; `off` publishes them SDR only.
    var hdr: HDRSetting = .keep

    init() {}
}

/// `images.raw`.
/// `images.hdr`: what happens to a source's HDR gain map (``GainMap``).
enum HDRSetting: String, Sendable, Hashable, CaseIterable {
    /// Every JPEG rendition carries the gain map, resized with it.
    case keep
    /// Renditions are SDR only.
    case off
}

enum RAWSetting: String, Sendable, Hashable, CaseIterable {
    /// The camera's embedded JPEG when it is at least as wide as the largest rendition, else
    /// developed (``RAWDecoder``).
    case preview
    /// Always developed by LibRaw.
    case develop
    /// RAW files are not photos: skipped with a note.
    case off
}

/// `images.raw_pairs`: which file of a RAW+JPEG pair (same name, same folder) is the photo.
enum RAWPairs: String, Sendable, Hashable, CaseIterable {
    /// The JPEG (or HEIC...): the photographer's choice of rendering.
    case jpeg
    /// The RAW, rendered by `images.raw`.
    case raw
}

/// Settings for the motion layer (`motion:` in site.yml).
struct MotionSettings: Sendable, Hashable {
    /// Blur radius, in CSS pixels, of the placeholder before the photo arrives.
    var blurRadius: Double = 24
    /// How photos enter (`transition:`).
    var photoTransition: MotionTransition = .combined([.opacity, .scale(0.96)])
    /// How captions enter (`caption_transition:`).
    var captionTransition: MotionTransition = .combined([.opacity, .move(.bottom)])
    /// How pages enter and leave (`page_transition:`).
    var pageTransition: MotionTransition = .opacity
    /// Easing of the enter transitions and View Transitions (`easing:`).
    var easing: Easing = .spring(.smooth)
    /// Seconds for the enter transitions when the easing is not a spring (`duration:`).
    var transitionDuration: Double = 0.5
    /// Site-wide Ken Burns settings (`kenburns:`); albums and photos override them key by key.
    var kenBurns = KenBurnsSettings()

    init() {}
}

/// Ken Burns parameters as written in site.yml, an album's index.md or a photo's sidecar
/// (`kenburns: {duration, zoom, from, to, easing}`). A nil field inherits from the level above.
struct KenBurnsSettings: Sendable, Hashable {
    /// Seconds per pass (default 12).
    var duration: Double?
    /// Scale at the end of a pass (default 1.3).
    var zoom: Double?
    /// Where a pass starts (default top-leading).
    var from: KenBurnsAnchor?
    /// Where a pass ends (default: the photo's focal point).
    var to: KenBurnsAnchor?
    /// Easing of both tracks (default ease-in-out).
    var easing: Easing?

    init(
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
    func overridden(by other: KenBurnsSettings) -> KenBurnsSettings {
        KenBurnsSettings(
            duration: other.duration ?? duration, zoom: other.zoom ?? zoom, from: other.from ?? from,
            to: other.to ?? to, easing: other.easing ?? easing)
    }
}

/// Album layout settings (`layouts:` in site.yml).
struct LayoutSettings: Sendable, Hashable {
    /// The target height of justified rows on wide screens, in CSS pixels (`row_height:`);
    /// narrower columns aim lower, down to 60 % of it on phones.
    var rowHeight: Double = 240
    /// Photos per album page for every album (`page_size:`, an album's own `page_size:` wins);
    /// nil: an album is one page, however long.
    var pageSize: Int?
    /// The values `page_size:` takes.
    static let pageSizes = 1...100_000

    init() {}
}

/// Photo viewer settings (`viewer:` in site.yml).
struct ViewerSettings: Sendable, Hashable {
    /// Seconds each photo stays on screen in a slideshow (`slideshow_seconds:`).
    var slideshowSeconds: Double = 5
    /// The range site.yml may choose `slideshow_seconds` from.
    static let slideshowRange: ClosedRange<Double> = 1...600
    /// What the photo stands on (`stage:`): a near-black stage by default.
    var stage: ViewerStage = .dark

    init() {}
}

/// The viewer's background (`viewer.stage:` in site.yml).
enum ViewerStage: String, Sendable, Hashable, CaseIterable {
    /// A near-black stage in both colour schemes, as PhotoSwipe, Flickr and Google Photos show
    /// photos: the page's colours come back below it and on the album.
    case dark
    /// The page's own colours (light or dark, as the reader's system says).
    case page
}
