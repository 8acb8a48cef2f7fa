import Foundation

/// Turns the model into the values templates see. Pure: the same site and photos give the same
/// contexts; no date comes from the clock. The keys every template can use are documented in Templates/README.md.
struct ContextBuilder: Sendable {
    let site: Site
    /// Each album's shown photos (source paired with derivatives), by album source path: a
    /// photo without derivatives failed and is left out.
    private let shown: [String: [ProcessedPhoto]]
    let links: LinkBuilder
    /// Output path of each theme asset by its name in `assets/`.
    var assetPaths: [String: String]
    /// `SOURCE_DATE_EPOCH`, when set: the date shown where the content gives none.
    let sourceDate: Date?
    /// The newest date the content gives (albums, pages, photos), nil for an undated site.
    let newestContentDate: Date?
    /// Ken Burns plans, layered site < album < photo.
    let kenBurns: KenBurnsPlanner
    /// The header navigation, and where the pages it leaves out are listed.
    let navigation: SiteNavigation
    /// The albums' ZIP downloads, linked from their pages.
    var downloads = AlbumDownloads()
    /// The shared stylesheets of each album's photos.
    let photoSheets: PhotoSheets

    /// The site's tags (empty without `tags:` pages).
    let tags: TagIndex
    /// Where the photos were taken, and the place pages (empty with `places: off`).
    let places: PlaceIndex
    /// The year and month pages (empty without `timeline: true`).
    let timeline: TimelineIndex
    /// The maps drawn for the albums that show one and for `places/`.
    let maps: SiteMaps
    /// Whether the site has search (the header's field, `search/`).
    let search: SearchIndex

    init(
        site: Site, photos: [String: PhotoDerivatives], assetPaths: [String: String], sourceDate: Date? = nil,
        tags: TagIndex = TagIndex(), places: PlaceIndex = PlaceIndex(), maps: SiteMaps = SiteMaps(),
        timeline: TimelineIndex = TimelineIndex(), search: SearchIndex = SearchIndex(),
        workers: WorkerPool? = nil, memo: RenderMemo? = nil
    ) {
        self.site = site
        self.search = search
        self.maps = maps
        self.tags = tags
        self.places = places
        self.timeline = timeline
        var shown = Self.pair(site.root, with: photos)
        // Each tag, place and timeline page is drawn as an album of its photos.
        for album in tags.tags.map(\.album) + places.places.map(\.album) + timeline.periods.map(\.album) {
            shown.merge(Self.pair(album, with: photos)) { own, _ in own }
        }
        self.shown = shown
        // A protected album's photos' values are in its pages' own sheets, sealed with them.
        self.photoSheets = PhotoSheets(
            albums: site.root.allAlbums.filter(\.isPublic).map {
                ($0.sourcePath, shown[$0.sourcePath] ?? [])
            },
            workers: workers, memo: memo)
        self.navigation = SiteNavigation(
            site: site,
            pages: site.pages.sorted { ($0.urlPath, $0.sourcePath) < ($1.urlPath, $1.sourcePath) },
            timeline: !timeline.isEmpty)
        self.links = LinkBuilder(config: site.config)
        self.assetPaths = assetPaths
        self.sourceDate = sourceDate
        let photoDates = photos.values.compactMap { $0.exif.dateTaken }
        let contentDates = site.root.allAlbums.compactMap(\.date) + site.pages.compactMap(\.date) + photoDates
        self.newestContentDate = contentDates.max()
        self.kenBurns = KenBurnsPlanner(siteSettings: site.config.motion.kenBurns)
    }

    /// The album's photos that were processed, in display order.
    func shownPhotos(_ album: Album) -> [ProcessedPhoto] {
        shown[album.sourcePath] ?? []
    }

    /// Pairs each photo of `root` and the albums below it with its derivatives, once per build:
    /// this build's sources (titles, captions) with what the image stage or the cache made.
    private static func pair(_ root: Album, with photos: [String: PhotoDerivatives]) -> [String:
        [ProcessedPhoto]]
    {
        var shown: [String: [ProcessedPhoto]] = [:]
        for album in root.allAlbums {
            shown[album.sourcePath] = album.photos.compactMap { source in
                guard let derivatives = photos[source.sourcePath], !derivatives.renditions.isEmpty else {
                    return nil
                }
                return ProcessedPhoto(source: source, derivatives: derivatives)
            }
        }
        return shown
    }

    /// The `cover:` photo, else the first shown photo, else the first listed sub-album's cover
    /// (of a sub-album sealed with the same key: another's photos are not this album's to
    /// show). A protected album has no cover outside itself: see ``albumCard``.
    func cover(of album: Album) -> ProcessedPhoto? {
        let shown = shownPhotos(album)
        if let name = album.cover, let named = shown.first(where: { $0.source.fileName == name }) {
            return named
        }
        if let first = shown.first { return first }
        for child in album.listedAlbums where child.protection?.root == album.protection?.root {
            if let found = cover(of: child) { return found }
        }
        return nil
    }

    /// Pages in the order the navigation lists them: by URL path.
    var sortedPages: [Page] {
        site.pages.sorted { ($0.urlPath, $0.sourcePath) < ($1.urlPath, $1.sourcePath) }
    }

