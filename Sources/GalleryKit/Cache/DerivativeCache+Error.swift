/// Why the derivative cache cannot be used, or a photo's derivatives cannot be stored. Raised
/// by ``DerivativeCache``. Folder problems name the cache folder as the user gave it; store
/// problems name the photo relative to the content folder.
typealias CacheError = BuildError<CacheProblem>

/// What went wrong with the derivative cache.
enum CacheProblem: ErrorReason {
    /// The cache folder is the content folder.
    case cacheIsContent
    /// The cache folder lies inside the content folder.
    case cacheInsideContent
    /// The cache folder contains the content folder.
    case cacheContainsContent
    /// The cache folder lies inside the output folder, which every build replaces whole.
    case cacheInsideOutput
    /// Something other than a folder is in the way.
    case notAFolder
    /// A folder that is neither empty nor a galleryc cache (no galleryc CACHEDIR.TAG).
    case notAGallerycCache
    /// `--shard` without a usable cache: its whole work is what it leaves there.
    case shardWithoutCache
    /// A file system call on the cache failed; the build can go on without the cache.
    case io(operation: String, detail: String)

    /// A cache write that fails only warns: the site is still complete without it.
    var severity: Severity {
        if case .io = self { return .warning }
        return .error
    }

    /// The message shown after the location.
    var message: String {
        switch self {
        case .cacheIsContent:
            "the cache folder is the content folder; choose another --cache-dir"
        case .cacheInsideContent:
            "the cache folder is inside the content folder; choose a folder outside it with "
                + "--cache-dir or GALLERYC_CACHE_DIR"
        case .cacheContainsContent:
            "the cache folder contains the content folder; choose another --cache-dir"
        case .cacheInsideOutput:
            "the cache folder is inside the output folder, which each build replaces; choose a "
                + "folder outside it with --cache-dir"
        case .notAFolder:
            "the cache path exists and is not a folder; remove it or choose another --cache-dir"
        case .notAGallerycCache:
            "refusing to use this folder as the image cache: it is not empty and was not made by "
                + "galleryc (no CACHEDIR.TAG of galleryc's); choose an empty or new folder with --cache-dir"
        case .shardWithoutCache:
            "a --shard build keeps its work in the image cache, and there is no usable one; "
                + "give it a folder with --cache-dir"
        case .io(let operation, let detail):
            "image cache: cannot \(operation): \(detail)"
        }
    }
}
