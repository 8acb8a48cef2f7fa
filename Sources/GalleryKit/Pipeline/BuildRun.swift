import Foundation

/// One build in progress: its options, where it reports, the clock of its phases, and the
/// recycler it takes the previous site and the cache from. ``SiteBuilder/build(_:session:diagnostics:progress:)``
/// calls its phases in order; each measures itself under its ``BuildPhase``.
///
/// What stops a build early throws ``BuildFailed``: a content or output folder that cannot be
/// used at all (``loadContent()``, ``stage()``), a file that cannot be written into the staging
/// folder (``zip(_:images:into:)``, ``write(_:images:downloads:into:)``), the
/// ``verdict(leaks:rendered:)``, and a failed ``commit(_:)``. Every other phase reports what
/// went wrong and goes on, so that one run names every broken file.
struct BuildRun: Sendable {
    let options: BuildOptions
    let recycler: any SiteRecycler
    let diagnostics: DiagnosticCollector
    let phases = PhaseClock()
    let start = ContinuousClock.now
    /// Every worker of the build, `--jobs` of them: the video and image stages, each photo's
    /// encodes, page writing and the GPS scan all run on it.
    let workers: WorkerPool

    init(options: BuildOptions, recycler: any SiteRecycler, diagnostics: DiagnosticCollector) {
        self.options = options
        self.recycler = recycler
        self.diagnostics = diagnostics
        workers = WorkerPool(workers: options.jobs)
    }

    /// What the image phase made, with the cache it used.
    struct Images: Sendable {
        var output: ImageStage.Output
        var cache: DerivativeCache?
        /// How many of the videos among ``derivatives`` were restored from the cache.
        var videoCachedCount = 0
        /// True when the output is the session's last builds', taken as it was: every cache
        /// entry it names is one those builds used, recorded and scanned.
        var reusedFromSession = false
        /// For a reused output the cache has not been told of since the stage last ran: its
        /// sources (standard paths), whose entries ``markUsed(_:)`` marks once the site is in
        /// place, off the way to the reload.
        var unmarkedSources: [String]?
        var derivatives: [String: PhotoDerivatives] { output.derivatives }
        /// Published paths the leak check may skip: every cache entry behind them was scanned
        /// clean by an earlier successful build (an entry stored by this build is not).
        var knownClean: @Sendable (String) -> Bool {
            guard let cache else { return { _ in false } }
            return cache.scannedClean(output.cacheKeys)
        }
    }

    /// The verdict of a failed build: the errors are in the diagnostics.
    private var failed: BuildFailed { BuildFailed(errorCount: diagnostics.count(of: .error)) }

    /// Reports `error` and stops the build.
    func stop(_ error: any LocatedError) -> BuildFailed {
        diagnostics.emit(error)
        return failed
    }

    /// ``BuildPhase/content``: the site model, or a stop when the content folder is unusable.
    func loadContent() throws(BuildFailed) -> Site {
        do {
            return try phases.measure(.content) { () throws(ContentError) in
                var loader = ContentLoader(
                    contentDirectory: options.contentDirectory, includeDrafts: options.includeDrafts,
                    followLinks: options.followLinks, diagnostics: diagnostics)
                loader.livePairs =
                    LivePairing(
                        contentDirectory: options.contentDirectory, diagnostics: diagnostics
                    ).pairs(in:config:)
                return try loader.load()
            }
        } catch {
            throw stop(error)
        }
    }

    /// ``BuildPhase/adoptSpare``, ``BuildPhase/staging``, ``BuildPhase/checkSpare`` and
    /// ``BuildPhase/verifySpare``: the writer of the new site, in the previous site when the
    /// recycler kept one, else in a new, empty staging folder; and what a recycled folder was
    /// found to hold, when its manifest was kept (nil: it is listed and compared instead); a
    /// folder the recycler wrote itself is checked by its folders' times alone.
    func stage() async throws(BuildFailed) -> (writer: OutputWriter, trusted: TrustedSite?) {
        let spare = phases.measure(.adoptSpare) { recycler.takeSpare(for: options) }
        let manifest = spare == nil ? nil : recycler.spareManifest(for: options)
        let writer: OutputWriter
        do {
            writer = try phases.measure(.staging) { () throws(OutputError) in
                try OutputWriter(
                    outputDirectory: options.outputDirectory, contentDirectory: options.contentDirectory,
                    recycling: spare)
            }
        } catch {
            if let spare { OutputWriter.removeSite(spare) }
            throw stop(error)
        }
        if let spare, !writer.isRecycled { OutputWriter.removeSite(spare) }
        if writer.recoveredPreviousSite {
            diagnostics.emit(OutputError(.recoveredPreviousSite, file: options.outputDirectory.path))
        }
        guard writer.isRecycled, let manifest else { return (writer, nil) }
        // The session's own folder, untouched since: its manifest as it is.
        if recycler.trustsSpare(writer.stagingDirectory) {
            let unchanged = await phases.measure(.checkSpare) {
                await manifest.foldersMatch(in: writer.stagingDirectory, workers: workers)
            }
            if unchanged { return (writer, TrustedSite(manifest)) }
        }
        let trusted = await phases.measure(.verifySpare) {
            await manifest.verify(in: writer.stagingDirectory, workers: workers)
        }
        return (writer, trusted)
    }

