import Foundation

/// What one build is asked to do. The CLI fills it from the command line; tests fill it by hand.
public struct BuildOptions: Sendable {
    /// The content folder.
    public var contentDirectory: URL
    /// Where the site goes; swapped in atomically at the end.
    public var outputDirectory: URL
    /// A folder of template overrides given with `--templates` (before `content/templates/`).
    public var templatesDirectory: URL?
    /// The default theme folder (`Templates/` of the installation).
    public var themeDirectory: URL
    /// Image workers; defaults to the number of cores.
    public var jobs: Int
    /// Warnings fail the build.
    public var strict: Bool
    /// Publish the site without the files that failed (`--keep-going`): the build still
    /// reports every error and its summary counts them, so the CLI exits 1. A GPS leak, or an
    /// output or content folder that cannot be used, still fails the build.
    public var keepGoing: Bool
    /// Build pages and albums marked `draft: true`.
    public var includeDrafts: Bool
    /// Follow symlinks that lead out of the content folder (`--follow-links`); by default
    /// they are refused with a warning, so a content folder from someone else (a pull request)
    /// cannot publish files from the machine that builds it.
    public var followLinks: Bool
    /// The time the build treats as "now" (feed `updated`, copyright year); injected so that
    /// output is reproducible.
    public var now: Date
    /// The date a page or feed shows when the content gives none (`SOURCE_DATE_EPOCH`); nil
    /// leaves it out where the format allows, so that the same content gives the same bytes
    /// on every build and every machine: the clock never reaches the site.
    public var sourceDate: Date?
    /// Where processed photos are kept between builds (see ``DerivativeCache``); nil builds
    /// without a cache.
    public var cacheDirectory: URL?
    /// `--shard k/n`: process only this share of the photos and clips into the cache, and
    /// render nothing (``Shard``); nil for a whole build.
    public var shard: Shard?
    /// `galleryc serve --unlock`: each private album's lock pages carry its key, so that the
    /// preview opens them without the password. Never for a site to publish: the CLI then
    /// writes the preview to a temporary folder.
    public var embedsAlbumKeys = false
    /// The process exits right after this build (`galleryc build`): what the build made is
    /// left for the exit to take back rather than freed piece by piece (``ProcessLifetime``).
    /// Never for a process that goes on building (`serve`, the tests).
    public var endsProcess = false
    /// galleryc's geographic data (`places.bin`: the place names of `places:`); nil takes
    /// `Geodata/` beside the default theme folder (`share/galleryc/Geodata` when installed, the
    /// checkout's `Geodata/`). Read only when `places:` is on.
    public var geodataDirectory: URL?

    /// Where the geographic data is read from.
    var geodata: URL {
        geodataDirectory
            ?? themeDirectory.deletingLastPathComponent().appendingPathComponent("Geodata", isDirectory: true)
    }

    public init(
        contentDirectory: URL, outputDirectory: URL, templatesDirectory: URL? = nil,
        themeDirectory: URL, jobs: Int = ProcessInfo.processInfo.activeProcessorCount,
        strict: Bool = false, keepGoing: Bool = false, includeDrafts: Bool = false,
        followLinks: Bool = false, now: Date = Date(), sourceDate: Date? = nil, cacheDirectory: URL? = nil
    ) {
        self.cacheDirectory = cacheDirectory
        self.contentDirectory = contentDirectory
        self.outputDirectory = outputDirectory
        self.templatesDirectory = templatesDirectory
        self.themeDirectory = themeDirectory
        self.jobs = max(1, jobs)
        self.strict = strict
        self.keepGoing = keepGoing
        self.includeDrafts = includeDrafts
        self.followLinks = followLinks
        self.now = now
        self.sourceDate = sourceDate
    }

