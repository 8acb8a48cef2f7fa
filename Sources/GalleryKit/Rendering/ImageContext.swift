/// The frame a blur-up image sits in: its shape decides whether the photo is cropped (and so
/// whether its focal point matters).
enum ImageFrame: String, Sendable {
    /// The photo's own aspect ratio (justified tiles).
    case natural
    /// A uniform 3:2 crop (album covers, grid tiles).
    case cover
    /// The photo page: its own aspect ratio, at most 85 % of the viewport's height.
    case main
    /// A rounded 3:2 slide of the hero slider.
    case slide
    /// A full-screen crop (story albums).
    case story
}

/// How an image moves: its frame, the Ken Burns animation on it and its View Transition name.
struct ImageMotion: Sendable {
    var frame: ImageFrame = .natural
    /// The Ken Burns plan's animation name (the value of `data-kenburns`).
    var kenBurns: String?
    /// `view-transition-name`, unique per photo on a page.
    var transitionName: String?
}

/// The context of `partials/picture`: the `<img>` (and `<picture>` when WebP renditions
/// exist) for one processed photo.
enum ImageContext {
    /// Formats a browser can fall back to in a plain `<img>`, best first.
    private static let fallbackFormats: [ImageFormat] = [.jpeg, .png, .webp, .avif]

    /// Keys: `src`, `srcset`, `sizes`, `width`, `height`, `alt`, `loading`, `highPriority`,
    /// `hasWebP`, `webpSrcset`, `focus` (`62% 40%`, for `object-position`), `ratio` (width /
    /// height), `maxWidth` and `maxHeight` (the largest rendition's size, in CSS pixels: the
    /// theme never draws a photo larger, so a small photo is shown at its size), `frame`,
    /// `hasAlpha`, and `placeholder`, `dominantColor`, `kenburns` and `transitionName` when
    /// there are any. For an animated photo `webpSrcset` lists the animated WebPs, and
    /// `stillSrcset` (with its `stillType`) the still frames shown under
    /// `prefers-reduced-motion: reduce`. An Ultra HDR photo with WebP or AVIF renditions has
    /// `hdrSrcset`: its JPEGs, which carry the gain map, offered first to HDR screens.
    /// Nil when the photo has no rendition a browser can show.
    /// The per-photo values reach the page as CSS (``PageStyles``), never a `style` attribute.
    /// - Parameter sizes: the `sizes` attribute: how wide the layout draws the image
    ///   (``ImageSizes``).
    static func make(
        _ photo: ProcessedPhoto, alt: String, sizes: String, loading: ImageLoading,
        links: LinkBuilder, motion: ImageMotion = ImageMotion()
    ) -> TemplateValue? {
        guard
            let format = fallbackFormats.first(where: { format in
                photo.renditions.contains { $0.format == format && !$0.isAnimated }
            })
        else { return nil }
        let fallback = renditions(of: photo, in: format)
        guard let src = defaultRendition(fallback) else { return nil }
        var context: [String: TemplateValue] = [
            "src": .string(links.href(src.path)),
            "srcset": .string(srcset(fallback, links: links)),
            "sizes": .string(sizes),
            "width": .int(src.width),
            "height": .int(src.height),
            "alt": .string(alt),
            "loading": .string(loading == .lazy ? "lazy" : "eager"),
            "highPriority": .bool(loading == .eagerHighPriority),
        ]
        context["focus"] = .string(
            "\(DisplayFormat.number(photo.focus.x * 100))% \(DisplayFormat.number(photo.focus.y * 100))%")
        if let placeholder = photo.placeholder { context["placeholder"] = .string(placeholder) }
        // A photo with alpha gets no colour behind it: nothing shows through its clear parts.
        if let color = photo.dominantColor, !photo.hasAlpha { context["dominantColor"] = .string(color) }
        let ratio = Double(max(photo.width, 1)) / Double(max(photo.height, 1))
        context["ratio"] = .string(DisplayFormat.number(ratio, digits: 4))
        if let largest = fallback.last {
            context["maxWidth"] = .int(largest.width)
            context["maxHeight"] = .int(largest.height)
        }
        context["frame"] = .string(motion.frame.rawValue)
        context["hasAlpha"] = .bool(photo.hasAlpha)
        if let name = motion.kenBurns { context["kenburns"] = .string(name) }
        if let name = motion.transitionName { context["transitionName"] = .string(name) }
        let animated = photo.renditions.filter(\.isAnimated).sorted {
            ($0.width, $0.path) < ($1.width, $1.path)
        }
        if !animated.isEmpty {
            // The animation, and under reduced motion its still frame (WebP, else the fallback).
            let still = renditions(of: photo, in: .webp)
            context["hasWebP"] = .bool(true)
            context["webpSrcset"] = .string(srcset(animated, links: links))
            context["stillSrcset"] = .string(srcset(still.isEmpty ? fallback : still, links: links))
            context["stillType"] = .string(still.isEmpty ? format.mimeType : ImageFormat.webp.mimeType)
            return .dictionary(context)
        }
        let webp = format == .webp ? [] : renditions(of: photo, in: .webp)
        let avif = format == .avif ? [] : renditions(of: photo, in: .avif)
        context["hasWebP"] = .bool(!webp.isEmpty || !avif.isEmpty)
        if !webp.isEmpty { context["webpSrcset"] = .string(srcset(webp, links: links)) }
        if !avif.isEmpty { context["avifSrcset"] = .string(srcset(avif, links: links)) }
        // Ultra HDR JPEGs go first to screens that show HDR; the others keep WebP and AVIF.
        if photo.hdrGainMap == true, format == .jpeg, !webp.isEmpty || !avif.isEmpty {
            context["hdrSrcset"] = .string(srcset(fallback, links: links))
        }
        return .dictionary(context)
    }

