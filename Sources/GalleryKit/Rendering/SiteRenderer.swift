import Foundation

/// Stage 3: turns the model and the processed photos into the site's files: every HTML page,
/// the theme assets, `feed.xml`, `sitemap.xml` and `404.html`. Pure: it reads no files and
/// writes none; the same input gives the same bytes, on any day and any machine.
///
/// Each page has a fingerprint of what it is made from (``PageFingerprints``); a page the
/// caller already has, made from the same (`keeping`), is not rendered again.
struct SiteRenderer: Sendable {
    private let templates: TemplateLibrary
    private let themeAssets: ThemeAssets
    private let diagnostics: DiagnosticCollector
    private let builder: ContextBuilder
    private let motionStylesheet: OutputFile
    private let favicon: OutputFile
    private let prints: PageFingerprints
    /// Where pages are rendered side by side; nil renders them one by one.
    private let workers: WorkerPool?
    /// The keys of the password-protected albums and what was sealed with them.
    private let sealing: SealedSite
    /// The sealer of each protection root's pages.
    private let sealers: [String: PageSealer]
    /// Each photo's derivatives, for the search index.
    private let photos: [String: PhotoDerivatives]
    /// A preview session's values of its last build, album by album.
    private let memo: RenderMemo?

    /// - Parameters:
    ///   - site: what the content stage found.
    ///   - photos: each photo's derivatives keyed by ``PhotoSource/sourcePath``; a photo
    ///     missing here failed to process and is left out of every page.
    ///   - derivativeKeys: what identifies each photo's derivatives (its cache entry), for the
    ///     pages' fingerprints; a photo without one is fingerprinted by its record.
    ///   - templates: the theme, with the site's overrides.
    ///   - themeAssets: the theme's `assets/` files.
    ///   - themeFingerprint, build: the theme's fingerprint and what identifies this galleryc,
    ///     both part of every page's fingerprint.
    ///   - sourceDate: the date shown where the content gives none (`SOURCE_DATE_EPOCH`); see
    ///     ``ContextBuilder/fallbackDate``.
    ///   - diagnostics: receives warnings (missing alt text) and template errors.
    ///   - workers: the build's pool, when the renderer runs on one of its threads: the pages,
    ///     the photos' stylesheets and fingerprints are made side by side on it.
    ///   - sealing: the keys of the password-protected albums and their sealed files; a page
    ///     of a protected album without a key is not rendered at all (an error).
    ///   - memo: a preview session's values of its last build, album by album (``RenderMemo``).
    init(
        site: Site, photos: [String: PhotoDerivatives], derivativeKeys: [String: String] = [:],
        tags: TagIndex = TagIndex(), places: PlaceIndex = PlaceIndex(), maps: SiteMaps = SiteMaps(),
        timeline: TimelineIndex = TimelineIndex(), search: SearchIndex = SearchIndex(),
        downloads: AlbumDownloads = AlbumDownloads(), templates: TemplateLibrary, themeAssets: ThemeAssets,
        themeFingerprint: String = "",
        build: String = "", sourceDate: Date? = nil, diagnostics: DiagnosticCollector,
        workers: WorkerPool? = nil, sealing: SealedSite = SealedSite(), memo: RenderMemo? = nil
    ) {
        self.workers = workers
        self.memo = memo
        self.sealing = sealing
        self.photos = photos
        self.templates = templates
        self.themeAssets = themeAssets
        self.diagnostics = diagnostics
        var builder = ContextBuilder(
            site: site, photos: photos, assetPaths: themeAssets.outputPaths, sourceDate: sourceDate,
            tags: tags, places: places, maps: maps, timeline: timeline, search: search, workers: workers,
            memo: memo)
        builder.downloads = downloads
        let motion = MotionAssets.stylesheet(site.config.motion)
        builder.assetPaths[MotionAssets.assetName] = motion.path
        self.motionStylesheet = motion
        let icon = Favicon.file(for: site, cover: builder.cover(of: site.root))
        builder.assetPaths[Favicon.assetName] = icon.path
        self.favicon = icon
        self.builder = builder
        self.sealers = sealing.keys.mapValues { key in sealing.sealer(for: key, href: builder.links.href) }
        self.prints = PageFingerprints(
            builder: builder, derivatives: derivativeKeys, theme: themeFingerprint, build: build,
            workers: workers, memo: memo)
    }

