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
    static func prepare(_ directory: URL, display: String) throws(CacheError) {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw CacheError(.notAFolder, file: display) }
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? ["?"]
            let tag = FileManager.default.contents(atPath: directory.appendingPathComponent(tagFileName).path)
            let ours =
                tag.map { String(decoding: $0, as: UTF8.self).contains("created by galleryc") } ?? false
            if !entries.isEmpty && !ours { throw CacheError(.notAGallerycCache, file: display) }
        }
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let tag = directory.appendingPathComponent(tagFileName)
            if !FileManager.default.fileExists(atPath: tag.path) {
                try Data(tagText.utf8).write(to: tag, options: .atomic)
            }
        } catch {
            throw CacheError(
                .io(operation: "create the cache folder", detail: (error as NSError).localizedDescription),
                file: display, underlying: error)
        }
    }
}
