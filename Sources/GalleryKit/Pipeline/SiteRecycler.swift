import Foundation

/// What one build takes over from the one before and leaves for the next: the previous site,
/// recycled as the next staging folder (so that a rebuild rewrites only what changed, see
/// ``OutputWriter``), and the open derivative cache.
///
/// Two kinds, one per way galleryc runs:
/// - ``BuildSession``, for a long-lived caller (the preview server): both stay in memory.
///   Its first build takes over what the cache folder kept (as `galleryc build` would), and
///   ``BuildSession/close()`` hands the previous site and its manifests back to the cache
///   folder: `galleryc serve` after a build, and a build after `serve`, render only what
///   changed.
/// - ``CacheFolderRecycler``, for `galleryc build`: the previous site waits in the cache
///   folder's `site-spare` until the next process, and the cache is opened afresh.
protocol SiteRecycler: Sendable {
    /// The derivative cache for `options`: kept from an earlier build, or `open()`'s.
    func cache(for options: BuildOptions, open: () -> DerivativeCache?) -> DerivativeCache?
    /// A previous site of the output folder, moved beside it to become the staging folder, or
    /// nil (at most once per site kept).
    func takeSpare(for options: BuildOptions) -> URL?
    /// The manifest of the spare just taken, when it was recorded (``SiteManifest``).
    func spareManifest(for options: BuildOptions) -> SiteManifest?
    /// True when the spare just taken, now at `folder`, is known to be as its manifest says
    /// without checking its files (``BuildSession/trustsSpare(_:)``).
    func trustsSpare(_ folder: URL) -> Bool
    /// After the swap: `previous` is the site that was live before, now beside the output
    /// folder; keep it for the next build, or delete it. `manifest` describes the new live site.
    func keep(previous: URL?, manifest: SiteManifest?, for options: BuildOptions)
    /// Whether it keeps the image stage's output between builds (the two methods below do
    /// something): a build then works out what that output is made from.
    var keepsImages: Bool { get }
    /// What the image stage made in earlier builds from the same `inputs`, when it may stand
    /// for this build's (``BuildSession/reusableImages(for:)``); nil: run the stage.
    func reusableImages(for inputs: String) -> (output: ImageStage.Output, proven: Bool)?
    /// What this build's image stage made from `inputs`, or took from earlier builds
    /// (`reused`), for later builds to reuse. Returns true when the output was reused before,
    /// since the stage last ran: the cache has been told then that its entries are in use
    /// (``DerivativeCache/markUsed(_:sourcePaths:)``), and needs not be again.
    @discardableResult
    func madeImages(_ output: ImageStage.Output, from inputs: String, reused: Bool) -> Bool
    /// What the renderer worked out in earlier builds, album by album; nil: nothing is kept.
    var renderMemo: RenderMemo? { get }
    /// The files the photos published in an earlier build, for a build that reuses that
    /// build's image stage output, with the photos of `excluded` left out as then; nil: none.
    func publishedFiles(excluding excluded: Set<String>) -> BuildRun.PublishedFiles?
    /// Keeps what this build's photos publish, made from the output of the stage's last run.
    func keepPublishedFiles(_ files: BuildRun.PublishedFiles, excluding excluded: Set<String>)
}

extension BuildSession: SiteRecycler {
    func cache(for options: BuildOptions, open: () -> DerivativeCache?) -> DerivativeCache? {
        cache(for: options.cacheDirectory, open: open)
    }

    func takeSpare(for options: BuildOptions) -> URL? {
        takeOver(from: options)
        return takeSpare()
    }

    func spareManifest(for options: BuildOptions) -> SiteManifest? {
        state.withLock { state in
            defer { state.spareManifest = nil }
            return state.spareManifest
        }
    }

    func keep(previous: URL?, manifest: SiteManifest?, for options: BuildOptions) {
        committed(previous: previous, manifest: manifest, live: options.outputDirectory)
    }

    var keepsImages: Bool { true }

    var renderMemo: RenderMemo? { memo }
}

/// Keeps the previous site between separate `galleryc build` runs in `<cache>/site-spare`
/// (one `rename(2)` each way; see `OutputWriter+Spare.swift`). Without a usable cache folder,
/// or with the cache on another file system, the previous site is deleted after the swap.
struct CacheFolderRecycler: SiteRecycler {
    func cache(for options: BuildOptions, open: () -> DerivativeCache?) -> DerivativeCache? {
        open()
    }

    /// A separate process knows nothing of the files since: its image stage always runs, and
    /// the spare is checked file by file.
    var keepsImages: Bool { false }