    /// What ``render(keeping:)`` made.
    struct Result: Sendable {
        /// The files rendered, sorted by path: pages, their stylesheets, feeds, assets; empty
        /// when they were delivered as they were made.
        var files: [OutputFile]
        /// Every page's fingerprint by path, rendered or kept.
        var fingerprints: [String: String]
        /// The pages not rendered because the caller has them, made from the same.
        var kept: Set<String>
        /// Each rendered page's own stylesheet, which must be published with it.
        var needs: [String: [String]]
    }

    /// Renders the whole site.
    ///
    /// - Returns: every output file except the image renditions, sorted by path. A page that
    ///   failed to render is left out and its error is in the diagnostics collector (the
    ///   pipeline's verdict then fails the build); every other page is still rendered.
    func render() -> [OutputFile] {
        render(keeping: { _, _ in false }).files
    }

    /// Renders every page but those for which `keeping(path, fingerprint)` is true: the caller
    /// holds them, made from the same fingerprint. With `deliver`, the files are handed to it
    /// as they are made (``RenderOutput/Delivery``) and the result's `files` is empty.
    func render(
        keeping: @escaping @Sendable (_ path: String, _ fingerprint: String) -> Bool,
        delivering deliver: RenderOutput.Delivery? = nil
    ) -> Result {
        var output = RenderOutput(
            diagnostics: diagnostics, keeping: keeping, workers: workers, deliver: deliver)
        let site = builder.site
        warnAboutMissingAltText()

        let homeSource = site.home?.sourcePath ?? "index.md"
        output.page("index.html", prints.home("index.html")) { output in
            output.render("index.html", "home", builder.homePage(), source: homeSource, templates)
        }
        for page in builder.sortedPages {
            guard templates.contains(page.template) else {
                output.fail(
                    page.sourcePath,
                    "template '\(page.template)' not found (looked for templates/\(page.template).mustache)")
                continue
            }
            let path = page.urlPath + "index.html"
            if let protection = page.protection {
                sealed(
                    protection, path: path, fingerprint: prints.page(page, path: path),
                    template: page.template,
                    source: page.sourcePath, lock: (page.urlPath, [], false), into: &output
                ) { PageRender(context: builder.pageContext(page)) }
                continue
            }
            output.page(path, prints.page(page, path: path)) { output in
                output.render(
                    path, page.template, builder.pageContext(page), source: page.sourcePath, templates)
            }
        }
        renderAlbum(site.root, ancestors: [], into: &output)
        renderTags(into: &output)
        renderPlaces(into: &output)
        renderTimeline(into: &output)
        renderSearch(into: &output)

        output.page("404.html", prints.notFound("404.html")) { output in
            output.render("404.html", "404", builder.notFoundContext(), source: "404", templates)
        }
        output.page("feed.xml", prints.wholeSite("feed.xml")) { output in
            output.render("feed.xml", "feed", builder.feedContext(), source: "feed", templates)
        }
        // The sitemap protocol needs absolute URLs: without base_url there is none to write.
        if !site.config.baseURL.isEmpty {
            output.page("sitemap.xml", prints.wholeSite("sitemap.xml")) { output in
                output.render(
                    "sitemap.xml", "sitemap", builder.sitemapContext(), source: "sitemap", templates)
            }
        } else if !site.config.baseURLLeftEmpty {
            let file = site.config.sourcePath ?? "."
            diagnostics.emit(
                .warning, SourceLocation(file: file),
                "base_url is not set\(site.config.sourcePath == nil ? " (there is no site.yml)" : ""), so no "
                    + "sitemap.xml is written (sitemaps need absolute URLs) and shared links get no Open "
                    + "Graph picture; set base_url to where the site will live, or base_url: \"\" to keep "
                    + "it root-relative")
        }
        if site.config.publishHostFiles {
            for file in HostFiles.files { output.add(file, source: "publish.headers") }
        }
        // The private albums' script goes out with private albums only, search's with search.
        let unused = Set(
            [
                sealers.isEmpty ? builder.assetPaths["sealed.js"] : nil,
                builder.search.isOn ? nil : builder.assetPaths["search.js"],
            ].compactMap { $0 })
        for file in themeAssets.files where !unused.contains(file.path) { output.add(file, source: "assets") }
        for file in builder.photoSheets.files { output.addShared(file) }
        output.add(motionStylesheet, source: "motion")
        output.add(favicon, source: builder.site.favicon == nil ? "favicon" : "site.yml")

        return Result(
            files: output.finish().sorted { $0.path < $1.path }, fingerprints: output.fingerprints,
            kept: output.kept, needs: output.needs)
    }

