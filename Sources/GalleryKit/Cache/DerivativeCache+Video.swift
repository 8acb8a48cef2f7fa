import Foundation

/// Video entries, beside the photo entries and pruned with them: `<cache>/<key[0..2]>/<key>/`
/// holds `video.json` (the clip's ``VideoDerivatives``), the published files (named by the
/// last component of their site path) and `poster.png`, the poster frame the image stage reads
/// (its renditions are an ordinary photo entry, keyed by the poster's bytes). Written, read and
/// restored by the same code as photo entries (``CacheRecord``).
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
        guard let video = lookupEntry(key, as: VideoDerivatives.self),
            restoreEntry(video, key: key, into: siteRoot)
        else { return nil }
        return (video, posterURL(key))
    }

    /// Keeps a freshly made clip under `key`: its published files (read from `siteRoot`,
    /// where the video stage put them) and its poster, as ``storeEntry(_:key:of:filesIn:keeping:)``
    /// keeps every entry.
    /// - Returns: the poster's place in the entry.
    /// - Throws: ``CacheError`` (a warning: the site is fine, only the cache missed out).
    @discardableResult
    func storeVideo(
        _ video: VideoDerivatives, poster: URL, of sourcePath: String, filesIn siteRoot: URL, key: CacheKey
    ) throws(CacheError) -> URL {
        try storeEntry(video, key: key, of: sourcePath, filesIn: siteRoot, keeping: [poster])
        return posterURL(key)
    }

    private func posterURL(_ key: CacheKey) -> URL {
        URL(fileURLWithPath: entryPath(for: key) + "/" + Self.posterFileName)
    }
}
