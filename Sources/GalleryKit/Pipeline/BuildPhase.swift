/// The phases of a build, in the order they run; ``SiteBuilder/build(_:session:diagnostics:progress:)``
/// reads as their table of contents. The raw values are the names `GALLERYC_TIMINGS=1` prints.
///
/// A new step of the build (video, tag pages, album ZIPs) is a new case here, in its place,
/// and a method of ``BuildRun`` that measures itself under it.
enum BuildPhase: String, Sendable, CaseIterable {
    /// Walk the content folder: site.yml, front matter, Markdown, sidecars (``ContentLoader``).
    case content
    /// Take the previous site over as the staging folder, where one was kept (``SiteRecycler``).
    case adoptSpare = "adopt spare"
    /// Check the output folder and make the staging folder beside it (``OutputWriter``).
    case staging
    /// Check a recycled staging folder the ``BuildSession`` wrote itself by its folders' times
    /// alone (``SiteManifest/foldersMatch(in:workers:)``); when one differs, `verify spare`.
    case checkSpare = "check spare"
    /// Check a recycled staging folder against its manifest, one `lstat` per file and folder
    /// (``SiteManifest``): what still matches is trusted, neither linked, rendered nor read again.
    case verifySpare = "verify spare"
    /// Parse the theme and the site's template overrides (``TemplateLibrary``).
    case templates
    /// Open the derivative cache and read its index (``DerivativeCache``).
    case cacheOpen = "cache open"
    /// Every video clip transcoded by ffmpeg, or restored from the cache, with its poster
    /// frame for the image stage (``VideoStage``), wall time.
    case videos
    /// Image workers, summed: hash each source for its cache key.
    case cacheKey = "cache key"
    /// Image workers, summed: link cached renditions into the staging folder.
    case cacheRestore = "cache restore"
    /// Image workers, summed: decode, resize, encode, placeholder, focal point (``ImagePipeline``).
    case process
    /// Image workers, summed: keep new renditions in the cache.
    case cacheStore = "cache store"
    /// Image workers, summed: read GPS positions of sources the cache knows nothing about.
    case sourceGPSRead = "source gps read"
    /// The whole image stage, wall time (``ImageStage``).
    case images = "images (wall)"
    /// The motion of each Live Photo (its paired movie) and Motion Photo (the MP4 in its
    /// file, found by the image stage) transcoded as a muted clip, or restored (``VideoStage``).
    case livePhotos = "live photos"
    /// Each album's originals as one ZIP, where `downloads.zip` asks (``AlbumDownloads``).
    case zips = "album zips"
    /// The password-protected albums' files checked for GPS, then sealed with their album's
    /// key, and the plaintext removed (``BuildRun/seal(_:images:downloads:into:)``).
    case seal = "private albums"
    /// Gather the photos' keywords into tag pages (``TagCollection``).
    case tags
    /// Name where each photo was taken, from its GPS position or its sidecar, and gather
    /// place pages (``PlaceCollection``).
    case places
    /// Draw the maps of the albums that show one and of `places/` (``MapDrawer``).
    case maps
    /// Put the photos on the year and month pages of `timeline: true` (``TimelineCollection``).
    case timeline
    /// Whether the site has search, and the index files the recycled site folder records; the
    /// index itself (``SearchIndexWriter``) is made, or kept whole, in ``render``.
    case search
    /// Model and templates to pages, feeds and stylesheets (``SiteRenderer``); photos are put
    /// in their album order first (``PhotoOrdering``).
    case render
    /// Every file of the site with what made it and its size: the rendered and kept pages, the
    /// published renditions by their cache entries, the ZIPs, the sealed files (``SiteFiles``).
    case siteFiles = "site files"
    /// Remove what the recycled staging folder holds and the new site does not.
    case removeStale = "remove stale"
    /// Write the rendered files, scanning each for GPS positions as it goes (``SitePublishing``).
    case writePages = "write + scan pages"
    /// Scan the renditions that no earlier build scanned.
    case scanImages = "gps scan images"
    /// Swap the staging folder in as the output folder.
    case commit
    /// Record what the new site's folder holds, for the build that recycles it (``SiteManifest``),
    /// once it is swapped in; its comparison with the recycled folder's manifest is made before
    /// the write, which it spares the removal of stale files when nothing is stale.
    case manifest = "site manifest"
    /// Keep the previous site for the next build to recycle.
    case stashPrevious = "stash previous"
    /// Save the cache index.
    case cacheIndex = "cache index"
    /// Remove cache entries no recent build used.
    case cachePrune = "cache prune"
}
