import Foundation

/// Stage 2's fan-out: runs the image pipeline over every photo on the build's ``WorkerPool``.
///
/// At most `--jobs` photos are in flight, so peak memory is bounded by that many decoded
/// photos, whatever the number of photos; each photo's encodes go to the same pool. Each photo
/// returns its values, and the stage assembles them in the photos' order, so the result does
/// not depend on finishing order.
///
/// Each source file is read at most once (``PhotoFile``), and only when something needs its
/// bytes: the cache key when the index does not know the file, the pipeline on a cache miss,
/// the GPS reader when the cache does not remember the source's coordinates.
struct ImageStage: Sendable {
    var pipeline: ImagePipeline
    /// Renditions of earlier builds; nil builds without one.
    var cache: DerivativeCache?
    /// Where renditions restored from the cache are linked to (the staging folder).
    var siteRoot: URL
    /// Runs after the pipeline on each photo, in the same worker (placeholder, focal point).
    var finish: @Sendable (ImageResult, PhotoSource) -> PhotoDerivatives
    /// Receives the summed worker time of keying, restoring, processing and GPS reading.
    var phases = PhaseClock()
    /// The poster frame of each video clip, by the clip's source path: read instead of the
    /// clip, which it stands for (messages still name the clip).
    var posters: [String: URL] = [:]
    /// What the recycled staging folder holds as its manifest says: a photo whose renditions
    /// are all there, made from its cache entry, is neither linked nor checked again.
    var trusted: TrustedSite?

    /// What the stage made: derivatives keyed by source path, and the GPS coordinates found in
    /// the sources (only to check, after the build, that none was published).
    struct Output: Sendable {
        var derivatives: [String: PhotoDerivatives]
        var sourceCoordinates: [GPSCoordinate]
        /// How many of `derivatives` came from the cache.
        var cachedCount: Int
        /// The cache entries behind each published path (restored or stored): which of them an
        /// earlier build scanned clean, and what a file the leak check refuses takes with it.
        var cacheKeys: [String: [CacheKey]] = [:]
        /// Each photo's cache entry, by source path: what identifies its derivatives.
        var derivativeKeys: [String: String] = [:]

        /// Takes in what the video stage made for items of this output: each movie into
        /// `field` of its item's derivatives, its locations, the cache entries behind its files,
        /// and its cache entry after the item's own (`marker` first): what made the movie is
        /// part of what made the item's page. Movies of items not here (they failed) are left out.
        mutating func take(
            _ movies: VideoStage.Output, into field: WritableKeyPath<PhotoDerivatives, VideoDerivatives?>,
            marker: String
        ) {
            for (path, movie) in movies.videos where derivatives[path] != nil {
                derivatives[path]?[keyPath: field] = movie
            }
            sourceCoordinates += movies.sourceCoordinates
            cacheKeys.merge(movies.cacheKeys, uniquingKeysWith: +)
            for (path, key) in movies.derivativeKeys where derivativeKeys[path] != nil {
                derivativeKeys[path, default: ""] += marker + key
            }
        }
    }

    /// Processes `photos` on the pipeline's workers; failures become diagnostics and the photo
    /// is left out. A cancelled build starts no further photo and gets an empty output (the
    /// build then stops).
    func run(
        _ photos: [PhotoSource], contentDirectory: URL, diagnostics: DiagnosticCollector,
        progress: @escaping @Sendable (BuildProgress) -> Void
    ) async -> Output {
        var output = Output(derivatives: [:], sourceCoordinates: [], cachedCount: 0)
        let photoCount = photos.count { !$0.isVideo }
        cache?.reserve(photos: photos.count)
        let done = Locked(0)
        let stage = self
        let outcomes: [Outcome]
        do {
            outcomes = try await pipeline.workers.map(photos.count) { index in
                let outcome = stage.work(
                    photos[index], contentDirectory: contentDirectory, diagnostics: diagnostics)
                // A clip's poster is work here, but progress counts photos, as the summary does.
                if !photos[index].isVideo {
                    let count = done.withLock { count in
                        count += 1
                        return count
                    }
                    progress(BuildProgress(photosDone: count, photosTotal: photoCount))
                }
                return outcome
            }
        } catch {
            return output
        }
        // Grown once: at 50,000 photos, doubling these four times over cost a tenth of a second.
        output.derivatives.reserveCapacity(photos.count)
        output.derivativeKeys.reserveCapacity(photos.count)
        output.cacheKeys.reserveCapacity(
            outcomes.reduce(0) { $0 + ($1.entry == nil ? 0 : $1.derivatives?.publishedFiles.count ?? 0) })
        for (photo, outcome) in zip(photos, outcomes) {
            output.sourceCoordinates += outcome.coordinates
            guard let derivatives = outcome.derivatives else { continue }
            output.derivatives[photo.sourcePath] = derivatives
            if let key = outcome.key { output.derivativeKeys[photo.sourcePath] = key.hex }
            if outcome.fromCache { output.cachedCount += 1 }
            if let key = outcome.entry {
                for file in derivatives.publishedFiles {
                    output.cacheKeys[file.path, default: []].append(key)
                }
            }
        }
        output.sourceCoordinates.sort { $0.source < $1.source }
        return output
    }