    /// `tags/index.html` (every tag, as cards) and each tag's page, an album page of its photos.
    private func renderTags(into output: inout RenderOutput) {
        renderCollection(
            list: (TagIndex.urlPath, "tags", prints.tagList, builder.tagsPage),
            albums: builder.tags.tags.map { ($0.album, [builder.site.root, TagIndex.rootAlbum]) },
            into: &output)
    }

    /// `places/index.html` (every place, by country, on a map) and each place's page.
    private func renderPlaces(into output: inout RenderOutput) {
        renderCollection(
            list: (PlaceIndex.urlPath, "places", prints.placeList, builder.placesPage),
            albums: builder.places.places.map { ($0.album, [builder.site.root, PlaceIndex.rootAlbum]) },
            into: &output)
    }

    /// `timeline/index.html` (the years and their months) and each year's and month's page; a
    /// month's way up passes its year.
    private func renderTimeline(into output: inout RenderOutput) {
        let timeline = builder.timeline
        let years = Dictionary(
            timeline.years.map { ($0.year, $0.album) }, uniquingKeysWith: { first, _ in first })
        renderCollection(
            list: (TimelineIndex.urlPath, "timeline", prints.timelineList, builder.timelinePage),
            albums: timeline.periods.map { period in
                let year = period.month == nil ? nil : years[period.year]
                return (
                    period.album, [builder.site.root, TimelineIndex.rootAlbum] + (year.map { [$0] } ?? [])
                )
            }, into: &output)
    }

    /// `search/index.html` and the index files beside it, unless the site has no search. The
    /// index is made beside the pages, or kept whole when the recycled site folder holds it made
    /// from the same albums and photos.
    private func renderSearch(into output: inout RenderOutput) {
        guard builder.search.isOn else { return }
        let path = SearchIndex.urlPath + "index.html"
        let source = builder.site.config.sourcePath ?? "search"
        let (templates, builder) = (templates, builder)
        output.page(path, prints.searchPage(path)) { output in
            output.render(path, "search", builder.searchPage(), source: source, templates)
        }
        let meta = SearchIndex.urlPath + "meta.json"
        let (site, photos, places, memo) = (builder.site, photos, builder.places, memo)
        output.group(
            first: meta, others: builder.search.previousFiles.filter { $0 != meta },
            fingerprint: prints.searchIndexFiles(SearchIndex.urlPath), source: source
        ) {
            SearchIndexWriter.index(site, derivatives: photos, places: places, memo: memo).files
        }
    }

    /// A collection drawn as albums (tags, places, the timeline): its list page at
    /// `list.urlPath`, rendered by `list.template`, and each album's pages, split like an
    /// album (`layouts.page_size`); nothing when it has no album. Messages name site.yml.
    private func renderCollection(
        list: (
            urlPath: String, template: String, print: (String) -> String, page: @Sendable () -> PageRender
        ),
        albums: [(album: Album, ancestors: [Album])], into output: inout RenderOutput
    ) {
        guard !albums.isEmpty else { return }
        let source = builder.site.config.sourcePath ?? list.template
        let path = list.urlPath + "index.html"
        let (templates, builder, template, page) = (templates, builder, list.template, list.page)
        output.page(path, list.print(path)) { output in
            output.render(path, template, page(), source: source, templates)
        }
        for (album, ancestors) in albums {
            for slice in builder.albumPageSlices(album) {
                let path = ContextBuilder.albumPagePath(album, page: slice.index) + "index.html"
                output.page(path, prints.album(album, path: path)) { output in
                    output.render(
                        path, "album", builder.albumPage(album, ancestors: ancestors, slice: slice),
                        source: source, templates)
                }
            }
        }
    }

