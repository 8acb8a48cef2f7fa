/// Where an image is shown decides its `sizes` attribute: how wide the browser should expect
/// it to be drawn, matching the layout in galleryc.css.
enum ImageSlot: Sendable {
    /// A thumbnail in the responsive grid (photos and album covers).
    case grid
    /// The large image on a photo page.
    case main

    var sizes: String {
        switch self {
        case .grid: "(min-width: 90rem) 22rem, (min-width: 60rem) 33vw, (min-width: 36rem) 50vw, 100vw"
        case .main: "(min-width: 90rem) 88rem, 100vw"
        }
    }
}

/// How eagerly an image loads: the first screenful loads at once (the very first with high
/// priority), the rest lazily.
enum ImageLoading: Sendable, Equatable {
    case eagerHighPriority
    case eager
    case lazy
}

/// Hands out ``ImageLoading`` in document order: the first `eagerCount` images of a page are
/// eager, the first of them with high priority.
struct EagerBudget {
    private var used = 0
    private let eagerCount: Int

    init(eagerCount: Int = 6) {
        self.eagerCount = eagerCount
    }

    mutating func next() -> ImageLoading {
        defer { used += 1 }
        if used == 0 { return .eagerHighPriority }
        return used < eagerCount ? .eager : .lazy
    }
}

/// The context of `partials/picture`: the `<img>` (and `<picture>` when WebP renditions
/// exist) for one processed photo.
enum ImageContext {
    /// Formats a browser can fall back to in a plain `<img>`, best first.
    private static let fallbackFormats: [ImageFormat] = [.jpeg, .png, .webp]

    /// Keys: `src`, `srcset`, `sizes`, `width`, `height`, `alt`, `loading`, `highPriority`,
    /// `hasWebP`, `webpSrcset`, `focus` (`62% 40%`, for `object-position`), and `placeholder`
    /// and `dominantColor` when the image stage made them. Nil when the photo has no
    /// rendition a browser can show.
    static func make(
        _ photo: ProcessedPhoto, alt: String, slot: ImageSlot, loading: ImageLoading,
        links: LinkBuilder
    ) -> TemplateValue? {
        guard
            let format = fallbackFormats.first(where: { format in
                photo.renditions.contains { $0.format == format }
            })
        else { return nil }
        let fallback = renditions(of: photo, in: format)
        guard let src = defaultRendition(fallback) else { return nil }
        var context: [String: TemplateValue] = [
            "src": .string(links.href(src.path)),
            "srcset": .string(srcset(fallback, links: links)),
            "sizes": .string(slot.sizes),
            "width": .int(src.width),
            "height": .int(src.height),
            "alt": .string(alt),
            "loading": .string(loading == .lazy ? "lazy" : "eager"),
            "highPriority": .bool(loading == .eagerHighPriority),
        ]
        context["focus"] = .string(
            "\(DisplayFormat.number(photo.focus.x * 100))% \(DisplayFormat.number(photo.focus.y * 100))%")
        if let placeholder = photo.placeholder { context["placeholder"] = .string(placeholder) }
        if let color = photo.dominantColor { context["dominantColor"] = .string(color) }
        let webp = format == .webp ? [] : renditions(of: photo, in: .webp)
        context["hasWebP"] = .bool(!webp.isEmpty)
        if !webp.isEmpty { context["webpSrcset"] = .string(srcset(webp, links: links)) }
        return .dictionary(context)
    }

    /// The rendition to link from feeds and `og:image`: at least 1200 px wide when there is
    /// one, else the largest; JPEG first.
    static func shareRendition(_ photo: ProcessedPhoto) -> Rendition? {
        for format in fallbackFormats {
            let list = renditions(of: photo, in: format)
            if let wide = list.first(where: { $0.width >= 1200 }) ?? list.last { return wide }
        }
        return nil
    }

    /// Renditions of one format, smallest first.
    static func renditions(of photo: ProcessedPhoto, in format: ImageFormat) -> [Rendition] {
        photo.renditions.filter { $0.format == format }.sorted { ($0.width, $0.path) < ($1.width, $1.path) }
    }

    /// The plain `src`: the first rendition at least 960 px wide, else the largest.
    private static func defaultRendition(_ list: [Rendition]) -> Rendition? {
        list.first(where: { $0.width >= 960 }) ?? list.last
    }

    private static func srcset(_ list: [Rendition], links: LinkBuilder) -> String {
        list.map { "\(links.href($0.path)) \($0.width)w" }.joined(separator: ", ")
    }
}
