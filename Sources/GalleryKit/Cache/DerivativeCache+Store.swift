import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension DerivativeCache {
    static let temporaryFolderName = "tmp"

    /// Saves a freshly processed photo's derivatives under `key`: its renditions (read from
    /// `siteRoot`, where the image stage wrote them; hard-linked, or copied across file
    /// systems) and its record. `sourcePath` names the photo in messages.
    /// The entry is assembled in `<cache>/tmp/` and renamed into place, so a crash leaves no
    /// half entry. When another worker stored the same key first, that entry stays. A damaged
    /// entry under the key is replaced.
    /// - Throws: ``CacheError`` (a warning: the site is fine, only the cache missed out) when a
    ///   rendition is missing or not the recorded size, or a write fails.
    func store(
        _ record: PhotoDerivatives, of sourcePath: String, renditionsIn siteRoot: URL, key: CacheKey
    ) throws(CacheError) {
        let photo = sourcePath
        guard let names = record.entryFileNames else {
            throw storeError("rendition paths are unsafe or share a file name", photo)
        }
        let temporary = try makeTemporaryFolder(photo)
        var published = false
        defer { if !published { try? FileManager.default.removeItem(atPath: temporary) } }
        for (rendition, name) in zip(record.publishedFiles, names) {
            let source = siteRoot.path + "/" + rendition.path
            guard CacheFileSystem.stamp(source)?.size == Int64(rendition.byteCount) else {
                throw storeError("\(rendition.path) is missing or not \(rendition.byteCount) bytes", photo)
            }
            guard CacheFileSystem.linkOrCopy(source, to: temporary + "/" + name) == .created else {
                throw storeError("cannot link \(rendition.path): \(errnoText())", photo)
            }
        }
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            let file = CacheEntryFile(schema: CacheEntryFile.currentSchema, key: key.hex, photo: record)
            try encoder.encode(file).write(to: URL(fileURLWithPath: temporary + "/" + Self.recordFileName))
        } catch {
            throw storeError("cannot write the record: \(fileErrorText(error))", photo)
        }
        try publish(temporary, as: key, photo)
        published = true
        state.withLock { state in
            state.statistics.stores += 1
            state.usedEntries.insert(key.hex)
            // New renditions under this key: scanned by this build, not by an earlier one.
            state.index.entries[key.hex]?.scannedClean = nil
            state.records[key.hex] = nil
        }
    }

    /// Renames the finished `temporary` folder to the entry's folder.
    /// `recordFileName` tells a complete entry of the kind being stored (`photo.json`, `video.json`).
    func publish(
        _ temporary: String, as key: CacheKey, _ photo: String, recordFileName: String = recordFileName
    ) throws(CacheError) {
        let entry = entryDirectory(for: key)
        guard CacheFileSystem.makeDirectory(entry.deletingLastPathComponent().path) else {
            throw storeError("cannot create \(entry.deletingLastPathComponent().path)", photo)
        }
        guard let code = CacheFileSystem.renameItem(temporary, to: entry.path) else { return }
        guard code == EEXIST || code == ENOTEMPTY else {
            throw storeError("cannot publish the entry: \(errnoText(code))", photo)
        }
        let complete =
            recordFileName == Self.recordFileName
            ? validRecord(for: key) != nil
            : FileManager.default.fileExists(atPath: entry.path + "/" + recordFileName)
        if complete {
            // Another worker or process stored the same derivatives first: keep theirs.
            try? FileManager.default.removeItem(atPath: temporary)
            return
        }
        let aside = temporary + "-damaged"
        _ = CacheFileSystem.renameItem(entry.path, to: aside)
        try? FileManager.default.removeItem(atPath: aside)
        if let code = CacheFileSystem.renameItem(temporary, to: entry.path) {
            throw storeError("cannot replace a damaged entry: \(errnoText(code))", photo)
        }
    }

    /// A new, empty folder under `<cache>/tmp/` named after this process.
    func makeTemporaryFolder(_ photo: String) throws(CacheError) -> String {
        let parent = directory.appendingPathComponent(Self.temporaryFolderName).path
        let name = "\(CacheFileSystem.processID)-\(UInt64.random(in: 0...UInt64.max))"
        let path = parent + "/" + name
        guard CacheFileSystem.makeDirectory(parent), CacheFileSystem.makeDirectory(path) else {
            throw storeError("cannot create \(path): \(errnoText())", photo)
        }
        return path
    }

    func storeError(_ detail: String, _ photo: String) -> CacheError {
        CacheError(.io(operation: "store the derivatives", detail: detail), file: photo)
    }
}