    /// ``loadContent()`` and ``stage()`` side by side: the content walk reads the content
    /// folder on one worker while the previous site's check stats the staging folder on the
    /// others (each is a tenth of a second at 10,000 photos, and neither needs the other).
    /// When either stops the build, both have reported, and a staging folder made is removed.
    func loadContentAndStage() async throws(BuildFailed) -> (Site, OutputWriter, TrustedSite?) {
        let loading = workers.makeGroup()
        let content = Locked<Result<Site, BuildFailed>?>(nil)
        loading.add {
            let loaded = Result { () throws(BuildFailed) in try loadContent() }
            content.withLock { $0 = loaded }
        }
        let staged: Result<(writer: OutputWriter, trusted: TrustedSite?), BuildFailed>
        do {
            staged = .success(try await stage())
        } catch {
            staged = .failure(error)
        }
        await loading.finished()
        do throws(BuildFailed) {
            let site = try (content.withLock { $0 } ?? .failure(failed)).get()
            let (writer, trusted) = try staged.get()
            return (site, writer, trusted)
        } catch {
            if case .success(let stage) = staged { stage.writer.abandon() }
            throw error
        }
    }

    /// ``BuildPhase/templates``: the theme with the site's overrides, its templates parsed and
    /// its assets read; nil (every error reported) when a template or an asset is broken, and
    /// then no page is rendered.
    func loadTheme() -> Theme? {
        phases.measure(.templates) {
            do throws(TemplateLibraryErrors) {
                return try ThemeFolders(options.templateDirectories).read()
            } catch {
                for templateError in error.errors { diagnostics.emit(templateError) }
                return nil
            }
        }
    }

    /// ``BuildPhase/cacheOpen``: the derivative cache (the recycler's, when it kept one open),
    /// or nil when the options name none or it cannot be used (reported).
    func openCache() -> DerivativeCache? {
        phases.measure(.cacheOpen) {
            recycler.cache(for: options) { makeCache() }
        }
    }

    /// ``BuildPhase/videos``: every clip transcoded or restored, with its poster, unless
    /// site.yml says `video: false` (then the content stage left them out).
    func processVideos(
        of site: Site, cache: DerivativeCache?, into siteRoot: URL,
        progress: @escaping @Sendable (BuildProgress) -> Void
    ) async -> VideoStage.Output {
        let clips = items(of: site).filter(\.isVideo).map(VideoStage.Job.init(clip:))
        guard !clips.isEmpty else { return VideoStage.Output() }
        let stage = VideoStage(
            settings: site.config.video, workers: workers, cache: cache, siteRoot: siteRoot)
        return await phases.measure(.videos) {
            await stage.run(
                clips, contentDirectory: options.contentDirectory, diagnostics: diagnostics,
                progress: progress)
        }
    }

    /// ``BuildPhase/livePhotos``: the motion of every Live Photo and Motion Photo published
    /// as a muted MP4 (``VideoSettings/forLivePhotos``), merged into its photo's derivatives
    /// (``PhotoDerivatives/live``); with `images.live: false`, or `video: false` (no ffmpeg is
    /// asked for), none. A movie that fails leaves its photo a still, with the error named.
    func processLivePhotos(
        of site: Site, images: Images, cache: DerivativeCache?, into siteRoot: URL,
        progress: @escaping @Sendable (BuildProgress) -> Void
    ) async -> Images {
        guard site.config.livePhotos, site.config.video.enabled else { return images }
        let jobs = items(of: site).compactMap { photo -> VideoStage.Job? in
            guard !photo.isVideo, let derivatives = images.derivatives[photo.sourcePath] else { return nil }
            if let movie = photo.liveMovie { return VideoStage.Job(item: photo, file: movie) }
            if let embedded = derivatives.embeddedMovie {
                return VideoStage.Job(item: photo, file: photo.sourcePath, range: embedded.range)
            }
            return nil
        }
        guard !jobs.isEmpty else { return images }
        let stage = VideoStage(
            settings: site.config.video.forLivePhotos, workers: workers, cache: cache, siteRoot: siteRoot)
        let made = await phases.measure(.livePhotos) {
            await stage.run(
                jobs, contentDirectory: options.contentDirectory, diagnostics: diagnostics, progress: progress
            )
        }
        made.removeScratch()
        var images = images
        images.output.take(made, into: \.live, marker: "+live:")
        return images
    }

