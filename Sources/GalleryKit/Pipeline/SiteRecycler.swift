import Foundation

/// What one build takes over from the one before and leaves for the next: the previous site,
/// recycled as the next staging folder (so that a rebuild rewrites only what changed, see
/// ``OutputWriter``), and the open derivative cache.
///
/// Two kinds, one per way galleryc runs:
/// - ``BuildSession``, for a long-lived caller (the preview server): both stay in memory.
/// - ``CacheFolderRecycler``, for `galleryc build`: the previous site waits in the cache
///   folder's `site-spare` until the next process, and the cache is opened afresh.
protocol SiteRecycler: Sendable {
    /// The derivative cache for `options`: kept from an earlier build, or `open()`'s.
    func cache(for options: BuildOptions, open: () -> DerivativeCache?) -> DerivativeCache?
    /// A previous site of the output folder, moved beside it to become the staging folder, or
    /// nil (at most once per site kept).
    func takeSpare(for options: BuildOptions) -> URL?
    /// After the swap: `previous` is the site that was live before, now beside the output
    /// folder; keep it for the next build, or delete it.
    func keep(previous: URL?, for options: BuildOptions)
}

extension BuildSession: SiteRecycler {
    func cache(for options: BuildOptions, open: () -> DerivativeCache?) -> DerivativeCache? {
        cache(for: options.cacheDirectory, open: open)
    }

    func takeSpare(for options: BuildOptions) -> URL? { takeSpare() }

    func keep(previous: URL?, for options: BuildOptions) { committed(previous: previous) }
}

/// Keeps the previous site between separate `galleryc build` runs in `<cache>/site-spare`
/// (one `rename(2)` each way; see `OutputWriter+Spare.swift`). Without a usable cache folder,
/// or with the cache on another file system, the previous site is deleted after the swap.
struct CacheFolderRecycler: SiteRecycler {
    func cache(for options: BuildOptions, open: () -> DerivativeCache?) -> DerivativeCache? {
        open()
    }

    func takeSpare(for options: BuildOptions) -> URL? {
        Self.spareLocation(options).flatMap {
            OutputWriter.adoptSpare(
                $0,
                for: URL(fileURLWithPath: ResolvedPath.resolve(options.outputDirectory), isDirectory: true))
        }
    }

    func keep(previous: URL?, for options: BuildOptions) {
        guard let previous else { return }
        if let spare = Self.spareLocation(options),
            FileManager.default.fileExists(atPath: spare.deletingLastPathComponent().path)
        {
            OutputWriter.stash(previous, as: spare)
        } else {
            OutputWriter.removeSite(previous)
        }
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
