import Foundation

/// `<cache>/index.json`: the quick check for source files and when each entry was last used.
struct CacheIndex: Codable, Sendable {
    static let fileName = "index.json"
    static let currentVersion = 1

    /// One source file: its stamp when hashed, its hash, and the last build that keyed it.
    struct FileRecord: Codable, Sendable, Hashable {
        var stamp: FileStamp
        var hash: String
        var lastBuild: Int
    }

    /// The last build that used an entry, and when (seconds since 1970).
    struct EntryUse: Codable, Sendable, Hashable {
        var lastBuild: Int
        var lastUsed: Double
        /// A successful build scanned the entry's renditions for GPS data and found none.
        var scannedClean: Bool?
    }

    var version = currentVersion
    /// How many builds have saved this index.
    var builds = 0
    /// Keyed by the source file's absolute path.
    var files: [String: FileRecord] = [:]
    /// Keyed by entry key.
    var entries: [String: EntryUse] = [:]
    /// GPS coordinates (latitude, longitude pairs) in each source, keyed by its content hash;
    /// optional so that an index written before it existed still loads.
    var sourceGPS: [String: [[Double]]]?

    /// The index in `directory`, or an empty one when it is missing, unreadable or of another version.
    static func load(from directory: URL) -> CacheIndex {
        let url = directory.appendingPathComponent(fileName)
        guard let data = try? Data(contentsOf: url),
            let index = try? JSONDecoder().decode(CacheIndex.self, from: data),
            index.version == currentVersion
        else { return CacheIndex() }
        return index
    }
}

extension DerivativeCache {
    /// Ends a build: records which source files and entries it used, then writes the index
    /// atomically. Call once after each build (successful or not); the counts it keeps drive
    /// ``prune(keepingBuilds:maxAge:now:)``.
    /// - Parameters:
    ///   - now: the time recorded as the entries' last use.
    ///   - scannedClean: the build scanned every file it published (including all renditions
    ///     of the entries it used that were not already known clean) and found no GPS data;
    ///   later builds then skip re-scanning those entries' renditions
    ///     (``isScannedClean(_:)``).
    /// - Throws: ``CacheError`` (a warning) when the index cannot be written; the cache still
    ///   works, the next build only re-hashes.
    func saveIndex(now: Date = Date(), scannedClean: Bool = false) throws(CacheError) {
        let data: Data
        do {
            data = try state.withLock { state in
                state.index.builds += 1
                let build = state.index.builds
                for path in state.seenFiles {
                    state.index.files[path]?.lastBuild = build
                }
                for key in state.usedEntries {
                    let wasClean = state.index.entries[key]?.scannedClean == true
                    state.index.entries[key] = CacheIndex.EntryUse(
                        lastBuild: build, lastUsed: now.timeIntervalSince1970,
                        scannedClean: wasClean || scannedClean ? true : nil)
                }
                state.seenFiles.removeAll()
                state.usedEntries.removeAll()
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
                return try encoder.encode(state.index)
            }
            try data.write(to: directory.appendingPathComponent(CacheIndex.fileName), options: .atomic)
        } catch {
            throw CacheError(
                .io(operation: "write the index", detail: fileErrorText(error)),
                file: directory.appendingPathComponent(CacheIndex.fileName).path, underlying: error)
        }
    }
}