    /// ``BuildPhase/images``: every photo's derivatives, from the cache where the same bytes
    /// were processed with the same settings before; a video's are its poster's, with the
    /// clip's own facts merged in (``PhotoDerivatives/video``, its recording date as the date
    /// taken), so that it sorts, covers and slides like a photo. A clip without a poster (it
    /// failed) is left out.
    func processImages(
        of site: Site, videos: VideoStage.Output, cache: DerivativeCache?, into siteRoot: URL,
        trusted: TrustedSite?, progress: @escaping @Sendable (BuildProgress) -> Void
    ) async -> Images {
        var stage = ImageStage(
            pipeline: ImagePipeline(
                settings: site.config.images, outputDirectory: siteRoot, workers: workers),
            cache: cache, siteRoot: siteRoot,
            finish: MotionAnalysis.finish, phases: phases)
        stage.posters = videos.posters
        stage.trusted = trusted
        let items = items(of: site).filter { !$0.isVideo || videos.posters[$0.sourcePath] != nil }
        let inputs = recycler.keepsImages ? Self.imageInputs(items, settings: site.config.images) : nil
        // A preview's rebuild after a caption edit: the photos are the last builds', and so is
        // the recycled folder's every rendition (clips, whose posters are made anew, never).
        if let inputs, let (reused, proven) = recycler.reusableImages(for: inputs), let cache,
            let trusted, trusted.isIntact,
            videos.videos.isEmpty, !items.contains(where: \.isVideo),
            proven || Self.holdsEveryFile(of: reused, in: trusted)
        {
            let marked = recycler.madeImages(reused, from: inputs, reused: true)
            // The content paths are relative and clean: joined, they are the cache's paths.
            let folder = standardPath(options.contentDirectory) + "/"
            return Images(
                output: reused, cache: cache, reusedFromSession: true,
                unmarkedSources: marked ? nil : items.map { folder + $0.sourcePath })
        }
        var output = await phases.measure(.images) {
            await stage.run(
                items, contentDirectory: options.contentDirectory, diagnostics: diagnostics,
                progress: progress)
        }
        if let inputs { recycler.madeImages(output, from: inputs, reused: false) }
        output.take(videos, into: \.video, marker: "+")
        for (path, video) in videos.videos { output.derivatives[path]?.exif.dateTaken = video.recorded }
        return Images(output: output, cache: cache, videoCachedCount: videos.cachedCount)
    }

    /// True when the recycled folder holds every file `output`'s photos publish, made from the
    /// same cache entries: what a preview's first rebuild after its start needs to reuse the
    /// image stage's output (40,000 lookups at 10,000 photos, against 0.25 s of keying).
    static func holdsEveryFile(of output: ImageStage.Output, in trusted: TrustedSite) -> Bool {
        output.derivatives.values.allSatisfy { derivatives in
            var held = true
            derivatives.forEachPublishedFile { path, _ in
                guard held else { return }
                held = output.cacheKeys[path]?.contains { trusted.holds(path, madeBy: $0.hex) } ?? false
            }
            return held
        }
    }

    /// What the image stage's output is made from, but the files' bytes: the image settings,
    /// and each item's path, name, slug and focal point (what a cache key holds).
    static func imageInputs(_ items: [PhotoSource], settings: ImageSettings) -> String {
        Fingerprint.of { print in
            print.add(reflecting: "images", settings)
            // Field by field, not joined into one string per item first (10,000 of them).
            for item in items {
                print.add("item", item.sourcePath)
                print.add("name", item.fileName)
                print.add("slug", item.slug)
                print.add("focus", item.focus.map { DerivativeCache.focusText($0) })
                print.add("video", item.isVideo)
            }
        }
    }

    /// Every photo and clip of the site, or with `--shard`, those of its share.
    func items(of site: Site) -> [PhotoSource] {
        let all = site.root.allAlbums.flatMap(\.photos)
        guard let shard = options.shard else { return all }
        return all.filter {
            shard.contains(options.contentDirectory.appendingPathComponent($0.sourcePath).path)
        }
    }

    /// Each album's photos in their `sort:` order, now that their EXIF dates are known; with
    /// `images.min_rating`, without the photos rated below it (``RatingFilter``).
    func order(_ site: Site, by images: Images, staging: OutputWriter) -> (site: Site, images: Images) {
        let filtered = RatingFilter.apply(
            site.config.minRating, to: site, derivatives: images.derivatives,
            staging: staging.stagingDirectory)
        var images = images
        images.output.derivatives = filtered.derivatives
        return (PhotoOrdering.apply(to: filtered.site, photos: filtered.derivatives), images)
    }

    /// ``BuildPhase/tags``: the tags of the photos now that their keywords are known.
    func collectTags(_ site: Site, images: Images) -> TagIndex {
        phases.measure(.tags) {
            TagCollection.collect(site, derivatives: images.derivatives, diagnostics: diagnostics)
        }
    }

    /// ``BuildPhase/places``: each photo's place, when `places:` is on or a sidecar names one.
    /// The gazetteer is read only when a photo has a GPS position to name.
    func collectPlaces(_ site: Site, images: Images) -> PlaceIndex {
        phases.measure(.places) {
            var finder: PlaceFinder?
            if let level = site.config.places, !images.output.sourceCoordinates.isEmpty {
                finder = placeFinder(level: level, config: site.config)
            }
            return PlaceCollection.collect(
                site, derivatives: images.derivatives, coordinates: images.output.sourceCoordinates,
                finder: finder, diagnostics: diagnostics)
        }
    }

    /// ``BuildPhase/maps``: the map of each listed public album with `map: true` (or site.yml's
    /// `maps: true`) that has places, and of every place on `places/`. The outlines are read
    /// only when there is a marker to draw.
    func drawMaps(_ site: Site, places: PlaceIndex) -> SiteMaps {
        phases.measure(.maps) {
            guard places.places.contains(where: { $0.point != nil }),
                let atlas = geodata(
                    "map.bin", GeodataMemo.atlas, config: site.config,
                    problem: {
                        "maps need galleryc's outlines, \($0), which cannot be read (\($1)); no map is drawn. "
                            + "Set GALLERYC_GEODATA_DIR to galleryc's Geodata folder"
                    })
            else { return SiteMaps() }
            return SiteMapDrawing(
                drawer: MapDrawer(atlas: atlas), places: places, links: LinkBuilder(config: site.config)
            )
            .draw(site)
        }
    }