    /// The album's own page (not for the root: that is the home page), its photo pages, then
    /// its sub-albums.
    private func renderAlbum(_ album: Album, ancestors: [Album], into output: inout RenderOutput) {
        if !album.urlPath.isEmpty {
            for slice in builder.albumPageSlices(album) {
                let path = ContextBuilder.albumPagePath(album, page: slice.index) + "index.html"
                let print = prints.album(album, path: path)
                if let protection = album.protection {
                    let urlPath = ContextBuilder.albumPagePath(album, page: slice.index)
                    sealed(
                        protection, path: path, fingerprint: print, template: "album",
                        source: album.sourcePath,
                        lock: (urlPath, ancestors, false), into: &output
                    ) { builder.albumPage(album, ancestors: ancestors, slice: slice) }
                    continue
                }
                output.page(path, print) { output in
                    output.render(
                        path, "album", builder.albumPage(album, ancestors: ancestors, slice: slice),
                        source: album.sourcePath, templates)
                }
            }
        }
        let shown = builder.shownPhotos(album)
        let pagePrints = prints.photoPages(of: shown, in: album)
        if let protection = album.protection {
            for (index, photo) in shown.enumerated() {
                let path = photo.source.urlPath + "index.html"
                sealed(
                    protection, path: path, fingerprint: pagePrints[index],
                    template: "photo", source: photo.source.sourcePath,
                    lock: (photo.source.urlPath, ancestors + [album], true), into: &output
                ) { builder.photoPage(photo, at: index, of: shown, in: album, ancestors: ancestors) }
            }
        } else {
            let (builder, templates) = (builder, templates)
            output.pages(shown.count) { index in
                (shown[index].source.urlPath + "index.html", pagePrints[index])
            } render: { index, output in
                let photo = shown[index]
                let context = builder.photoPage(photo, at: index, of: shown, in: album, ancestors: ancestors)
                output.render(output.path, "photo", context, source: photo.source.sourcePath, templates)
            }
        }
        for child in album.albums {
            renderAlbum(child, ancestors: ancestors + [album], into: &output)
        }
    }

    /// Queues the page at `path` of a protected album, sealed with its key: the page's
    /// fingerprint has the key's check (a new password renders it again), and says whether
    /// the key is in the page; `page` makes the real page, `lock` says where its lock page
    /// stands. Without a key (the sealing failed) nothing is published at `path`: an error
    /// says so.
    private func sealed(
        _ protection: AlbumProtection, path: String, fingerprint: String, template: String, source: String,
        lock place: (urlPath: String, ancestors: [Album], photoPage: Bool), into output: inout RenderOutput,
        page: @escaping @Sendable () -> PageRender
    ) {
        guard let sealer = sealers[protection.root] else {
            output.fail(
                protection.root.isEmpty ? "." : protection.root,
                "\(path) belongs to a password-protected album that could not be sealed; it is not published")
            return
        }
        // A lock page holding its key (`serve --unlock`) is never the same page as one without:
        // a recycled preview must not hand its pages to a build that publishes.
        let embedsKey = sealing.embedsKeys
        let unlocked = embedsKey ? " key in page" : ""
        let (builder, templates) = (builder, templates)
        output.page(path, fingerprint + " sealed " + sealer.key.check + unlocked) { output in
            output.renderSealed(
                path, template, page(), source: source, templates, sealer: sealer,
                lock: { payload in
                    builder.lockedPage(
                        urlPath: place.urlPath, ancestors: place.ancestors, photoPage: place.photoPage,
                        key: sealer.key, payload: payload, embedsKey: embedsKey)
                })
        }
    }

    /// One warning per shown photo that has no alt text at all.
    private func warnAboutMissingAltText() {
        var warnings: [Diagnostic] = []
        for album in builder.site.root.allAlbums {
            let shown = builder.shownPhotos(album)
            let make = {
                shown.filter { PhotoText($0).isAltMissing }.map {
                    PhotoText.missingAltDiagnostic(for: $0.source)
                }
            }
            warnings += memo?.altWarnings(of: album.sourcePath, photos: shown, make: make) ?? make()
        }
        diagnostics.emit(all: warnings)
    }
}