    func trustsSpare(_ folder: URL) -> Bool { false }

    func reusableImages(for inputs: String) -> (output: ImageStage.Output, proven: Bool)? { nil }

    func madeImages(_ output: ImageStage.Output, from inputs: String, reused: Bool) -> Bool { false }

    var renderMemo: RenderMemo? { nil }

    func publishedFiles(excluding excluded: Set<String>) -> BuildRun.PublishedFiles? { nil }

    func keepPublishedFiles(_ files: BuildRun.PublishedFiles, excluding excluded: Set<String>) {}

    func takeSpare(for options: BuildOptions) -> URL? {
        Self.spareLocation(options).flatMap {
            OutputWriter.adoptSpare(
                $0,
                for: URL(fileURLWithPath: ResolvedPath.resolve(options.outputDirectory), isDirectory: true))
        }
    }

    /// Reads and forgets `site-spare.manifest` (the spare it described is taken now).
    func spareManifest(for options: BuildOptions) -> SiteManifest? {
        Self.takeManifest("site-spare.manifest", for: options)
    }

    /// Reads and forgets `site-public.manifest`, what the live output folder holds: for a
    /// ``BuildSession`` that keeps it in memory from now on (and hands it back on close).
    func publicManifest(for options: BuildOptions) -> SiteManifest? {
        Self.takeManifest("site-public.manifest", for: options)
    }

    /// The manifest `name` of the cache folder, removed from it, when it describes the output
    /// folder of `options`.
    private static func takeManifest(_ name: String, for options: BuildOptions) -> SiteManifest? {
        guard let spare = spareLocation(options) else { return nil }
        let url = manifestURL(spare, name)
        defer { try? FileManager.default.removeItem(at: url) }
        let output = ResolvedPath.resolve(options.outputDirectory)
        return SiteManifest.read(url).flatMap { $0.output == output ? $0 : nil }
    }

    /// What a ``BuildSession`` kept, handed back when it closes: its previous site becomes the
    /// cache folder's spare (deleted when there is no usable cache folder), with the two
    /// manifests, for the next `galleryc build`.
    func store(
        spare: URL?, spareManifest: SiteManifest?, publicManifest: SiteManifest?, for options: BuildOptions
    ) {
        guard let location = Self.spareLocation(options),
            FileManager.default.fileExists(atPath: location.deletingLastPathComponent().path)
        else {
            if let spare { OutputWriter.removeSite(spare) }
            return
        }
        let spareURL = Self.manifestURL(location, "site-spare.manifest")
        let publicURL = Self.manifestURL(location, "site-public.manifest")
        try? FileManager.default.removeItem(at: spareURL)
        try? FileManager.default.removeItem(at: publicURL)
        if let spare {
            OutputWriter.stash(spare, as: location)
            if FileManager.default.fileExists(atPath: location.path) { spareManifest?.write(to: spareURL) }
        }
        publicManifest?.write(to: publicURL)
    }

    func keep(previous: URL?, manifest: SiteManifest?, for options: BuildOptions) {
        let spare = Self.spareLocation(options)
        if let previous {
            if let spare, FileManager.default.fileExists(atPath: spare.deletingLastPathComponent().path) {
                OutputWriter.stash(previous, as: spare)
            } else {
                OutputWriter.removeSite(previous)
            }
        }
        guard let spare else { return }
        // The live site's manifest goes with it to the spare; the new live site gets its own.
        let publicManifest = Self.manifestURL(spare, "site-public.manifest")
        let spareManifest = Self.manifestURL(spare, "site-spare.manifest")
        try? FileManager.default.removeItem(at: spareManifest)
        if previous != nil, FileManager.default.fileExists(atPath: spare.path) {
            try? FileManager.default.moveItem(at: publicManifest, to: spareManifest)
        }
        try? FileManager.default.removeItem(at: publicManifest)
        manifest?.write(to: publicManifest)
    }

    private static func manifestURL(_ spare: URL, _ name: String) -> URL {
        spare.deletingLastPathComponent().appendingPathComponent(name)
    }

    /// The cache folder's `site-spare`; nil without a usable cache folder.
    private static func spareLocation(_ options: BuildOptions) -> URL? {
        guard let directory = options.cacheDirectory,
            let resolved = try? DerivativeCache.checkLocation(
                directory, contentDirectory: options.contentDirectory,
                outputDirectory: options.outputDirectory)
        else { return nil }
        return resolved.appendingPathComponent("site-spare", isDirectory: true)
    }
}