    /// A file of the geographic data, read and parsed (once per process, ``GeodataMemo``); when
    /// it cannot be, the error `problem(path, reason)`, naming site.yml.
    private func geodata<Value>(
        _ name: String, _ read: (URL) throws -> Value, config: SiteConfig,
        problem: (String, String) -> String
    ) -> Value? {
        let file = options.geodata.appendingPathComponent(name)
        do {
            return try read(file)
        } catch {
            let reason =
                switch error {
                case let damaged as GeodataDamaged: damaged.reason
                case FileReadFailure.unreadable(let why): why
                case FileReadFailure.notARegularFile: "not a regular file"
                default: "\(error)"
                }
            diagnostics.emit(
                .error, SourceLocation(file: config.sourcePath ?? "site.yml"),
                problem(file.path, reason))
            return nil
        }
    }

    /// ``BuildPhase/timeline``: the year and month pages, when `timeline: true`.
    func collectTimeline(_ site: Site, images: Images) -> TimelineIndex {
        phases.measure(.timeline) {
            TimelineCollection.collect(site, derivatives: images.derivatives, diagnostics: diagnostics)
        }
    }

    /// ``BuildPhase/search``: whether the site has search (unless `search: false`, when a
    /// listed public photo is shown), and the index files the recycled site folder holds; the
    /// index is made by the renderer, beside the pages, unless they are kept. A page or album
    /// of the site at `search/` keeps that URL: no search, and a warning.
    func indexSearch(_ site: Site, images: Images, trusted: TrustedSite?) -> SearchIndex {
        phases.measure(.search) {
            guard site.config.search else { return SearchIndex() }
            if let taken = site.contentPath(under: SearchIndex.urlPath) {
                diagnostics.emit(
                    .warning, SourceLocation(file: site.config.sourcePath ?? "."),
                    "/\(taken) is a page or album of the site, so galleryc's search page is not written there "
                        + "and the header has no search field (rename it, or set `search: false` in site.yml)"
                )
                return SearchIndex()
            }
            guard SearchIndexWriter.findsAPhoto(in: site, derivatives: images.derivatives) else {
                return SearchIndex()
            }
            let previous = trusted?.recordedPaths(under: SearchIndex.urlPath).filter { $0.hasSuffix(".json") }
            return SearchIndex(isOn: true, previousFiles: previous ?? [])
        }
    }

    /// The gazetteer, read from the geographic data; an error names site.yml when it cannot be.
    private func placeFinder(level: PlaceLevel, config: SiteConfig) -> PlaceFinder? {
        geodata(
            "places.bin", GeodataMemo.gazetteer, config: config,
            problem: {
                "places: \(level.rawValue) needs galleryc's list of places, \($0), which cannot be read (\($1)); "
                    + "photos get no place names. Set GALLERYC_GEODATA_DIR to galleryc's Geodata folder, or "
                    + "`places: off`"
            }
        ).map { PlaceFinder(gazetteer: $0, level: level, exclusions: config.placeExclusions) }
    }

    /// ``BuildPhase/zips``: each album's published originals as one ZIP, where
    /// `downloads.zip` asks; written straight into the staging folder (a ZIP can be gigabytes).
    func zip(_ site: Site, images: Images, into staging: OutputWriter) throws(BuildFailed) -> AlbumDownloads {
        do {
            return try phases.measure(.zips) { () throws(OutputError) in
                try AlbumDownloads.make(
                    for: site, derivatives: images.derivatives, into: staging, diagnostics: diagnostics)
            }
        } catch {
            throw stop(error)
        }
    }

    /// ``BuildPhase/render``: every page, feed and stylesheet; none without a theme. A page the
    /// recycled staging folder holds, made from the same fingerprint, is kept, not rendered.
    /// The renderer runs on one of the workers and renders the pages side by side on all of
    /// them (a template edit renders every page again). What it makes is written into
    /// `staging` and scanned for GPS positions round by round as it is made (the sink's work,
    /// ``RenderedFileSink``): a site's pages never all sit in memory.
    func render(
        _ site: Site, images: Images, tags: TagIndex, places: PlaceIndex = PlaceIndex(),
        maps: SiteMaps = SiteMaps(),
        timeline: TimelineIndex = TimelineIndex(), search: SearchIndex = SearchIndex(),
        downloads: AlbumDownloads,
        theme: Theme?, into staging: OutputWriter,
        trusted: TrustedSite?, sealed: SealedSite = SealedSite()
    ) async -> Rendered? {
        warnAboutImageNotices(site, derivatives: images.derivatives)
        guard let theme else { return nil }
        let made = Locked<SiteRenderer.Result?>(nil)
        let (options, diagnostics, workers) = (options, diagnostics, workers)
        let sink = RenderedFileSink(
            writer: staging, scanner: GPSLeakScanner(sourceCoordinates: images.output.sourceCoordinates),
            workers: workers, trusted: trusted)
        await phases.measure(.render) {
            let rendering = workers.makeGroup()
            rendering.add {
                let result = SiteRenderer(
                    site: site, photos: images.derivatives, derivativeKeys: images.output.derivativeKeys,
                    tags: tags, places: places, maps: maps, timeline: timeline, search: search,
                    downloads: downloads,
                    templates: theme.templates,
                    themeAssets: theme.assets,
                    themeFingerprint: theme.fingerprint, build: BuildIdentity.current,
                    sourceDate: options.sourceDate, diagnostics: diagnostics, workers: workers,
                    sealing: sealed, memo: recycler.renderMemo
                ).render(
                    keeping: { path, fingerprint in trusted?.keeps(path, fingerprint: fingerprint) ?? false },
                    delivering: sink.deliver)
                made.withLock { $0 = result }
            }
            await rendering.finished()
        }
        return made.withLock { $0 }.map { Rendered(result: $0, written: sink) }
    }