    /// Keys shared by every HTML page: `site`, `assets`, `nav`, `meta`, `breadcrumbs`.
    ///
    /// - Parameters:
    ///   - urlPath: the page's site-relative URL path (`iceland/`).
    ///   - title: the page's own title; nil on the home page.
    ///   - trail: links above this page, outermost first (not including the page itself).
    ///   - image: the photo that represents the page for `og:image`.
    ///   - unlisted: the page belongs to an unlisted album: search engines are asked not to
    ///     index it (`meta.noindex`).
    ///   - viewer: the page is a photo page: `assets.viewerJS` and `assets.viewerCSS` are set.
    ///   - searching: the page is the search page: `assets.searchJS` is set.
    func chrome(
        urlPath: String?, title: String?, description: String = "",
        trail: [(title: String, urlPath: String)] = [], image: ProcessedPhoto? = nil, unlisted: Bool = false,
        viewer: Bool = false, searching: Bool = false
    ) -> [String: TemplateValue] {
        let config = site.config
        var siteValue: [String: TemplateValue] = [
            "title": .string(config.title),
            "language": .string(config.language.isEmpty ? "en" : config.language),
            "home": .string(links.href("")),
            "feed": .string(links.href("feed.xml")),
        ]
        if let year = (sourceDate ?? newestContentDate).map(DisplayFormat.year) {
            siteValue["year"] = .int(year)
        }
        if !places.places.isEmpty { siteValue["places"] = .string(links.href(PlaceIndex.urlPath)) }
        if search.isOn { siteValue["search"] = .string(links.href(SearchIndex.urlPath)) }
        // GeoNames' licence (CC BY 4.0) asks for the credit wherever its names are shown.
        if places.namedByGeoNames { siteValue["geonames"] = .bool(true) }
        for (key, value) in [
            ("description", config.description), ("author", config.author),
            ("copyright", config.copyright),
        ] where !value.isEmpty {
            siteValue[key] = .string(value)
        }

        var assets: [String: TemplateValue] = [:]
        if let css = assetPaths["galleryc.css"] { assets["css"] = .string(links.href(css)) }
        if let js = assetPaths["galleryc.js"] { assets["js"] = .string(links.href(js)) }
        if viewer, let js = assetPaths["viewer.js"] { assets["viewerJS"] = .string(links.href(js)) }
        if viewer, let css = assetPaths["viewer.css"] { assets["viewerCSS"] = .string(links.href(css)) }
        if searching, let js = assetPaths["search.js"] { assets["searchJS"] = .string(links.href(js)) }
        if let motion = assetPaths[MotionAssets.assetName] {
            assets["motionCSS"] = .string(links.href(motion))
        }
        if let icon = assetPaths[Favicon.assetName] {
            assets["favicon"] = .string(links.href(icon))
            assets["faviconType"] = .string(Favicon.mediaType(of: icon))
        }

        var nav: [TemplateValue] = [navItem("Home", "", current: urlPath)]
        nav += navigation.links.map { navItem($0.title, $0.urlPath, current: urlPath) }
        let navBreakpoint = ThemeGeometry.default.navigationBreakpoint(
            title: config.title, items: ["Home"] + navigation.links.map(\.title), searchField: search.isOn
        )

        var meta: [String: TemplateValue] = [
            "documentTitle": .string(title.map { "\($0) · \(config.title)" } ?? config.title)
        ]
        let summary = description.isEmpty ? config.description : description
        if !summary.isEmpty { meta["description"] = .string(summary) }
        if let urlPath, let canonical = links.absolute(urlPath) {
            meta["canonical"] = .string(canonical)
        }
        if let image, let rendition = ImageContext.shareRendition(image),
            let absolute = links.absolute(rendition.path)
        {
            meta["ogImage"] = .string(absolute)
            let alt = PhotoText(image).alt
            if !alt.isEmpty { meta["ogImageAlt"] = .string(alt) }
            meta["ogImageWidth"] = .string(String(rendition.width))
            meta["ogImageHeight"] = .string(String(rendition.height))
            meta["ogImageType"] = .string(
                rendition.format == .jpeg ? "image/jpeg" : "image/\(rendition.format.rawValue)")
        }
        meta["ogTitle"] = .string(title ?? config.title)
        meta["ogSiteName"] = .string(config.title)
        meta["ogType"] = .string("website")
        if unlisted { meta["noindex"] = .bool(true) }

        // The header links home (the site title): breadcrumbs start below it, and a photo
        // page's header links to its album instead.
        let trail = viewer ? [] : trail.filter { !$0.urlPath.isEmpty }
        var context: [String: TemplateValue] = [
            "site": .dictionary(siteValue), "assets": .dictionary(assets),
            "nav": .array(nav), "meta": .dictionary(meta),
            "navClass": .string(navBreakpoint.map { "gk-nav-\($0)" } ?? "gk-nav-menu"),
            "hasBreadcrumbs": .bool(!trail.isEmpty),
        ]
        if !trail.isEmpty {
            context["breadcrumbs"] = .array(
                trail.map {
                    .dictionary(["title": .string($0.title), "href": .string(links.href($0.urlPath))])
                })
        }
        return context
    }

    private func navItem(_ title: String, _ path: String, current: String?) -> TemplateValue {
        .dictionary([
            "title": .string(title), "href": .string(links.href(path)),
            "current": .bool(current == path),
        ])
    }
}
