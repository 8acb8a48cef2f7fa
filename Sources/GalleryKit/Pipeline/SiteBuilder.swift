import Foundation

/// Runs the four stages of a build in order: content, images, rendering, output.
///
/// Every stage reports problems into the collector and goes on where it can, so one run names
/// every broken file. The new site is swapped in only when no error was reported (and, with
/// `strict`, no warning either); otherwise the staging folder is removed and the previous
/// output is left as it was.
public enum SiteBuilder {
    /// Builds the site described by `options`.
    /// - Parameters:
    ///   - options: what to build and where.
    ///   - diagnostics: receives every error, warning and note.
    ///   - progress: called from worker threads as photos finish.
    ///   - session: what a long-lived caller keeps between builds (see ``BuildSession``);
    ///     nil builds from scratch and deletes the previous site after the swap.
    /// - Returns: counts and timing for the summary line.
    /// - Throws: ``BuildFailed`` when the build reported errors (the reasons are in
    ///   `diagnostics`); `CancellationError` when the task was cancelled.
    public static func build(
        _ options: BuildOptions, session: BuildSession? = nil, diagnostics: DiagnosticCollector,
        progress: @escaping @Sendable (BuildProgress) -> Void
    ) async throws -> BuildSummary {
        let clock = ContinuousClock()
        let start = clock.now
        let phases = PhaseClock()
        let failed = { BuildFailed(errorCount: diagnostics.count(of: .error)) }

        // Stage 1: content.
        let site: Site
        let writer: OutputWriter
        var spare: URL?
        do {
            site = try phases.measure("content") {
                try ContentLoader(
                    contentDirectory: options.contentDirectory, includeDrafts: options.includeDrafts,
                    diagnostics: diagnostics
                ).load()
            }
            spare = session?.takeSpare()
            if session == nil {
                spare = phases.measure("adopt spare") { adoptSpare(options) }
            }
            writer = try phases.measure("staging") {
                try OutputWriter(
                    outputDirectory: options.outputDirectory, contentDirectory: options.contentDirectory,
                    recycling: spare)
            }
        } catch let error as any LocatedError {
            if let spare { try? FileManager.default.removeItem(at: spare) }
            diagnostics.emit(error)
            throw failed()
        }
        if let unused = spare, writer.stagingDirectory != unused {
            try? FileManager.default.removeItem(at: unused)
            spare = nil
        }
        var committed = false
        defer { if !committed { writer.abandon() } }
        let templates = phases.measure("templates") { loadTemplates(options, diagnostics: diagnostics) }
        try Task.checkCancellation()

        // Stage 2: images, from the cache where the same bytes were processed with the same
        // settings before.
        let cache = phases.measure("cache open") {
            if let session {
                return session.cache(for: options.cacheDirectory) {
                    openCache(options, diagnostics: diagnostics)
                }
            }
            return openCache(options, diagnostics: diagnostics)
        }
        let stage = ImageStage(
            pipeline: ImagePipeline(
                settings: site.config.images, outputDirectory: writer.stagingDirectory),
            jobs: options.jobs, cache: cache, siteRoot: writer.stagingDirectory,
            finish: MotionAnalysis.finish, phases: phases)
        let imagesStart = clock.now
        let images = await stage.run(
            site.root.allAlbums.flatMap(\.photos), contentDirectory: options.contentDirectory,
            diagnostics: diagnostics, progress: progress)
        phases.add("images (wall)", clock.now - imagesStart)
        try Task.checkCancellation()
        let photos = images.photos
        let ordered = PhotoOrdering.apply(to: site, photos: photos)

        // Stage 3: rendering, and stage 4's privacy check: never a GPS coordinate of a source
        // in any published file. Rendered files are checked in memory as they are written.
        let scanner = GPSLeakScanner(sourceCoordinates: images.sourceCoordinates)
        var leaks: [GPSLeak] = []
        var pageCount = 0
        if let templates {
            do {
                let assets = try ThemeAssets(
                    directories: options.templateDirectories.map {
                        $0.url.appendingPathComponent("assets")
                    })
                let files = try phases.measure("render") {
                    try SiteRenderer(
                        site: ordered, photos: photos, templates: templates, themeAssets: assets,
                        now: options.now, diagnostics: diagnostics
                    ).render()
                }
                if spare != nil {
                    // Before writing, so that an old file never stands where a folder goes.
                    // What the recycled folder holds is listed, not assumed.
                    phases.measure("remove stale") {
                        let renditions = photos.values.flatMap(\.publishedFiles).map(\.path)
                        SitePublishing.removeStale(
                            OutputWriter.listFiles(writer.stagingDirectory),
                            keeping: Set(renditions).union(files.map(\.path)),
                            staging: writer.stagingDirectory)
                    }
                }
                leaks = try phases.measure("write + scan pages") {
                    try SitePublishing.writeAndScan(
                        files, writer: writer, scanner: scanner, jobs: options.jobs,
                        recycled: spare != nil)
                }
                pageCount = files.count { $0.path.hasSuffix(".html") }
            } catch let error as any LocatedError {
                diagnostics.emit(error)
            } catch is BuildFailed {
                // Each page that failed is already in the diagnostics.
            }
        }

        // Stage 4: output, only when nothing went wrong.
        leaks += phases.measure("gps scan images") {
            SitePublishing.scanRenditions(
                photos, knownClean: images.scannedCleanPaths, staging: writer.stagingDirectory,
                scanner: scanner)
        }
        for leak in leaks.sorted(by: { $0.location.file < $1.location.file }) {
            diagnostics.emit(leak)
        }
        if diagnostics.hasErrors || (options.strict && diagnostics.count(of: .warning) > 0) {
            throw failed()
        }
        try Task.checkCancellation()
        do {
            let previous = try phases.measure("commit") { try writer.commit(keepingPrevious: true) }
            if let session {
                session.committed(previous: previous)
            } else if let previous {
                phases.measure("stash previous") { stashPrevious(previous, options) }
            }
        } catch let error as any LocatedError {
            diagnostics.emit(error)
            throw failed()
        }
        committed = true
        if let cache {
            do {
                let indexStart = phases.now
                try cache.saveIndex(now: options.now, scannedClean: true)
                phases.add("cache index", phases.now - indexStart)
                phases.measure("cache prune") { _ = cache.prune(now: options.now) }
            } catch {
                diagnostics.emit(error)
            }
        }
        return BuildSummary(
            pageCount: pageCount, photoCount: photos.count, cachedPhotoCount: images.cachedCount,
            duration: clock.now - start, phases: phases.timings)
    }

