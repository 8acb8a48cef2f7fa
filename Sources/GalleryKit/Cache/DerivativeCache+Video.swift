import Foundation

/// Video entries, beside the photo entries and pruned with them: `<cache>/<key[0..2]>/<key>/`
/// holds `video.json` (the clip's ``VideoDerivatives``), the published files (named by the
/// last component of their site path) and `poster.png`, the poster frame the image stage reads
/// (its renditions are an ordinary photo entry, keyed by the poster's bytes).
extension DerivativeCache {
    static let videoRecordFileName = "video.json"
    static let posterFileName = "poster.png"

    /// The key of one clip: its bytes, the video settings' fingerprint, its slug, its `poster:`
    /// time and the video stage's version. The image settings are not in it: they shape the
    /// poster's renditions, which the photo entry of the poster keys.
    func videoKey(contentHash: String, settings: VideoSettings, video: PhotoSource, version: String)
        -> CacheKey
    {
        let poster = video.posterTime.map { "\($0.bitPattern)" } ?? "first-not-black"
        let text = [
            "galleryc-video 1",
            "pipeline=\(version.utf8.count):\(version)",
            "source=\(contentHash)",
            "settings=\(settings.fingerprint)",
            "slug=\(video.slug.utf8.count):\(video.slug)",
            "poster=\(poster)",
        ].joined(separator: "\n")
        return CacheKey(hex: SHA256.hex(text), contentHash: contentHash)
    }

    /// The cached clip for `key` with its files linked into `siteRoot`, and where its poster
    /// is; nil on a miss (a missing, damaged or incomplete entry), and then nothing was placed.
    func restoredVideo(_ key: CacheKey, into siteRoot: URL) -> (video: VideoDerivatives, poster: URL)? {
        let entry = entryPath(for: key)
        guard let data = FileManager.default.contents(atPath: entry + "/" + Self.videoRecordFileName),
            let file = try? JSONDecoder().decode(VideoEntryFile.self, from: data),
            file.schema == VideoEntryFile.currentSchema, file.key == key.hex,
            let names = file.video.entryFileNames,
            CacheFileSystem.stamp(entry + "/" + Self.posterFileName) != nil
        else {
            state.withLock { $0.statistics.misses += 1 }
            return nil
        }
        var placed: [String] = []
        for (published, name) in zip(file.video.files, names) {
            let destination = siteRoot.path + "/" + published.path
            let folder = (destination as NSString).deletingLastPathComponent
            guard CacheFileSystem.stamp(entry + "/" + name)?.size == Int64(published.byteCount),
                CacheFileSystem.makeDirectory(folder)
            else {
                placed.forEach(CacheFileSystem.unlinkFile)
                state.withLock { $0.statistics.misses += 1 }
                return nil
            }
            switch CacheFileSystem.linkOrCopy(entry + "/" + name, to: destination) {
            case .created: placed.append(destination)
            case .alreadyThere: break
            case .failed:
                placed.forEach(CacheFileSystem.unlinkFile)
                state.withLock { $0.statistics.misses += 1 }
                return nil
            }
        }
        state.withLock { state in
            state.statistics.hits += 1
            state.usedEntries.insert(key.hex)
        }
        return (file.video, URL(fileURLWithPath: entry + "/" + Self.posterFileName))
    }

    /// Keeps a freshly made clip under `key`: its published files (read from `siteRoot`,
    /// where the video stage put them) and its poster. Assembled in `<cache>/tmp/` and renamed
    /// into place, as photo entries are.
    /// - Returns: the poster's place in the entry.
    /// - Throws: ``CacheError`` (a warning: the site is fine, only the cache missed out).
    @discardableResult
    func storeVideo(
        _ video: VideoDerivatives, poster: URL, of sourcePath: String, filesIn siteRoot: URL, key: CacheKey
    ) throws(CacheError) -> URL {
        guard let names = video.entryFileNames else {
            throw storeError("video paths are unsafe or share a file name", sourcePath)
        }
        let temporary = try makeTemporaryFolder(sourcePath)
        var published = false
        defer { if !published { try? FileManager.default.removeItem(atPath: temporary) } }
        for (file, name) in zip(video.files, names) {
            let source = siteRoot.path + "/" + file.path
            guard CacheFileSystem.stamp(source)?.size == Int64(file.byteCount),
                CacheFileSystem.linkOrCopy(source, to: temporary + "/" + name) == .created
            else { throw storeError("cannot link \(file.path): \(errnoText())", sourcePath) }
        }
        guard CacheFileSystem.linkOrCopy(poster.path, to: temporary + "/" + Self.posterFileName) == .created
        else {
            throw storeError("cannot keep the poster: \(errnoText())", sourcePath)
        }
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            let file = VideoEntryFile(schema: VideoEntryFile.currentSchema, key: key.hex, video: video)
            try encoder.encode(file).write(
                to: URL(fileURLWithPath: temporary + "/" + Self.videoRecordFileName))
        } catch {
            throw storeError(
                "cannot write the record: \((error as NSError).localizedDescription)", sourcePath)
        }
        try publish(temporary, as: key, sourcePath, recordFileName: Self.videoRecordFileName)
        published = true
        state.withLock { state in
            state.statistics.stores += 1
            state.usedEntries.insert(key.hex)
            state.index.entries[key.hex]?.scannedClean = nil
        }
        return URL(fileURLWithPath: entryPath(for: key) + "/" + Self.posterFileName)
    }
}

extension VideoDerivatives {
    /// Each file's name inside a cache entry (its last path component), or nil when a path is
    /// unsafe or two files share a name.
    var entryFileNames: [String]? {
        var names: [String] = []
        for file in files {
            let parts = file.path.split(separator: "/", omittingEmptySubsequences: false)
            guard !file.path.hasPrefix("/"),
                parts.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." && !$0.contains("\0") }),
                let last = parts.last.map(String.init),
                ![DerivativeCache.videoRecordFileName, DerivativeCache.posterFileName].contains(last),
                !names.contains(last)
            else { return nil }
            names.append(last)
        }
        return names
    }
}

/// The contents of `video.json`.
struct VideoEntryFile: Codable {
    static let currentSchema = 1
    var schema: Int
    var key: String
    var video: VideoDerivatives
}
