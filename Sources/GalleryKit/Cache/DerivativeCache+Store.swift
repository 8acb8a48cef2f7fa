import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension DerivativeCache {
    static let temporaryFolderName = "tmp"

    /// Saves a freshly processed photo's derivatives under `key`: its renditions (read from
    /// `siteRoot`, where the image stage wrote them) and its record; see
    /// ``storeEntry(_:key:of:filesIn:keeping:)``. `sourcePath` names the photo in messages.
    func store(
        _ record: PhotoDerivatives, of sourcePath: String, renditionsIn siteRoot: URL, key: CacheKey
    ) throws(CacheError) {
        try storeEntry(record, key: key, of: sourcePath, filesIn: siteRoot)
    }

    /// Saves an entry under `key`: the files `record` names (read from `siteRoot`, where the
    /// stage wrote them; hard-linked, or copied across file systems), the `kept` files (one
    /// path for each of `Record.keptFileNames`) and the record.
    /// The entry is assembled in `<cache>/tmp/` and renamed into place, so a crash leaves no
    /// half entry. When another worker stored the same key first, that entry stays. A damaged
    /// entry under the key is replaced.
    /// - Throws: ``CacheError`` (a warning: the site is fine, only the cache missed out) when a
    ///   file is missing or not the recorded size, or a write fails.
    func storeEntry<Record: CacheRecord>(
        _ record: Record, key: CacheKey, of sourcePath: String, filesIn siteRoot: URL,
        keeping kept: [URL] = []
    ) throws(CacheError) {
        guard let names = record.entryFileNames, kept.count == Record.keptFileNames.count else {
            throw storeError("file paths are unsafe or share a file name", sourcePath)
        }
        let temporary = try makeTemporaryFolder(sourcePath)
        var published = false
        defer {
            if published {
                TemporaryFolders.shared.forget(temporary)
            } else {
                TemporaryFolders.shared.remove(temporary)
            }
        }
        for (file, name) in zip(record.entryFiles, names) {
            let source = siteRoot.path + "/" + file.path
            guard CacheFileSystem.stamp(source)?.size == Int64(file.byteCount) else {
                throw storeError("\(file.path) is missing or not \(file.byteCount) bytes", sourcePath)
            }
            guard CacheFileSystem.linkOrCopy(source, to: temporary + "/" + name) == .created else {
                throw storeError("cannot link \(file.path): \(errnoText())", sourcePath)
            }
        }
        for (file, name) in zip(kept, Record.keptFileNames)
        where CacheFileSystem.linkOrCopy(file.path, to: temporary + "/" + name) != .created {
            throw storeError("cannot keep \(name): \(errnoText())", sourcePath)
        }
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            try encoder.encode(CacheEntryFile(key: key.hex, record: record)).write(
                to: URL(fileURLWithPath: temporary + "/" + Record.recordFileName))
        } catch {
            throw storeError("cannot write the record: \(fileErrorText(error))", sourcePath)
        }
        let ours = try publish(temporary, as: key, sourcePath, kind: Record.self)
        published = true
        state.withLock { state in
            state.statistics.stores += 1
            state.usedEntries.insert(key.hex)
            // New files under this key: scanned by this build, not by an earlier one.
            state.index.entries[key.hex]?.scannedClean = nil
            state.records[key.hex] = nil
            // The record just written, unless another's stayed in place, for the index's save
            // to pack (read back from their files, 10,000 records took a second).
            state.stored[key.hex] = ours ? record as? PhotoDerivatives : nil
        }
    }

    /// Renames the finished `temporary` folder to the entry's folder; an entry of `kind`
    /// already complete there stays, a damaged one is replaced. True when `temporary` is
    /// the entry now, false when the entry that was there stayed.
    @discardableResult
    func publish<Record: CacheRecord>(
        _ temporary: String, as key: CacheKey, _ photo: String, kind: Record.Type
    ) throws(CacheError) -> Bool {
        let entry = entryDirectory(for: key)
        guard CacheFileSystem.makeDirectory(entry.deletingLastPathComponent().path) else {
            throw storeError("cannot create \(entry.deletingLastPathComponent().path)", photo)
        }
        guard let code = CacheFileSystem.renameItem(temporary, to: entry.path) else { return true }
        guard code == EEXIST || code == ENOTEMPTY else {
            throw storeError("cannot publish the entry: \(errnoText(code))", photo)
        }
        if entryRecord(for: key, as: kind) != nil {
            // Another worker or process stored the same derivatives first: keep theirs.
            try? FileManager.default.removeItem(atPath: temporary)
            return false
        }
        let aside = temporary + "-damaged"
        _ = CacheFileSystem.renameItem(entry.path, to: aside)
        try? FileManager.default.removeItem(atPath: aside)
        if let code = CacheFileSystem.renameItem(temporary, to: entry.path) {
            throw storeError("cannot replace a damaged entry: \(errnoText(code))", photo)
        }
        return true
    }

    /// A new, empty folder under `<cache>/tmp/` named after this process, recorded in
    /// ``TemporaryFolders`` (a second Ctrl-C removes it); ``TemporaryFolders/remove(_:)`` it,
    /// or ``TemporaryFolders/forget(_:)`` it once renamed away.
    func makeTemporaryFolder(_ photo: String) throws(CacheError) -> String {
        let parent = directory.appendingPathComponent(Self.temporaryFolderName).path
        let name = "\(CacheFileSystem.processID)-\(UInt64.random(in: 0...UInt64.max))"
        let path = parent + "/" + name
        guard CacheFileSystem.makeDirectory(parent) else {
            throw storeError("cannot create \(parent): \(errnoText())", photo)
        }
        if let code = TemporaryFolders.shared.make(path) {
            throw storeError("cannot create \(path): \(errnoText(code))", photo)
        }
        return path
    }

    func storeError(_ detail: String, _ photo: String) -> CacheError {
        CacheError(.io(operation: "store the derivatives", detail: detail), file: photo)
    }
}