    /// The cache folder's `site-spare`, where a CLI build keeps the previous site for the next
    /// one (see ``OutputWriter``'s spare extension); nil without a usable cache folder.
    private static func spareLocation(_ options: BuildOptions) -> URL? {
        guard let directory = options.cacheDirectory,
            let resolved = try? DerivativeCache.checkLocation(
                directory, contentDirectory: options.contentDirectory,
                outputDirectory: options.outputDirectory)
        else { return nil }
        return resolved.appendingPathComponent("site-spare", isDirectory: true)
    }

    private static func adoptSpare(_ options: BuildOptions) -> URL? {
        spareLocation(options).flatMap {
            OutputWriter.adoptSpare(
                $0,
                for: URL(fileURLWithPath: ResolvedPath.resolve(options.outputDirectory), isDirectory: true))
        }
    }

    private static func stashPrevious(_ previous: URL, _ options: BuildOptions) {
        if let spare = spareLocation(options),
            FileManager.default.fileExists(atPath: spare.deletingLastPathComponent().path)
        {
            OutputWriter.stash(previous, as: spare)
        } else {
            try? FileManager.default.removeItem(at: previous)
        }
    }

    /// Opens the derivative cache when the options name one. A cache that cannot be used (it
    /// would sit inside the content folder, say) is reported, and the build goes on without.
    private static func openCache(
        _ options: BuildOptions, diagnostics: DiagnosticCollector
    ) -> DerivativeCache? {
        guard let directory = options.cacheDirectory else { return nil }
        do {
            return try DerivativeCache(
                directory: directory,
                pipelineVersion: ImagePipeline.version + "+" + MotionAnalysis.version,
                contentDirectory: options.contentDirectory, outputDirectory: options.outputDirectory)
        } catch {
            diagnostics.emit(error)
            return nil
        }
    }

    /// Parses the theme with the site's overrides; every template error becomes a diagnostic.
    private static func loadTemplates(
        _ options: BuildOptions, diagnostics: DiagnosticCollector
    ) -> TemplateLibrary? {
        do {
            return try TemplateLibrary(directories: options.templateDirectories)
        } catch {
            for templateError in error.errors { diagnostics.emit(templateError) }
            return nil
        }
    }
}

extension BuildOptions {
    /// Where templates and assets are looked up, first match wins: `--templates`, the site's
    /// `templates/` folder, then the default theme. Each comes with the path shown in messages.
    var templateDirectories: [(url: URL, displayPath: String)] {
        var directories: [(url: URL, displayPath: String)] = []
        if let templatesDirectory {
            directories.append((templatesDirectory, templatesDirectory.path))
        }
        directories.append((contentDirectory.appendingPathComponent("templates"), "templates"))
        directories.append((themeDirectory, themeDirectory.path))
        return directories
    }
}
