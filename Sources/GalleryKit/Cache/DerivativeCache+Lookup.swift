import Foundation

extension DerivativeCache {
    static let recordFileName = "photo.json"

    /// The cached record for `key`, or nil when there is no complete entry. A missing or
    /// truncated file, bad JSON or an entry of another schema is a miss, never an error.
    func lookup(_ key: CacheKey) -> PhotoDerivatives? {
        let record = validRecord(for: key)
        state.withLock { state in
            if record != nil {
                state.statistics.hits += 1
                state.usedEntries.insert(key.hex)
            } else {
                state.statistics.misses += 1
            }
        }
        return record
    }

    /// Links the record's renditions from its entry into `siteRoot` (the output writer's
    /// staging folder), at the paths the record names, creating folders as needed. Hard links
    /// where possible, copies across file systems.
    /// - Returns: true when every file is in place; false when one could not be placed (the
    ///   entry was removed or damaged meanwhile), in which case the files it placed are removed
    ///   again and the caller processes the photo as on a miss.
    func restore(_ record: PhotoDerivatives, key: CacheKey, into siteRoot: URL) -> Bool {
        // Plain strings rather than URLs: this runs for every rendition of every cached photo.
        guard let names = record.entryFileNames else { return false }
        let entry = entryPath(for: key)
        let root = siteRoot.path
        var placed: [String] = []
        var lastFolder = ""
        for (rendition, name) in zip(record.publishedFiles, names) {
            let destination = root + "/" + rendition.path
            let folder = String(destination[..<(destination.lastIndex(of: "/") ?? destination.endIndex)])
            var outcome = CacheFileSystem.PlaceOutcome.failed
            if folder == lastFolder || CacheFileSystem.makeDirectory(folder) {
                lastFolder = folder
                outcome = CacheFileSystem.linkOrCopy(entry + "/" + name, to: destination)
            }
            switch outcome {
            case .created: placed.append(destination)
            case .alreadyThere: break
            case .failed:
                placed.forEach(CacheFileSystem.unlinkFile)
                return false
            }
        }
        return true
    }

    /// The record in the entry for `key` when it is complete and belongs to that key.
    func validRecord(for key: CacheKey) -> PhotoDerivatives? {
        // The JSON is read once per process; the renditions are checked at every lookup.
        let known = state.withLock { $0.records[key.hex] }
        guard let record = known ?? readRecord(for: key), let names = record.entryFileNames else {
            return nil
        }
        let folder = entryPath(for: key)
        for (rendition, name) in zip(record.publishedFiles, names) {
            guard let stamp = CacheFileSystem.stamp(folder + "/" + name),
                stamp.size == Int64(rendition.byteCount)
            else {
                state.withLock { $0.records[key.hex] = nil }
                return nil
            }
        }
        if known == nil { state.withLock { $0.records[key.hex] = record } }
        return record
    }

    /// The record in the entry's `photo.json` when it belongs to that key (renditions unchecked).
    private func readRecord(for key: CacheKey) -> PhotoDerivatives? {
        guard
            let data = FileManager.default.contents(atPath: entryPath(for: key) + "/" + Self.recordFileName),
            let file = try? JSONDecoder().decode(CacheEntryFile.self, from: data),
            file.schema == CacheEntryFile.currentSchema, file.key == key.hex
        else { return nil }
        return file.photo
    }
}