    /// What the render phase made: the renderer's result (fingerprints, kept pages, the
    /// stylesheets each page needs) and the files it wrote.
    struct Rendered: Sendable {
        var result: SiteRenderer.Result
        var written: RenderedFileSink
    }

    /// The image stage's notices (damaged data recovered from, a profile left out) as warnings
    /// naming the photo, on every build, also when its renditions came from the cache.
    private func warnAboutImageNotices(_ site: Site, derivatives: [String: PhotoDerivatives]) {
        for album in site.root.allAlbums {
            for photo in album.photos {
                guard let made = derivatives[photo.sourcePath], !made.renditions.isEmpty else { continue }
                for notice in made.notices ?? [] {
                    diagnostics.emit(ImageError(ImageProblem(notice), file: photo.sourcePath))
                }
            }
        }
    }

    /// What the new site holds, file by file, and what made each file: what the writing
    /// writes or keeps, and what the manifest records.
    struct SiteFiles: Sendable {
        /// Every file rendered by this build (the render phase wrote them as it made them).
        var renderedPaths: [String] = []
        /// What the render phase wrote as it rendered (its leaks, a file it could not write).
        var written: RenderedFileSink?
        /// The pages the recycled folder holds as they are, with the files they need.
        var kept: [String] = []
        /// What made each file of the site (a page's inputs, a file's content, a rendition's
        /// cache entries); nil when one is not known (a build without a cache), and then no
        /// manifest is kept.
        var fingerprints: [String: String]?
        /// Each page's own stylesheet.
        var needs: [String: [String]] = [:]
        /// The files compared with the recycled folder's manifest (``compare(_:trusted:)``).
        var comparison: SiteManifest.Comparison?

        /// Every file of the new site (pages, assets, renditions, ZIPs) with its size in bytes;
        /// a kept file's size is the checked manifest's.
        var sizes: [String: Int64] = [:]
    }

    /// The new site's files: the renderer's (rendered and kept) and the image stage's, with
    /// what made each.
    func siteFiles(
        _ rendered: Rendered?, images: Images, downloads: AlbumDownloads, trusted: TrustedSite?,
        sealed: SealedSite = SealedSite()
    ) -> SiteFiles {
        var site = SiteFiles()
        guard let rendered else { return site }
        let result = rendered.result
        let written = rendered.written.records
        site.written = rendered.written
        site.renderedPaths = written.map(\.path)
        // The photos' published files first: the largest part (40,000 of 50,000 files at
        // 10,000 photos), taken as the session's last build had it when the photos are its.
        var published: PublishedFiles
        if images.reusedFromSession, let kept = recycler.publishedFiles(excluding: sealed.sources) {
            published = kept
        } else {
            published = Self.publishedFiles(images, excluding: sealed.sources)
            recycler.keepPublishedFiles(published, excluding: sealed.sources)
        }
        var fingerprints = published.fingerprints
        var sizes = published.sizes
        // Let go, so that tables no session keeps are filled in place, not copied first
        // (250,000 entries at 50,000 photos).
        published = PublishedFiles()
        // Grown at most once (a kept copy is copied as it is when it has room: no rehashing).
        let needed = sizes.count + result.fingerprints.count + site.renderedPaths.count
        if sizes.capacity < needed { sizes.reserveCapacity(needed) }
        if let capacity = fingerprints?.capacity, capacity < needed { fingerprints?.reserveCapacity(needed) }
        fingerprints?.merge(result.fingerprints) { _, page in page }
        for record in written {
            if let print = record.contentPrint { fingerprints?[record.path] = print }
        }
        site.needs = result.needs
        for record in written { sizes[record.path] = record.byteCount }
        // A stylesheet a kept page needs is kept too, unless a page rendered now made it again.
        // A kept file's size is the checked manifest's.
        var keptNeeds = Set(site.renderedPaths)
        site.kept.reserveCapacity(result.kept.count)
        for page in result.kept {
            let file = trusted?.file(page)
            let needs = file?.needs ?? []
            site.kept.append(page)
            sizes[page] = file?.stamp.size ?? 0
            site.needs[page] = needs
            for need in needs where keptNeeds.insert(need).inserted {
                site.kept.append(need)
                let file = trusted?.file(need)
                sizes[need] = file?.stamp.size ?? 0
                fingerprints?[need] = file?.fingerprint
            }
        }
        for download in downloads.byAlbum.values where !sealed.zips.contains(download.path) {
            fingerprints?[download.path] = "zip \(download.byteCount)"
            sizes[download.path] = download.byteCount
        }
        for (root, files) in sealed.files {
            let check = sealed.keys[root]?.check ?? ""
            for (plain, file) in files {
                sizes[file.path] = file.byteCount
                guard fingerprints != nil else { continue }
                let made = (images.output.cacheKeys[plain] ?? []).map(\.hex)
                fingerprints?[file.path] =
                    SealedSite.fingerprint(check: check, made: made)
                    ?? "sealed zip \(file.byteCount) \(check)"
            }
        }
        site.fingerprints = fingerprints
        site.sizes = sizes
        return site
    }