    /// The photo page's first paint (`src`, `width`, `height`): a small rendition, WebP where there is
    /// one, at least ``previewWidth`` px wide (the size an album tile is usually fetched at, so
    /// coming from the album it is in the browser's cache), shown under the photo until the
    /// rendition the screen needs has arrived. Nil for a photo whose largest rendition is not
    /// at least twice as wide, and for animations: the photo itself is then as quick.
    static func preview(_ photo: ProcessedPhoto, links: LinkBuilder) -> TemplateValue? {
        guard !photo.renditions.contains(where: \.isAnimated) else { return nil }
        let formats = [ImageFormat.webp] + fallbackFormats
        let list = formats.lazy.map { renditions(of: photo, in: $0) }.first { !$0.isEmpty } ?? []
        guard let preview = list.first(where: { $0.width >= previewWidth }), let largest = list.last,
            largest.width >= 2 * preview.width
        else { return nil }
        return .dictionary([
            "src": .string(links.href(preview.path)), "width": .int(preview.width),
            "height": .int(preview.height),
        ])
    }

    /// The narrowest rendition ``preview(_:links:)`` takes.
    static let previewWidth = 480

    /// The rendition to link from feeds and `og:image`: at least 1200 px wide when there is
    /// one, else the largest; JPEG first.
    static func shareRendition(_ photo: ProcessedPhoto) -> Rendition? {
        for format in fallbackFormats {
            let list = renditions(of: photo, in: format)
            if let wide = list.first(where: { $0.width >= 1200 }) ?? list.last { return wide }
        }
        return nil
    }

    /// Still renditions of one format, smallest first (an animation's still frames, never
    /// the animated WebPs).
    static func renditions(of photo: ProcessedPhoto, in format: ImageFormat) -> [Rendition] {
        photo.renditions.filter { $0.format == format && !$0.isAnimated }
            .sorted { ($0.width, $0.path) < ($1.width, $1.path) }
    }

    /// The plain `src`: the first rendition at least 960 px wide, else the largest.
    private static func defaultRendition(_ list: [Rendition]) -> Rendition? {
        list.first(where: { $0.width >= 960 }) ?? list.last
    }

    private static func srcset(_ list: [Rendition], links: LinkBuilder) -> String {
        list.map { "\(links.href($0.path)) \($0.width)w" }.joined(separator: ", ")
    }
}
