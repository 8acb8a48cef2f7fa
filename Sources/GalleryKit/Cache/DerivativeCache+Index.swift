import Foundation

/// `<cache>/index.bin` (`index.json` before it): the quick check for source files and when
/// each entry was last used.
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

    /// The index in `directory`, or an empty one when it is missing, unreadable or of another
    /// version: `index.bin` (``write(to:)``), else the `index.json` of galleryc before it; with the
    /// indexes `--shard` builds left there (`index.shard-<k>-of-<n>.bin`) merged into it, and
    /// the names of those files, which the next ``DerivativeCache/saveIndex(now:scannedClean:shard:)``
    /// removes.
    static func load(from directory: URL) -> (index: CacheIndex, merged: [String]) {
        var index = loadMain(from: directory)
        let shardFiles =
            (try? FileManager.default.contentsOfDirectory(atPath: directory.path))?
            .filter { $0.hasPrefix("index.shard-") && $0.hasSuffix(".bin") }.sorted() ?? []
        for name in shardFiles {
            guard
                let data = FileManager.default.contents(atPath: directory.appendingPathComponent(name).path),
                let shard = CacheIndex(bytes: [UInt8](data))
            else { continue }
            index.merge(shard)
        }
        return (index, shardFiles)
    }

    /// `index.bin`, else `index.json`, else an empty index.
    private static func loadMain(from directory: URL) -> CacheIndex {
        if let data = FileManager.default.contents(
            atPath: directory.appendingPathComponent(binaryFileName).path)
        {
            return CacheIndex(bytes: [UInt8](data)) ?? CacheIndex()
        }
        let url = directory.appendingPathComponent(fileName)
        guard let data = try? Data(contentsOf: url),
            let index = try? JSONDecoder().decode(CacheIndex.self, from: data),
            index.version == currentVersion
        else { return CacheIndex() }
        return index
    }

    /// This index cut down to `files` and `entries`, and the GPS findings of those files.
    func only(files paths: Set<String>, entries keys: Set<String>) -> CacheIndex {
        var cut = CacheIndex()
        cut.builds = builds
        cut.files = files.filter { paths.contains($0.key) }
        cut.entries = entries.filter { keys.contains($0.key) }
        let hashes = Set(cut.files.values.map(\.hash))
        cut.sourceGPS = sourceGPS?.filter { hashes.contains($0.key) }
        return cut
    }

    /// Takes in a shard's index: its source files' hashes (kept where this index has none for
    /// the path: a path hashed here is as current), its entries as used by the latest build
    /// (the shard made them for this site), and its GPS findings.
    mutating func merge(_ shard: CacheIndex) {
        for (path, record) in shard.files where files[path] == nil {
            files[path] = FileRecord(stamp: record.stamp, hash: record.hash, lastBuild: builds)
        }
        for (key, use) in shard.entries {
            let known = entries[key]
            entries[key] = EntryUse(
                lastBuild: builds, lastUsed: max(use.lastUsed, known?.lastUsed ?? 0),
                scannedClean: known?.scannedClean)
        }
        if let gps = shard.sourceGPS {
            sourceGPS = (sourceGPS ?? [:]).merging(gps) { mine, _ in mine }
        }
    }

    /// The binary index's file: JSON took a tenth of a second each way for 10,000 photos.
    static let binaryFileName = "index.bin"
    static let magic = "galleryc-index"

    /// Adds the index to `writer` in ``ByteWriter``'s compact form (what ``init(bytes:)`` reads).
    func write(to writer: inout ByteWriter) {
        writer.add(Self.magic)
        writer.add(version)
        writer.add(builds)
        // In the dictionaries' order: they are read back into dictionaries, and sorting the
        // keys of a 10,000-photo cache took longer than writing them.
        writer.add(files) { writer, entry in
            let (path, record) = entry
            writer.add(path)
            writer.add(Int(record.stamp.size))
            writer.add(Int(record.stamp.modifiedNanoseconds))
            writer.add(Int(bitPattern: UInt(record.stamp.inode)))
            writer.add(record.hash)
            writer.add(record.lastBuild)
        }
        writer.add(entries) { writer, entry in
            let (key, use) = entry
            writer.add(key)
            writer.add(use.lastBuild)
            writer.add(use.lastUsed)
            writer.add(use.scannedClean == true)
        }
        let gps = sourceGPS ?? [:]
        writer.add(gps) { writer, entry in
            writer.add(entry.key)
            writer.add(entry.value) { writer, pair in writer.add(pair) { $0.add($1) } }
        }
    }

    /// The index in `bytes`; nil when they are not one of this version.
    init?(bytes: [UInt8]) {
        var reader = ByteReader(bytes)
        guard reader.string() == Self.magic, reader.int() == Self.currentVersion, let builds = reader.int(),
            let files = reader.array({ reader -> (String, FileRecord)? in
                guard let path = reader.string(), let size = reader.int(), let time = reader.int(),
                    let inode = reader.int(), let hash = reader.string(), let build = reader.int()
                else { return nil }
                let stamp = FileStamp(
                    size: Int64(size), modifiedNanoseconds: Int64(time),
                    inode: UInt64(UInt(bitPattern: inode)))
                return (path, FileRecord(stamp: stamp, hash: hash, lastBuild: build))
            }),
            let entries = reader.array({ reader -> (String, EntryUse)? in
                guard let key = reader.string(), let build = reader.int(), let used = reader.double(),
                    let clean = reader.bool()
                else { return nil }
                return (key, EntryUse(lastBuild: build, lastUsed: used, scannedClean: clean ? true : nil))
            }),
            let gps = reader.array({ reader -> (String, [[Double]])? in
                guard let hash = reader.string(), let pairs = reader.array({ $0.array { $0.double() } })
                else {
                    return nil
                }
                return (hash, pairs)
            }), reader.isComplete
        else { return nil }
        self.builds = builds
        self.files = Dictionary(files, uniquingKeysWith: { first, _ in first })
        self.entries = Dictionary(entries, uniquingKeysWith: { first, _ in first })
        self.sourceGPS = gps.isEmpty ? nil : Dictionary(gps, uniquingKeysWith: { first, _ in first })
    }

    init() {}
}

