import Foundation

/// The build: content (beside staging) -> theme -> cache -> videos -> images -> live photos -> order -> album zips ->
/// tags -> places -> maps -> timeline -> search -> render -> write and scan -> verdict -> commit -> manifest ->
/// cache upkeep.
/// ``build(_:session:diagnostics:progress:)`` is the table of contents; each phase is a method
/// of ``BuildRun`` measured under its ``BuildPhase``.
///
/// Every phase reports problems into the collector and goes on where it can, so one run names
/// every broken file; what stops a build early is listed on ``BuildRun``. The new site is
/// swapped in only when the verdict allows it (no error unless `keepGoing`, no GPS leak, and
/// with `strict` no warning either); otherwise the staging folder is removed and the previous
/// output is left as it was.
public enum SiteBuilder {
    /// Builds the site described by `options`.
    /// - Parameters:
    ///   - options: what to build and where.
    ///   - session: what a long-lived caller keeps between builds (see ``BuildSession``);
    ///     nil for a one-shot build, which keeps the previous site in the cache folder instead
    ///   - diagnostics: receives every error, warning and note.
    ///   - progress: called from worker threads as photos finish.
    ///   - swapped: called once the new site is in place, before the manifest the next build
    ///     checks its folder with is recorded and the previous site kept (what a preview tells
    ///     open pages then); not called when the build fails.
    /// - Returns: counts and timing for the summary line.
    /// - Throws: ``BuildFailed`` when the build reported errors (the reasons are in
    ///   `diagnostics`); `CancellationError` when the task was cancelled. Nothing else.
    public static func build(
        _ options: BuildOptions, session: BuildSession? = nil, diagnostics: DiagnosticCollector,
        progress: @escaping @Sendable (BuildProgress) -> Void, swapped: @Sendable () -> Void = {}
    ) async throws -> BuildSummary {
        let run = BuildRun(
            options: options, recycler: session ?? CacheFolderRecycler(), diagnostics: diagnostics)
        if options.shard != nil {
            return try await buildShard(run, site: try run.loadContent(), progress: progress)
        }
        let (site, staging, trusted) = try await run.loadContentAndStage()
        defer { staging.abandon() }
        let theme = run.loadTheme()
        try Task.checkCancellation()
        let cache = run.openCache()
        let videos = await run.processVideos(
            of: site, cache: cache, into: staging.stagingDirectory, progress: progress)
        defer { videos.removeScratch() }
        try Task.checkCancellation()
        let stills = await run.processImages(
            of: site, videos: videos, cache: cache, into: staging.stagingDirectory, trusted: trusted,
            progress: progress)
        try Task.checkCancellation()
        let processed = await run.processLivePhotos(
            of: site, images: consume stills, cache: cache, into: staging.stagingDirectory, progress: progress
        )
        try Task.checkCancellation()
        // The content as read and the stage's output before ordering go here: the build's
        // memory peaks after the image stage, and they were copies of what comes next.
        let (ordered, images) = run.order(consume site, by: consume processed, staging: staging)
        run.returnFreeMemory(after: images)
        let downloads = try run.zip(ordered, images: images, into: staging)
        guard
            let (sealed, sealedLeaks) = try await run.seal(
                ordered, images: images, downloads: downloads, into: staging)
        else { throw CancellationError() }
        let tags = run.collectTags(ordered, images: images)
        let places = run.collectPlaces(ordered, images: images)
        let maps = run.drawMaps(ordered, places: places)
        let timeline = run.collectTimeline(ordered, images: images)
        let search = run.indexSearch(ordered, images: images, trusted: trusted)
        // The site model goes once rendered: the end of the build, where its memory peaks,
        // needs only the files.
        let rendered = await run.render(
            consume ordered, images: images, tags: tags, places: places, maps: maps, timeline: timeline,
            search: search,
            downloads: downloads, theme: theme, into: staging, trusted: trusted, sealed: sealed)
        run.returnFreeMemory(after: images)
        var files = run.phases.measure(.siteFiles) {
            run.siteFiles(rendered, images: images, downloads: downloads, trusted: trusted, sealed: sealed)
        }
        files.comparison = await run.compare(files, trusted: trusted)
        guard
            let leaks = try await run.write(
                files, images: images, downloads: downloads, into: staging, trusted: trusted, sealed: sealed)
        else { throw CancellationError() }
        try run.verdict(
            leaks: (sealedLeaks + leaks).sorted { $0.location.file < $1.location.file }, site: files)
        try Task.checkCancellation()
        run.returnFreeMemory(after: images)
        let previous = try run.commit(staging)
        swapped()
        run.markUsed(images)
        // Recorded in the live folder, now the new site: the files and folders the swap moved
        // keep their stamps, and an open page reloaded meanwhile only reads them.
        let manifest = await run.manifest(of: files, in: staging.outputDirectory, trusted: trusted)
        // In the manifest now: 250,000 of each at 50,000 photos.
        files.fingerprints = nil
        files.needs = [:]
        files.comparison = nil
        run.returnFreeMemory(after: images)
        // The previous site's stash (a rename and the manifests, in the cache folder) and the
        // cache's upkeep (its index and entries) touch different files: side by side.
        let stashing = run.workers.makeGroup()
        stashing.add { run.stash(previous, manifest: manifest) }
        run.keep(images, sealed: sealed)
        await stashing.finished()
        if options.endsProcess {
            ProcessLifetime.keep((run, images, tags, places, search, rendered, files))
            ProcessLifetime.keep((manifest, trusted, sealed, downloads, timeline, maps, theme))
        }
        return run.summary(site: files, images: images)
    }

    /// `--shard k/n` (``Shard``): the share's clips and photos processed into the cache, in a
    /// work folder of the cache; nothing rendered, nothing written beside the output, no cache
    /// entry pruned (another shard may need it), the index saved under the shard's own name.
    private static func buildShard(
        _ run: BuildRun, site: Site, progress: @escaping @Sendable (BuildProgress) -> Void
    ) async throws -> BuildSummary {
        let (cache, scratch) = try run.shardCache()
        defer { TemporaryFolders.shared.remove(scratch.path) }
        let videos = await run.processVideos(of: site, cache: cache, into: scratch, progress: progress)
        defer { videos.removeScratch() }
        try Task.checkCancellation()
        let stills = await run.processImages(
            of: site, videos: videos, cache: cache, into: scratch, trusted: nil, progress: progress)
        try Task.checkCancellation()
        let images = await run.processLivePhotos(
            of: site, images: stills, cache: cache, into: scratch, progress: progress)
        try Task.checkCancellation()
        try run.shardVerdict()
        run.keepShard(cache)
        return run.summary(site: BuildRun.SiteFiles(), images: images)
    }
}