    /// The files the photos publish (renditions, originals, clips, Live Photo movies) with
    /// their sizes, and what made each: its cache entries (one, unless two photos have the same
    /// bytes and settings); the fingerprints are nil when one has none (a build without a
    /// cache). The photos of `excluded` (sealed with their albums) publish none of their own.
    struct PublishedFiles: Sendable {
        var sizes: [String: Int64] = [:]
        var fingerprints: [String: String]? = [:]
    }

    static func publishedFiles(_ images: Images, excluding excluded: Set<String>) -> PublishedFiles {
        var files = PublishedFiles()
        // Room for the pages too (about one a photo), which the site's files add.
        let count = images.derivatives.values.reduce(0) { $0 + $1.renditions.count + 3 }
        files.sizes.reserveCapacity(count)
        files.fingerprints?.reserveCapacity(count)
        func published(_ path: String, _ byteCount: Int) {
            files.sizes[path] = Int64(byteCount)
            guard files.fingerprints != nil else { return }
            let keys = images.output.cacheKeys[path] ?? []
            switch keys.count {
            case 0: files.fingerprints = nil
            case 1: files.fingerprints?[path] = keys[0].hex
            default: files.fingerprints?[path] = Set(keys.map(\.hex)).sorted().joined(separator: "+")
            }
        }
        for (source, derivatives) in images.derivatives where excluded.isEmpty || !excluded.contains(source) {
            derivatives.forEachPublishedFile(published)
        }
        return files
    }

    /// ``BuildPhase/removeStale``, ``BuildPhase/writePages`` and ``BuildPhase/scanImages``:
    /// the rendered files (written and scanned by the render phase) and the pages kept from a
    /// recycled folder recorded, the previous site's stale files removed, and everything else
    /// the site will publish checked for the sources' GPS positions; returns every leak found,
    /// sorted by file. In a recycled folder with a checked manifest (`trusted`), only what the
    /// manifest names (or a changed folder holds) is a candidate for removal; without one, the
    /// folder is listed.
    /// A file that could not be written (a full disk, say) stops the build: the output folder
    /// is not usable, `--keep-going` or not. Nil when the build was cancelled meanwhile: the
    /// scan started no further file, and what it found is not a verdict.
    func write(
        _ site: SiteFiles, images: Images, downloads: AlbumDownloads, into staging: OutputWriter,
        trusted: TrustedSite?, sealed: SealedSite = SealedSite()
    ) async throws(BuildFailed) -> [GPSLeak]? {
        let scanner = GPSLeakScanner(sourceCoordinates: images.output.sourceCoordinates)
        if let failure = site.written?.failure { throw stop(failure) }
        var leaks = site.written?.leaks ?? []
        if !site.renderedPaths.isEmpty || !site.kept.isEmpty {
            // The comparison with the folder's manifest may say that nothing is stale: then
            // 50,000 paths at 10,000 photos need not be looked up again. Not after an error: a
            // page that failed to render has a fingerprint but no file (`--keep-going`).
            let nothingStale =
                diagnostics.count(of: .error) == 0
                && trusted.map { site.comparison?.leavesNothingStale(in: $0) ?? false } ?? false
            if staging.isRecycled, !nothingStale {
                // What the render phase wrote is in `sizes`; an old file that stood where a
                // folder of the new site goes was cleared by the writer (``OutputWriter/replace(path:bytes:)``).
                phases.measure(.removeStale) {
                    SitePublishing.removeStale(
                        trusted?.allPaths ?? Array(OutputWriter.listFiles(staging.stagingDirectory)),
                        keeping: site.sizes, staging: staging.stagingDirectory)
                }
            }
            do {
                // The pages the renderer did not make again, and the stylesheets they need.
                try phases.measure(.writePages) { () throws(OutputError) in
                    try staging.keep(paths: site.kept)
                }
            } catch {
                throw stop(error)
            }
        }
        do {
            leaks += try await phases.measure(.scanImages) { () async throws(CancellationError) in
                // What was sealed was scanned before it was (``seal(_:images:downloads:into:)``).
                // Not a filtered copy of the derivatives: 30 MB at 50,000 photos. Renditions
                // reused from the session are the very files of builds that were swapped in,
                // and so scanned (or known clean) and found clean: 40,000 look-ups at 10,000
                // photos, for nothing, on every caption edit of a preview.
                let renditions =
                    images.reusedFromSession
                    ? []
                    : try await SitePublishing.scanRenditions(
                        images.derivatives, excluding: sealed.sources, knownClean: images.knownClean,
                        staging: staging.stagingDirectory, scanner: scanner,
                        workers: workers)
                return try await renditions
                    + scanner.scanOutput(
                        directory: staging.stagingDirectory,
                        paths: downloads.paths.subtracting(sealed.zips).sorted(),
                        workers: workers)
            }
        } catch {
            return nil
        }
        discardEntries(of: leaks, images: images)
        return leaks.sorted { $0.location.file < $1.location.file }
    }

    /// Part of ``BuildPhase/manifest``, before the files are written: the new site's files
    /// compared with the recycled folder's manifest, once for the removal of stale files and
    /// for the new manifest; nil without a checked folder or without fingerprints.
    func compare(_ site: SiteFiles, trusted: TrustedSite?) async -> SiteManifest.Comparison? {
        guard let trusted, let fingerprints = site.fingerprints else { return nil }
        let made = Locked<SiteManifest.Comparison?>(nil)
        let workers = workers
        await phases.measure(.manifest) {
            // On a worker, so that the comparisons can fan out over the others.
            let comparing = workers.makeGroup()
            comparing.add {
                let comparison = SiteManifest.compare(
                    fingerprints, needs: site.needs, with: trusted, workers: workers)
                made.withLock { $0 = comparison }
            }
            await comparing.finished()
        }
        return made.withLock { $0 }
    }

