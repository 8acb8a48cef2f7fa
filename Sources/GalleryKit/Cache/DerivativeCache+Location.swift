import Foundation

extension DerivativeCache {
    static let tagFileName = "CACHEDIR.TAG"
    static let tagText = """
        Signature: 8a477f597d28d172789f06886806bc55
        # This file is a cache directory tag created by galleryc (image derivatives).
        # It is safe to delete this whole folder; the next build fills it again.

        """

    /// Applies the output folder's rules to the cache folder and returns it resolved.
    static func checkLocation(
        _ directory: URL, contentDirectory: URL, outputDirectory: URL?
    ) throws(CacheError) -> URL {
        let cache = ResolvedPath.resolve(directory)
        let content = ResolvedPath.resolve(contentDirectory)
        let display = directory.path
        if cache == content { throw CacheError(.cacheIsContent, file: display) }
        if ResolvedPath.isSameOrInside(cache, content) {
            throw CacheError(.cacheInsideContent, file: display)
        }
        if ResolvedPath.isSameOrInside(content, cache) {
            throw CacheError(.cacheContainsContent, file: display)
        }
        if let outputDirectory,
            ResolvedPath.isSameOrInside(cache, ResolvedPath.resolve(outputDirectory))
        {
            throw CacheError(.cacheInsideOutput, file: display)
        }
        return URL(fileURLWithPath: cache, isDirectory: true)
    }

    /// Creates the folder (and its tag) when missing. An existing folder must be empty or
    /// a galleryc cache (its tag says so): `--cache-dir` pointed at a folder of someone
    /// else's would otherwise get an `index.json` written over whatever was there.
    ///
    /// A new folder appears with its tag already inside: it is made under a temporary name
    /// beside the cache and renamed into place, so a second build starting at the same
    /// moment (two CI jobs on a fresh machine) never sees the folder without its tag and
    /// takes it for someone else's. When the other build wins the rename, its folder is used.
    static func prepare(_ directory: URL, display: String) throws(CacheError) {
        for _ in 0..<3 {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory) {
                guard isDirectory.boolValue else { throw CacheError(.notAFolder, file: display) }
                try adopt(directory, display: display)
                return
            }
            if try createTagged(directory, display: display) { return }
        }
        try adopt(directory, display: display)
    }

    /// Checks an existing folder is a galleryc cache, or empty (then tags it).
    private static func adopt(_ directory: URL, display: String) throws(CacheError) {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? ["?"]
        let tag = directory.appendingPathComponent(tagFileName)
        let ours =
            FileManager.default.contents(atPath: tag.path).map {
                String(decoding: $0, as: UTF8.self).contains("created by galleryc")
            } ?? false
        if ours { return }
        if !entries.isEmpty { throw CacheError(.notAGallerycCache, file: display) }
        do {
            try Data(tagText.utf8).write(to: tag, options: .atomic)
        } catch {
            throw ioError("create the cache folder", error, display: display)
        }
    }

    /// Makes the folder, tag inside, under a temporary name and renames it into place.
    /// Returns false when another process created the folder first.
    private static func createTagged(_ directory: URL, display: String) throws(CacheError) -> Bool {
        let parent = directory.deletingLastPathComponent()
        let temporary = parent.appendingPathComponent(
            ".\(directory.lastPathComponent).new-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        do {
            try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
            try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: false)
            try Data(tagText.utf8).write(to: temporary.appendingPathComponent(tagFileName))
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw ioError("create the cache folder", error, display: display)
        }
        // rename(2) fails with EEXIST or ENOTEMPTY when the other build's folder (tag inside)
        // got there first, and replaces an empty folder that appeared meanwhile: as good.
        if rename(temporary.path, directory.path) == 0 { return true }
        let failure = errno
        try? FileManager.default.removeItem(at: temporary)
        if failure == EEXIST || failure == ENOTEMPTY { return false }
        throw CacheError(
            .io(operation: "create the cache folder", detail: String(cString: strerror(failure))),
            file: display)
    }

    private static func ioError(_ operation: String, _ error: any Error, display: String) -> CacheError {
        CacheError(
            .io(operation: operation, detail: fileErrorText(error)),
            file: display, underlying: error)
    }
}
