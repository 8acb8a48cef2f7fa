import Foundation

extension DerivativeCache {
    static let recordFileName = "photo.json"

    /// The cached record for `key`, or nil when there is no complete entry. A missing or
    /// truncated file, bad JSON or an entry of another schema is a miss, never an error.
    func lookup(_ key: CacheKey) -> PhotoDerivatives? {
        lookupEntry(key)
    }

    /// Links the record's renditions from its entry into `siteRoot` (see ``restoreEntry(_:key:into:)``).
    func restore(_ record: PhotoDerivatives, key: CacheKey, into siteRoot: URL) -> Bool {
        restoreEntry(record, key: key, into: siteRoot)
    }

    /// The record for `key` when the site folder already holds every file it publishes, made
    /// from this entry (`holds(path)`, from a recycled folder's checked manifest): nothing is
    /// linked, and the entry's files are not checked one by one (the folder's copies are those
    /// very files, hard links whose stamps the manifest checked). Counted as a hit. Nil when
    /// the record cannot be read or a file is not in place: the caller then restores as usual.
    func inPlace(_ key: CacheKey, holds: (String) -> Bool) -> PhotoDerivatives? {
        let known = state.withLock { $0.records[key.hex] } as? PhotoDerivatives
        guard let record = known ?? readRecord(for: key, as: PhotoDerivatives.self),
            record.publishedFiles.allSatisfy({ holds($0.path) })
        else { return nil }
        state.withLock { state in
            if known == nil { state.records[key.hex] = record }
            state.statistics.hits += 1
            state.usedEntries.insert(key.hex)
        }
        return record
    }

    /// Makes room for a build of `count` photos in what the build records, at once: grown
    /// step by step, the sets and records were rehashed inside the lock that every photo's
    /// lookup takes, and the other workers waited (a tenth of the image stage at 50,000 photos).
    func reserve(photos count: Int) {
        state.withLock { state in
            state.usedEntries.reserveCapacity(count)
            state.seenFiles.reserveCapacity(count)
            state.records.reserveCapacity(count)
            state.stored.reserveCapacity(count)
        }
    }

    /// Records what a build that reuses an earlier build's image stage (``BuildSession``) used
    /// without looking it up: the entries behind `keysByPath` and the sources at `sourcePaths`
    /// (standard paths), so that the index ages them as used and pruning keeps them.
    func markUsed(_ keysByPath: [String: [CacheKey]], sourcePaths: [String]) {
        state.withLock { state in
            for keys in keysByPath.values {
                for key in keys { state.usedEntries.insert(key.hex) }
            }
            state.seenFiles.formUnion(sourcePaths)
        }
    }

    /// The record in the entry for `key` when it is complete and belongs to that key.
    func validRecord(for key: CacheKey) -> PhotoDerivatives? {
        entryRecord(for: key)
    }

    /// The record of the complete entry for `key`, counted as a hit (and the entry as used by
    /// this build) or a miss.
    func lookupEntry<Record: CacheRecord>(_ key: CacheKey, as kind: Record.Type = Record.self) -> Record? {
        let record = entryRecord(for: key, as: kind)
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

    /// Links the files a record names from its entry into `siteRoot` (the output writer's
    /// staging folder), at their site paths, creating folders as needed. Hard links where
    /// possible, copies across file systems.
    /// - Returns: true when every file is in place; false when one could not be placed (the
    ///   entry was removed or damaged meanwhile), in which case the files it placed are removed
    ///   again and the caller makes them as on a miss.
    func restoreEntry<Record: CacheRecord>(_ record: Record, key: CacheKey, into siteRoot: URL) -> Bool {
        // Plain strings rather than URLs: this runs for every rendition of every cached photo.
        guard let names = record.entryFileNames else { return false }
        let entry = entryPath(for: key)
        let root = siteRoot.path
        var placed: [String] = []
        var lastFolder = ""
        for (file, name) in zip(record.entryFiles, names) {
            let destination = root + "/" + file.path
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

    /// The record in the entry for `key` when the entry is complete: its record file belongs
    /// to that key and schema, every file it names is there at its recorded size, and so is
    /// every kept file.
    func entryRecord<Record: CacheRecord>(for key: CacheKey, as kind: Record.Type = Record.self) -> Record? {
        // The JSON is read once per process; the files are checked at every lookup.
        let known = state.withLock { $0.records[key.hex] } as? Record
        guard let record = known ?? readRecord(for: key, as: kind), let names = record.entryFileNames else {
            return nil
        }
        let folder = entryPath(for: key)
        let complete =
            zip(record.entryFiles, names).allSatisfy { file, name in
                CacheFileSystem.stamp(folder + "/" + name)?.size == Int64(file.byteCount)
            } && Record.keptFileNames.allSatisfy { CacheFileSystem.stamp(folder + "/" + $0) != nil }
        guard complete else {
            state.withLock { $0.records[key.hex] = nil }
            return nil
        }
        if known == nil { state.withLock { $0.records[key.hex] = record } }
        return record
    }

    /// The record in the entry's record file when it belongs to that key (files unchecked);
    /// a photo's from the record pack when it holds it (``RecordPack``).
    private func readRecord<Record: CacheRecord>(for key: CacheKey, as kind: Record.Type) -> Record? {
        if kind == PhotoDerivatives.self,
            let bytes = state.withLock({ $0.packed.removeValue(forKey: key.hex) }),
            let record = PhotoDerivatives(packed: bytes) as? Record
        {
            return record
        }
        guard
            let data = FileManager.default.contents(
                atPath: entryPath(for: key) + "/" + Record.recordFileName),
            let file = try? JSONDecoder().decode(CacheEntryFile<Record>.self, from: data),
            file.schema == CacheEntryFile<Record>.currentSchema, file.key == key.hex
        else { return nil }
        return file.record
    }
}
