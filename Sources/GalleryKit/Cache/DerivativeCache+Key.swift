import Foundation

/// The content address of one photo's derivatives: SHA-256 over its bytes, the settings'
/// ``ImageSettings/fingerprint`` (the same one the rendition folder names come from), slug,
/// sidecar focus and pipeline version.
struct CacheKey: Sendable, Hashable, CustomStringConvertible {
    /// 64 lowercase hex digits.
    let hex: String
    /// SHA-256 of the source file's bytes, as hex.
    let contentHash: String

    /// The key as hex.
    var description: String { hex }
}

extension DerivativeCache {
    /// The key for one photo, hashing its bytes only when the index's size, mtime or inode for
    /// its file no longer match.
    ///
    /// - Parameters:
    ///   - sourceURL: the photo file on disk (its stamp is what the index remembers).
    ///   - settings: the image settings of this build.
    ///   - photo: the photo as the content stage found it (slug and sidecar focus count).
    ///   - read: the file's bytes, called only when its hash is not known; the image stage
    ///     reads each source once and hands the same bytes to the decoder.
    /// - Returns: the key to ``lookup(_:)`` and ``store(_:of:renditionsIn:key:)`` with.
    /// - Throws: what `read` throws.
    func key<Failure: Error>(
        for sourceURL: URL, settings: ImageSettings, photo: PhotoSource,
        read: () throws(Failure) -> [UInt8]
    ) throws(Failure) -> CacheKey {
        let contentHash = try contentHash(of: sourceURL, read: read)
        let text = Self.canonicalDescription(
            contentHash: contentHash,
            settingsFingerprint: settingsFingerprint(settings) + settings.rawSuffix(for: photo.fileName)
                + ImageSettings.formatRevision(for: photo.fileName),
            photo: photo, pipelineVersion: pipelineVersion)
        return CacheKey(hex: SHA256.hex(text), contentHash: contentHash)
    }

    /// `settings.fingerprint`, worked out once per set of settings rather than once per photo.
    private func settingsFingerprint(_ settings: ImageSettings) -> String {
        if let known = state.withLock({ $0.settingsFingerprint }), known.settings == settings {
            return known.text
        }
        let text = settings.fingerprint
        state.withLock { $0.settingsFingerprint = (settings, text) }
        return text
    }

    /// Seconds a file must be unmodified before its stamp is trusted by the next build.
    static let settleTime: TimeInterval = 3

    /// The text hashed into a key: one `name=value` line per input, in a fixed order. The
    /// settings are their fingerprint, so a setting can never be in the key and not in the
    /// rendition hash, or the other way round.
    static func canonicalDescription(
        contentHash: String, settings: ImageSettings, photo: PhotoSource, pipelineVersion: String
    ) -> String {
        canonicalDescription(
            contentHash: contentHash, settingsFingerprint: settings.fingerprint, photo: photo,
            pipelineVersion: pipelineVersion)
    }

    /// ``canonicalDescription(contentHash:settings:photo:pipelineVersion:)`` with the settings'
    /// fingerprint already worked out.
    static func canonicalDescription(
        contentHash: String, settingsFingerprint: String, photo: PhotoSource, pipelineVersion: String
    ) -> String {
        [
            "galleryc-derivatives 2",
            "pipeline=\(pipelineVersion.utf8.count):\(pipelineVersion)",
            "source=\(contentHash)",
            "settings=\(settingsFingerprint)",
            "slug=\(photo.slug.utf8.count):\(photo.slug)",
            "focus=\(focusText(photo.focus))",
        ].joined(separator: "\n")
    }

    /// A sidecar's focal point as a key holds it (exact bits), or `auto`.
    static func focusText(_ focus: FocalPoint?) -> String {
        focus.map { "\($0.x.bitPattern) \($0.y.bitPattern)" } ?? "auto"
    }

    /// The source's content hash: from the index when its stamp is unchanged, else of `read()`.
    func contentHash<Failure: Error>(of sourceURL: URL, read: () throws(Failure) -> [UInt8]) throws(Failure)
        -> String
    {
        try contentHash(of: sourceURL, digest: { () throws(Failure) in SHA256.hex(try read()) })
    }

    /// The source's content hash: from the index when its stamp is unchanged, else `digest()`
    /// (SHA-256 of the file as hex; a video's is streamed rather than read whole).
    func contentHash<Failure: Error>(of sourceURL: URL, digest: () throws(Failure) -> String) throws(Failure)
        -> String
    {
        let path = standardPath(sourceURL)
        let before = CacheFileSystem.stamp(path)
        let known: String? = state.withLock { state in
            state.seenFiles.insert(path)
            guard let before, let record = state.index.files[path], record.stamp == before else { return nil }
            return record.hash
        }
        if let known { return known }
        let hash = try digest()
        let after = CacheFileSystem.stamp(path)
        state.withLock { state in
            state.statistics.filesHashed += 1
            // A file that changed while it was read is hashed again next time, and so is one
            // modified in the last few seconds: on file systems with coarse timestamps it could
            // change again without its stamp changing (git's "racily clean" problem).
            let settled = Date().timeIntervalSince1970 - Self.settleTime
            if let before, after == before, Double(before.modifiedNanoseconds) / 1e9 < settled {
                state.index.files[path] = CacheIndex.FileRecord(stamp: before, hash: hash, lastBuild: 0)
            } else {
                state.index.files[path] = nil
            }
        }
        return hash
    }
}