    /// Where the cache goes: `option` (the `--cache-dir` value) if given, else
    /// `GALLERYC_CACHE_DIR` if set and not empty, else `.galleryc/cache`. Relative paths are
    /// taken from `currentDirectory`.
    public static func cacheDirectory(
        option: String?, environment: [String: String], currentDirectory: URL
    ) -> URL {
        let chosen =
            option ?? environment["GALLERYC_CACHE_DIR"].flatMap { $0.isEmpty ? nil : $0 }
            ?? ".galleryc/cache"
        if chosen.hasPrefix("/") { return URL(fileURLWithPath: chosen, isDirectory: true) }
        return currentDirectory.appendingPathComponent(chosen, isDirectory: true)
    }
}

/// One file of the published site and its size.
public struct SiteFile: Sendable, Hashable {
    public var path: String
    public var byteCount: Int64

    public init(path: String, byteCount: Int64) {
        self.path = path
        self.byteCount = byteCount
    }
}

/// What a finished build reports for the summary line.
public struct BuildSummary: Sendable, Hashable {
    public var pageCount: Int
    public var photoCount: Int
    /// Photos whose renditions came from the cache instead of being processed.
    public var cachedPhotoCount: Int
    /// Video clips published (not counted in ``photoCount``).
    public var videoCount = 0
    /// Clips restored from the cache instead of being transcoded.
    public var cachedVideoCount = 0
    /// Pages made this build; the others were kept from the site before, made from the same.
    public var renderedPageCount: Int?
    /// The share a `--shard` build processed (its photos and clips are those counted; it
    /// renders nothing).
    public var shard: Shard?
    /// The published site: how many files, how many bytes, and its largest file.
    public var siteFileCount = 0
    public var siteByteCount: Int64 = 0
    public var largestFile: SiteFile?
    public var duration: Duration
    /// Where the time went, phase by phase (`GALLERYC_TIMINGS=1` prints them).
    public var phases: [BuildPhaseTiming]
    /// Errors of files that were left out of a site published with ``BuildOptions/keepGoing``
    /// (each one is in the diagnostics); 0 for a clean build. Not zero means the site is
    /// incomplete: the CLI exits 1.
    public var skippedErrorCount: Int

    public init(
        pageCount: Int, photoCount: Int, cachedPhotoCount: Int, duration: Duration,
        phases: [BuildPhaseTiming] = [], skippedErrorCount: Int = 0
    ) {
        self.pageCount = pageCount
        self.photoCount = photoCount
        self.cachedPhotoCount = cachedPhotoCount
        self.duration = duration
        self.phases = phases
        self.skippedErrorCount = skippedErrorCount
    }
}

/// Progress of the image stage, reported as photos finish, or of the video stage, as ffmpeg
/// goes (from any worker thread).
public struct BuildProgress: Sendable, Hashable {
    public var photosDone: Int
    public var photosTotal: Int
    /// Seconds of video transcoded so far, summed over the clips and formats being made.
    public var videoSecondsDone: Double
    /// Seconds of video to transcode in this build (0 when every clip came from the cache).
    public var videoSecondsTotal: Double

    public init(photosDone: Int, photosTotal: Int) {
        self.photosDone = photosDone
        self.photosTotal = photosTotal
        self.videoSecondsDone = 0
        self.videoSecondsTotal = 0
    }

    public init(videoSecondsDone: Double, videoSecondsTotal: Double) {
        self.photosDone = 0
        self.photosTotal = 0
        self.videoSecondsDone = videoSecondsDone
        self.videoSecondsTotal = videoSecondsTotal
    }
}

/// Thrown by ``SiteBuilder/build(_:session:diagnostics:progress:)`` when the build failed; the
/// reasons are in the diagnostics collector, and the previous output is untouched.
public struct BuildFailed: Error, Sendable, Hashable {
    public var errorCount: Int
    /// True when every error is about a file that `--keep-going` would leave out (a photo, a
    /// page, a template): the CLI then says so. False for a GPS leak, or a content or output
    /// folder that cannot be used.
    public var filesCouldBeSkipped: Bool

    public init(errorCount: Int, filesCouldBeSkipped: Bool = false) {
        self.errorCount = errorCount
        self.filesCouldBeSkipped = filesCouldBeSkipped
    }
}