    /// ``BuildPhase/manifest``: what the new site's folder (`root`, live once swapped in) holds,
    /// for the build that will recycle it; nil when what made a file is not known (no cache) or
    /// a file is missing.
    func manifest(of site: SiteFiles, in root: URL, trusted: TrustedSite?) async -> SiteManifest? {
        guard let fingerprints = site.fingerprints else { return nil }
        let made = Locked<SiteManifest?>(nil)
        let workers = workers
        await phases.measure(.manifest) {
            // On a worker, so that its comparisons can fan out over the others.
            let recording = workers.makeGroup()
            recording.add {
                let manifest = SiteManifest.recording(
                    root, output: root, fingerprints: fingerprints,
                    needs: site.needs, trusted: trusted, compared: site.comparison, workers: workers)
                made.withLock { $0 = manifest }
            }
            await recording.finished()
        }
        return made.withLock { $0 }
    }

    /// A published file the leak check refuses must not come back from the cache: its entry
    /// goes, so the next build makes it again (once ffmpeg or galleryc is mended) instead of
    /// failing on the same cached file for ever.
    private func discardEntries(of leaks: [GPSLeak], images: Images) {
        guard let cache = images.cache else { return }
        cache.discard(leaks.flatMap { images.output.cacheKeys[$0.location.file] ?? [] })
    }

    /// Reports the leaks, then stops the build when anything went wrong: any error (unless
    /// `keepGoing`), any GPS leak and a site with no pages at all (the templates failed:
    /// always), and with `strict` any warning. The only place that decides whether the new
    /// site is published.
    func verdict(leaks: [GPSLeak], site: SiteFiles) throws(BuildFailed) {
        // Named where they would be published (`public/about/index.html`): the scanner sees
        // paths of the site, which the command line would otherwise show as content files.
        for var leak in leaks {
            leak.location.file = options.outputDirectory.appendingPathComponent(leak.location.file).path
            diagnostics.emit(leak)
        }
        let errors = diagnostics.count(of: .error)
        if !leaks.isEmpty || (errors > 0 && site.renderedPaths.isEmpty && site.kept.isEmpty) { throw failed }
        if errors > 0 && !options.keepGoing {
            throw BuildFailed(errorCount: errors, filesCouldBeSkipped: true)
        }
        if options.strict && diagnostics.count(of: .warning) > 0 { throw failed }
    }

    /// ``BuildPhase/commit``: swaps the new site in; returns where the previous one is now,
    /// for ``stash(_:manifest:)``.
    func commit(_ staging: OutputWriter) throws(BuildFailed) -> URL? {
        do {
            return try phases.measure(.commit) { () throws(OutputError) in
                try staging.commit(keepingPrevious: true)
            }
        } catch {
            throw stop(error)
        }
    }

    /// Part of ``BuildPhase/images``, once the site is in place: tells the cache that a reused
    /// output's entries are in use (``DerivativeCache/markUsed(_:sourcePaths:)``), for the next
    /// index save to age them as used. (Were the build to fail before, the session would take
    /// them as told: only the entries of photos removed since could then age a day early.)
    func markUsed(_ images: Images) {
        guard let sources = images.unmarkedSources, let cache = images.cache else { return }
        phases.measure(.images) { cache.markUsed(images.output.cacheKeys, sourcePaths: sources) }
    }

    /// ``BuildPhase/stashPrevious``: the site that was live before the commit (at `previous`)
    /// kept for the next build to recycle, with `manifest`, the new live site's.
    func stash(_ previous: URL?, manifest: SiteManifest?) {
        phases.measure(.stashPrevious) { recycler.keep(previous: previous, manifest: manifest, for: options) }
    }

    /// ``BuildPhase/cacheIndex`` and ``BuildPhase/cachePrune``, after a successful build: the
    /// index records what this build used (and that its renditions were scanned clean), and
    /// entries no recent build used are removed. A failure only warns.
    ///
    /// After a preview's rebuild that took the image stage's output of the builds before
    /// (`images.reusedFromSession`), the index on disk already says all of it but the day of
    /// use, which only the pruning reads, in days: neither is done again (25-30 ms at 10,000
    /// photos); the next build that runs the stage saves the index.
    func keep(_ images: Images, sealed: SealedSite = SealedSite()) {
        guard let cache = images.cache else { return }
        // A build that sealed nothing leaves the record as it is (see ``NonceBook/record(keys:)``).
        let record = sealed.book.record(keys: Array(sealed.keys.values))
        if !sealed.keys.isEmpty && record != sealed.book.previous {
            do {
                try cache.keepSealingRecord(record)
            } catch {
                diagnostics.emit(error)
            }
        }
        guard !images.reusedFromSession else { return }
        do {
            try phases.measure(.cacheIndex) { () throws(CacheError) in
                try cache.saveIndex(now: options.now, scannedClean: true)
            }
            phases.measure(.cachePrune) {
                _ = cache.prune(now: options.now)
                cache.pruneSealedCopies()
            }
        } catch {
            diagnostics.emit(error)
        }
    }

