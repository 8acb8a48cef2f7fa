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
        var derivatives: [String: PhotoDerivatives] { output.derivatives }
        /// Published paths the leak check may skip: every cache entry behind them was scanned
        /// clean by an earlier successful build (an entry stored by this build is not).
        var knownCleanPaths: Set<String> {
            guard let cache else { return [] }
            return Set(
                output.cacheKeys.filter { !$0.value.isEmpty && $0.value.allSatisfy(cache.isScannedClean) }
                    .keys)
        }
        /// Every published file of the photos and videos: renditions, originals, video files.
        var publishedPaths: [String] {
            output.derivatives.values.flatMap {
                $0.publishedFiles.map(\.path) + ($0.video?.files.map(\.path) ?? [])
            }
        }
    }

    /// The verdict of a failed build: the errors are in the diagnostics.
    private var failed: BuildFailed { BuildFailed(errorCount: diagnostics.count(of: .error)) }

    /// Reports `error` and stops the build.
    private func stop(_ error: any LocatedError) -> BuildFailed {
        diagnostics.emit(error)
        return failed
    }

    /// ``BuildPhase/content``: the site model, or a stop when the content folder is unusable.
    func loadContent() throws(BuildFailed) -> Site {
        do {
            return try phases.measure(.content) { () throws(ContentError) in
                try ContentLoader(
                    contentDirectory: options.contentDirectory, includeDrafts: options.includeDrafts,
                    followLinks: options.followLinks, diagnostics: diagnostics
                ).load()
            }
        } catch {
            throw stop(error)
        }
    }

    /// ``BuildPhase/adoptSpare`` and ``BuildPhase/staging``: the writer of the new site, in the
    /// previous site when the recycler kept one, else in a new, empty staging folder.
    func stage() throws(BuildFailed) -> OutputWriter {
        let spare = phases.measure(.adoptSpare) { recycler.takeSpare(for: options) }
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
        return writer
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
        of site: Site, cache: DerivativeCache?, into staging: OutputWriter,
        progress: @escaping @Sendable (BuildProgress) -> Void
    ) async -> VideoStage.Output {
        let clips = site.root.allAlbums.flatMap(\.photos).filter(\.isVideo)
        guard !clips.isEmpty else { return VideoStage.Output() }
        let stage = VideoStage(
            settings: site.config.video, workers: workers, cache: cache, siteRoot: staging.stagingDirectory)
        return await phases.measure(.videos) {
            await stage.run(
                clips, contentDirectory: options.contentDirectory, diagnostics: diagnostics,
                progress: progress)
        }
    }

    /// ``BuildPhase/images``: every photo's derivatives, from the cache where the same bytes
    /// were processed with the same settings before; a video's are its poster's, with the
    /// clip's own facts merged in (``PhotoDerivatives/video``, its recording date as the date
    /// taken), so that it sorts, covers and slides like a photo. A clip without a poster (it
    /// failed) is left out.
    func processImages(
        of site: Site, videos: VideoStage.Output, cache: DerivativeCache?, into staging: OutputWriter,
        progress: @escaping @Sendable (BuildProgress) -> Void
    ) async -> Images {
        var stage = ImageStage(
            pipeline: ImagePipeline(
                settings: site.config.images, outputDirectory: staging.stagingDirectory, workers: workers),
            cache: cache, siteRoot: staging.stagingDirectory,
            finish: MotionAnalysis.finish, phases: phases)
        stage.posters = videos.posters
        let items = site.root.allAlbums.flatMap(\.photos).filter {
            !$0.isVideo || videos.posters[$0.sourcePath] != nil
        }
        var output = await phases.measure(.images) {
            await stage.run(
                items, contentDirectory: options.contentDirectory, diagnostics: diagnostics,
                progress: progress)
        }
        for (path, video) in videos.videos where output.derivatives[path] != nil {
            output.derivatives[path]?.video = video
            output.derivatives[path]?.exif.dateTaken = video.recorded
        }
        output.sourceCoordinates += videos.sourceCoordinates
        output.cacheKeys.merge(videos.cacheKeys, uniquingKeysWith: +)
        return Images(output: output, cache: cache, videoCachedCount: videos.cachedCount)
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

    /// ``BuildPhase/render``: every page, feed and stylesheet; none without a theme.
    func render(
        _ site: Site, images: Images, tags: TagIndex, downloads: AlbumDownloads, theme: Theme?
    ) -> [OutputFile] {
        warnAboutImageNotices(site, derivatives: images.derivatives)
        guard let theme else { return [] }
        return phases.measure(.render) {
            SiteRenderer(
                site: site, photos: images.derivatives, tags: tags, downloads: downloads,
                templates: theme.templates, themeAssets: theme.assets, sourceDate: options.sourceDate,
                diagnostics: diagnostics
            ).render()
        }
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

    /// ``BuildPhase/removeStale``, ``BuildPhase/writePages`` and ``BuildPhase/scanImages``:
    /// writes the rendered files into the staging folder and checks everything the site will
    /// publish for the sources' GPS positions; returns what it found, sorted by file.
    /// A file that cannot be written (a full disk, say) stops the build: the output folder is
    /// not usable, `--keep-going` or not. Nil when the build was cancelled meanwhile: the
    /// writing and the scan started no further file, and what they found is not a verdict.
    func write(
        _ files: [OutputFile], images: Images, downloads: AlbumDownloads, into staging: OutputWriter
    ) async throws(BuildFailed) -> [GPSLeak]? {
        let scanner = GPSLeakScanner(sourceCoordinates: images.output.sourceCoordinates)
        var leaks: [GPSLeak] = []
        if !files.isEmpty {
            if staging.isRecycled {
                // Before writing, so that an old file never stands where a folder goes. What
                // the recycled folder holds is listed, not assumed.
                phases.measure(.removeStale) {
                    let renditions = images.publishedPaths
                    SitePublishing.removeStale(
                        OutputWriter.listFiles(staging.stagingDirectory),
                        keeping: Set(renditions).union(files.map(\.path)).union(downloads.paths),
                        staging: staging.stagingDirectory)
                }
            }
            do {
                let written = try await phases.measure(.writePages) { () async throws(OutputError) in
                    try await SitePublishing.writeAndScan(
                        files, writer: staging, scanner: scanner, workers: workers,
                        recycled: staging.isRecycled)
                }
                guard let written else { return nil }
                leaks = written
            } catch {
                throw stop(error)
            }
        }
        do {
            leaks += try await phases.measure(.scanImages) { () async throws(CancellationError) in
                try await SitePublishing.scanRenditions(
                    images.derivatives, knownClean: images.knownCleanPaths,
                    staging: staging.stagingDirectory, scanner: scanner, workers: workers)
                    + scanner.scanOutput(
                        directory: staging.stagingDirectory, paths: downloads.paths.sorted(), workers: workers
                    )
            }
        } catch {
            return nil
        }
        discardEntries(of: leaks, images: images)
        return leaks.sorted { $0.location.file < $1.location.file }
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
    func verdict(leaks: [GPSLeak], rendered files: [OutputFile]) throws(BuildFailed) {
        // Named where they would be published (`public/about/index.html`): the scanner sees
        // paths of the site, which the command line would otherwise show as content files.
        for var leak in leaks {
            leak.location.file = options.outputDirectory.appendingPathComponent(leak.location.file).path
            diagnostics.emit(leak)
        }
        let errors = diagnostics.count(of: .error)
        if !leaks.isEmpty || (errors > 0 && files.isEmpty) { throw failed }
        if errors > 0 && !options.keepGoing {
            throw BuildFailed(errorCount: errors, filesCouldBeSkipped: true)
        }
        if options.strict && diagnostics.count(of: .warning) > 0 { throw failed }
    }

    /// ``BuildPhase/commit`` and ``BuildPhase/stashPrevious``: swaps the new site in and hands
    /// the previous one to the recycler.
    func commit(_ staging: OutputWriter) throws(BuildFailed) {
        let previous: URL?
        do {
            previous = try phases.measure(.commit) { () throws(OutputError) in
                try staging.commit(keepingPrevious: true)
            }
        } catch {
            throw stop(error)
        }
        phases.measure(.stashPrevious) { recycler.keep(previous: previous, for: options) }
    }

    /// ``BuildPhase/cacheIndex`` and ``BuildPhase/cachePrune``, after a successful build: the
    /// index records what this build used (and that its renditions were scanned clean), and
    /// entries no recent build used are removed. A failure only warns.
    func keep(_ cache: DerivativeCache?) {
        guard let cache else { return }
        do {
            try phases.measure(.cacheIndex) { () throws(CacheError) in
                try cache.saveIndex(now: options.now, scannedClean: true)
            }
            phases.measure(.cachePrune) { _ = cache.prune(now: options.now) }
        } catch {
            diagnostics.emit(error)
        }
    }

    /// Counts and timings for the summary line.
    func summary(files: [OutputFile], images: Images) -> BuildSummary {
        let videoCount = images.derivatives.values.count { $0.video != nil }
        var summary = BuildSummary(
            pageCount: files.count { $0.path.hasSuffix(".html") },
            photoCount: images.derivatives.count - videoCount,
            cachedPhotoCount: max(0, images.output.cachedCount - images.videoCachedCount),
            duration: ContinuousClock.now - start,
            phases: phases.timings, skippedErrorCount: diagnostics.count(of: .error))
        summary.videoCount = videoCount
        summary.cachedVideoCount = images.videoCachedCount
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