    /// One photo, start to end, in one worker.
    private func work(_ photo: PhotoSource, contentDirectory: URL, diagnostics: DiagnosticCollector)
        -> Outcome
    {
        let file = SourceFile(
            url: posters[photo.sourcePath] ?? contentDirectory.appendingPathComponent(photo.sourcePath),
            displayPath: photo.sourcePath)
        var outcome = process(photo, file: file, diagnostics: diagnostics)
        outcome.coordinates = sourceCoordinates(of: photo, file: file, key: outcome.key)
        return outcome
    }
}

extension ImageStage {
    /// What became of one photo: nil derivatives when it failed (the reason is in the
    /// diagnostics), its cache key, whether it came from the cache, the cache entry its
    /// published files are in (restored or stored; nil when there is none), and the GPS
    /// positions its source holds.
    fileprivate struct Outcome: Sendable {
        var derivatives: PhotoDerivatives?
        var key: CacheKey?
        var fromCache: Bool
        var entry: CacheKey?
        var coordinates: [GPSCoordinate] = []
    }

    /// One photo: restored from the cache when an entry for its bytes and settings exists,
    /// otherwise processed and stored for the next build.
    private func process(_ photo: PhotoSource, file: SourceFile, diagnostics: DiagnosticCollector) -> Outcome
    {
        var key: CacheKey?
        if let cache {
            // An unreadable file has no key; the pipeline below reports why, once.
            key = try? phases.measure(.cacheKey) {
                try cache.key(for: file.url, settings: pipeline.settings, photo: photo, read: file.bytes)
            }
            if let key, let trusted,
                let kept = phases.measure(
                    .cacheRestore, { cache.inPlace(key, holds: { trusted.holds($0, madeBy: key.hex) }) })
            {
                return Outcome(derivatives: kept, key: key, fromCache: true, entry: key)
            }
            if let key, let restored = phases.measure(.cacheRestore, { cache.restored(key, into: siteRoot) })
            {
                return Outcome(derivatives: restored, key: key, fromCache: true, entry: key)
            }
        }
        let derivatives: PhotoDerivatives
        do {
            let start = phases.now
            defer { phases.add(.process, phases.now - start) }
            let result = try pipeline.process(photo, bytes: file.bytes(), sourceDigest: key?.contentHash)
            derivatives = finish(result, photo)
        } catch {
            diagnostics.emit(error)
            return Outcome(derivatives: nil, key: key, fromCache: false)
        }
        var entry: CacheKey?
        if let cache, let key {
            do {
                let start = phases.now
                defer { phases.add(.cacheStore, phases.now - start) }
                try cache.store(derivatives, of: photo.sourcePath, renditionsIn: siteRoot, key: key)
                entry = key
            } catch {
                diagnostics.emit(error)
            }
        }
        return Outcome(derivatives: derivatives, key: key, fromCache: false, entry: entry)
    }

    /// The source's GPS coordinates: remembered by the cache for these bytes, else read from
    /// the bytes (already in memory when the photo was processed or hashed). New ones are
    /// remembered for the next build. An unreadable file has none (the pipeline reported it).
    private func sourceCoordinates(of photo: PhotoSource, file: SourceFile, key: CacheKey?) -> [GPSCoordinate]
    {
        if !file.isRead, let cache, let key,
            let known = cache.sourceCoordinates(contentHash: key.contentHash, sourcePath: photo.sourcePath)
        {
            return known
        }
        let read = phases.measure(.sourceGPSRead) {
            (try? file.bytes()).map { GPSCoordinates.read(fromImage: $0, source: photo.sourcePath) } ?? []
        }
        if let cache, let key { cache.recordSourceCoordinates(read, contentHash: key.contentHash) }
        return read
    }
}

/// One source file, read at most once, on first use; its bytes (or why it could not be read)
/// go to every reader that asks. Used by one worker only.
private final class SourceFile {
    let url: URL
    let displayPath: String
    private var outcome: Result<[UInt8], ImageError>?

    init(url: URL, displayPath: String) {
        self.url = url
        self.displayPath = displayPath
    }

    /// True once the file was read (or failed to be).
    var isRead: Bool { outcome != nil }

    func bytes() throws(ImageError) -> [UInt8] {
        let result =
            outcome
            ?? Result { () throws(ImageError) -> [UInt8] in try PhotoFile.read(url, displayPath: displayPath)
            }
        outcome = result
        return try result.get()
    }
}