    /// The cache a `--shard` build processes into, and a work folder in it for the renditions
    /// on their way into the entries; a stop when there is no usable cache folder (a shard's
    /// whole work is what it leaves in its cache).
    func shardCache() throws(BuildFailed) -> (DerivativeCache, URL) {
        guard let cache = openCache() else {
            throw stop(
                CacheError(.shardWithoutCache, file: options.cacheDirectory?.path ?? ".galleryc/cache"))
        }
        do {
            return (cache, URL(fileURLWithPath: try cache.makeTemporaryFolder("--shard"), isDirectory: true))
        } catch {
            throw stop(error)
        }
    }

    /// A shard stops on any error unless `keepGoing`, and with `strict` on any warning.
    func shardVerdict() throws(BuildFailed) {
        let errors = diagnostics.count(of: .error)
        if errors > 0 && !options.keepGoing {
            throw BuildFailed(errorCount: errors, filesCouldBeSkipped: true)
        }
        if options.strict && diagnostics.count(of: .warning) > 0 { throw failed }
    }

    /// A shard's index, saved as `index.shard-<k>-of-<n>.bin` so that the shards' cache
    /// folders copied into one keep every shard's; nothing is pruned.
    func keepShard(_ cache: DerivativeCache) {
        do {
            try phases.measure(.cacheIndex) { () throws(CacheError) in
                try cache.saveIndex(
                    now: options.now, scannedClean: false, shard: options.shard.map { ($0.index, $0.count) })
            }
        } catch {
            diagnostics.emit(error)
        }
    }

    /// Gives the memory the build freed back to the system, between phases that free most of
    /// what they made: the image stage (its outcomes, the content before ordering), the render
    /// and the GPS scan, and the manifest (the files' fingerprints go into it). glibc keeps
    /// freed memory in its heaps and gives back only a large enough free top, so the freed
    /// pages stayed in the peak: a full build of 10,000 photos peaked at 160 MB without the
    /// first two, 140 MB with (before the other savings of 2026-12-07 took it to 102 MB).
    ///
    /// Not after a preview's rebuild that took the image stage's output as it was
    /// (`images.reusedFromSession`): the next rebuild needs the same memory again, and each page
    /// given back was faulted in anew (17 ms of a 0.3 s rebuild at 10,000 photos).
    func returnFreeMemory(after images: Images) {
        guard !images.reusedFromSession else { return }
        ImageCodecs.returnFreeMemory()
    }

    /// Counts and timings for the summary line.
    func summary(site: SiteFiles, images: Images) -> BuildSummary {
        let videoCount = images.derivatives.values.count { $0.video != nil }
        // One pass over the site's files (250,000 at 50,000 photos).
        var (pageCount, byteCount) = (0, Int64(0))
        var largest: (path: String, byteCount: Int64)?
        for (path, size) in site.sizes {
            if isPagePath(path) { pageCount += 1 }
            byteCount += size
            // The largest; of equal sizes, the first path in order (as the summary has always named).
            if largest.map({ size > $0.byteCount || (size == $0.byteCount && path < $0.path) }) ?? true {
                largest = (path, size)
            }
        }
        var summary = BuildSummary(
            pageCount: pageCount,
            photoCount: images.derivatives.count - videoCount,
            cachedPhotoCount: max(0, images.output.cachedCount - images.videoCachedCount),
            duration: ContinuousClock.now - start,
            phases: phases.timings, skippedErrorCount: diagnostics.count(of: .error))
        summary.videoCount = videoCount
        summary.cachedVideoCount = images.videoCachedCount
        summary.shard = options.shard
        summary.renderedPageCount = site.renderedPaths.count { isPagePath($0) }
        summary.siteFileCount = site.sizes.count
        summary.siteByteCount = byteCount
        summary.largestFile = largest.map { SiteFile(path: $0.path, byteCount: $0.byteCount) }
        return summary
    }

    /// Opens the derivative cache when the options name one. A cache that cannot be used (it
    /// would sit inside the content folder, say) is reported, and the build goes on without.
    private func makeCache() -> DerivativeCache? {
        guard let directory = options.cacheDirectory else { return nil }
        do {
            return try DerivativeCache(
                directory: directory,
                pipelineVersion: ImagePipeline.version + "+" + ImagePipeline.renditionSet + "+"
                    + MotionAnalysis.version,
                contentDirectory: options.contentDirectory, outputDirectory: options.outputDirectory)
        } catch {
            diagnostics.emit(error)
            return nil
        }
    }
}

extension BuildOptions {
    /// Where templates and assets are looked up, first match wins: `--templates`, the site's
    /// `templates/` folder, then the default theme. Each comes with the path shown in messages.
    /// The site's folder is left out when it is a link out of the content folder and links are
    /// not followed (the content stage warns about it): its assets would be published.
    var templateDirectories: [(url: URL, displayPath: String)] {
        var directories: [(url: URL, displayPath: String)] = []
        if let templatesDirectory {
            directories.append((templatesDirectory, templatesDirectory.path))
        }
        let siteTemplates = contentDirectory.appendingPathComponent("templates")
        let root = ResolvedPath.resolve(contentDirectory)
        if followLinks || FolderListing.targetOutside(siteTemplates.path, root: root) == nil {
            directories.append((siteTemplates, "templates"))
        }
        directories.append((themeDirectory, themeDirectory.path))
        return directories
    }
}
