import Foundation

/// What a cache entry holds: a photo's ``PhotoDerivatives``, exactly as the image stage made
/// them (titles and captions live in the ``PhotoSource``, which the content stage supplies
/// fresh at every build, so editing them never touches the cache).
extension PhotoDerivatives {
    /// The file name each rendition has inside a cache entry (the last component of its path),
    /// or nil when a path is unsafe (absolute, `..`, empty parts) or two renditions share a name.
    var entryFileNames: [String]? {
        var names: [String] = []
        var seen: Set<String> = []
        for rendition in publishedFiles {
            let parts = rendition.path.split(separator: "/", omittingEmptySubsequences: false)
            guard !rendition.path.hasPrefix("/"),
                parts.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." && !$0.contains("\0") }),
                let last = parts.last, last != DerivativeCache.recordFileName,
                seen.insert(String(last)).inserted
            else { return nil }
            names.append(String(last))
        }
        return names
    }
}

/// The contents of `photo.json`: a schema number and the key guard against entries written by
/// another version or moved to the wrong folder.
struct CacheEntryFile: Codable {
    static let currentSchema = 1
    var schema: Int
    var key: String
    var photo: PhotoDerivatives
}
