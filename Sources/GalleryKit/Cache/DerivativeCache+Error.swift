/// Why the derivative cache cannot be used, or a photo's derivatives cannot be stored. Raised
/// by ``DerivativeCache``. Folder problems name the cache folder as the user gave it; store
/// problems name the photo relative to the content folder.
public struct CacheError: LocatedError, Hashable {
    /// What went wrong.
    public enum Reason: Sendable, Hashable {
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
        /// A file system call on the cache failed; the build can go on without the cache.
        case io(operation: String, detail: String)
    }

    /// The cache folder, or the photo, the problem is about.
    public var location: SourceLocation
    /// What went wrong.
    public var reason: Reason

    /// Creates an error about `path` (the cache folder as given, or a content-relative photo).
    public init(_ reason: Reason, path: String) {
        self.reason = reason
        self.location = SourceLocation(file: path)
    }

    /// A cache write that fails only warns: the site is still complete without it.
    public var severity: Severity {
        if case .io = reason { return .warning }
        return .error
    }

    /// The message shown after the location.
    public var message: String {
        switch reason {
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
        case .io(let operation, let detail):
            "image cache: cannot \(operation): \(detail)"
        }
    }
}