extension DerivativeCache {
    /// Ends a build: records which source files and entries it used, then writes the index
    /// atomically. Call once after each build (successful or not); the counts it keeps drive
    /// ``prune(keepingBuilds:maxAge:now:listing:)``.
    /// - Parameters:
    ///   - now: the time recorded as the entries' last use.
    ///   - scannedClean: the build scanned every file it published (including all renditions
    ///     of the entries it used that were not already known clean) and found no GPS data;
    ///   later builds then skip re-scanning those entries' renditions
    ///     (``scannedClean(_:)``).
    ///   - shard: a `--shard` build saves its index as `index.shard-<k>-of-<n>.bin`, so that
    ///     shards' cache folders copied into one keep each one's, and writes no record pack;
    ///     the next whole build reads them all into `index.bin` and removes them.
    /// - Throws: ``CacheError`` (a warning) when the index cannot be written; the cache still
    ///   works, the next build only re-hashes.
    func saveIndex(now: Date = Date(), scannedClean: Bool = false, shard: (index: Int, count: Int)? = nil)
        throws(CacheError)
    {
        var used: Set<String> = []
        defer { if shard == nil { savePack(used: used) } }
        let name = shard.map { "index.shard-\($0.index)-of-\($0.count).bin" } ?? CacheIndex.binaryFileName
        do {
            // Written a piece at a time (``ByteFile``), inside the lock: the build is over.
            var writer = ByteWriter(file: try ByteFile(directory.appendingPathComponent(name)))
            state.withLock { state in
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
                // A shard's index holds only what it used: merged, the cache it was copied
                // from keeps its own ages.
                let saved =
                    shard == nil
                    ? state.index : state.index.only(files: state.seenFiles, entries: state.usedEntries)
                state.seenFiles.removeAll()
                used = state.usedEntries
                state.usedEntries.removeAll()
                saved.write(to: &writer)
            }
            try writer.commit()
            if shard == nil {
                // What was merged into this index (shards' indexes, the JSON index of an
                // earlier galleryc) is in it now.
                let merged = state.withLock { $0.mergedIndexFiles } + [CacheIndex.fileName]
                for file in merged {
                    try? FileManager.default.removeItem(at: directory.appendingPathComponent(file))
                }
            }
        } catch {
            throw CacheError(
                .io(operation: "write the index", detail: fileErrorText(error)),
                file: directory.appendingPathComponent(name).path, underlying: error)
        }
    }
}
