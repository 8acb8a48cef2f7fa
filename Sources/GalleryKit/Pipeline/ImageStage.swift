import Foundation
import Synchronization

/// Stage 2's fan-out: runs the image pipeline over every photo in `jobs` worker threads.
///
/// Plain threads rather than tasks: the work is long, blocking CPU work in C libraries, and a
/// fixed number of workers keeps peak memory bounded by `jobs` decoded photos, whatever the
/// number of photos. Workers take the next photo from a shared index and return values; the
/// caller gets them keyed by source path, so the result does not depend on finishing order.
struct ImageStage: Sendable {
    var pipeline: ImagePipeline
    var jobs: Int
    /// Renditions of earlier builds; nil builds without one.
    var cache: DerivativeCache?
    /// Where renditions restored from the cache are linked to (the staging folder).
    var siteRoot: URL
    /// Runs after the pipeline on each photo, in the same worker (placeholder, focal point).
    var finish: @Sendable (ImageResult) -> ProcessedPhoto
    /// Receives the summed worker time of keying, restoring, processing and GPS reading.
    var phases = PhaseClock()

    /// What the stage made: processed photos keyed by source path, and the GPS coordinates
    /// found in the sources (only to check, after the build, that none was published).
    struct Output: Sendable {
        var photos: [String: ProcessedPhoto]
        var sourceCoordinates: [GPSCoordinate]
        /// How many of `photos` came from the cache.
        var cachedCount: Int
        /// Rendition paths (site-relative) restored from cache entries that an earlier
        /// successful build already scanned for GPS; the leak check may skip them.
        var scannedCleanPaths: Set<String> = []
    }

    /// Processes `photos`; failures become diagnostics and the photo is left out.
    func run(
        _ photos: [PhotoSource], contentDirectory: URL, diagnostics: DiagnosticCollector,
        progress: @escaping @Sendable (BuildProgress) -> Void
    ) async -> Output {
        let total = photos.count
        guard total > 0 else { return Output(photos: [:], sourceCoordinates: [], cachedCount: 0) }
        let state = WorkQueue()
        let workerCount = min(jobs, total)
        let stage = self
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let group = DispatchGroup()
            for _ in 0..<workerCount {
                group.enter()
                let thread = Thread {
                    stage.work(
                        photos, state: state, contentDirectory: contentDirectory,
                        diagnostics: diagnostics, progress: progress)
                    group.leave()
                }
                // Large photos recurse deep in libjpeg's and our resize code; 8 MB like the
                // main thread rather than Foundation's 512 KB default for secondary threads.
                thread.stackSize = 8 << 20
                thread.start()
            }
            group.notify(queue: .global()) { continuation.resume() }
        }
        return state.lock.withLock { state in
            Output(
                photos: state.results,
                sourceCoordinates: state.coordinates.sorted { $0.source < $1.source },
                cachedCount: state.cached, scannedCleanPaths: state.cleanPaths)
        }
    }

    private func work(
        _ photos: [PhotoSource], state: WorkQueue, contentDirectory: URL,
        diagnostics: DiagnosticCollector, progress: @Sendable (BuildProgress) -> Void
    ) {
        while true {
            let next = state.lock.withLock { state -> Int? in
                guard state.next < photos.count else { return nil }
                defer { state.next += 1 }
                return state.next
            }
            guard let index = next else { return }
            let photo = photos[index]
            let outcome = process(photo, contentDirectory: contentDirectory, diagnostics: diagnostics)
            let (processed, key, fromCache) = (outcome.photo, outcome.key, outcome.fromCache)
            let coordinates = sourceCoordinates(
                of: photo, key: key, read: outcome.coordinates, contentDirectory: contentDirectory)
            let clean = fromCache && key.map { cache?.isScannedClean($0) == true } == true
            let done = state.lock.withLock { state in
                if let processed { state.results[photo.sourcePath] = processed }
                if fromCache { state.cached += 1 }
                if clean, let processed {
                    state.cleanPaths.formUnion(processed.publishedFiles.map(\.path))
                }
                state.coordinates += coordinates
                state.done += 1
                return state.done
            }
            progress(BuildProgress(photosDone: done, photosTotal: photos.count))
        }
    }
}

extension ImageStage {
    /// What became of one photo: nil when it failed (the reason is in the diagnostics), its
    /// cache key, whether it came from the cache, and the source's GPS coordinates when the
    /// pipeline read the file.
    private struct Outcome {
        var photo: ProcessedPhoto?
        var key: CacheKey?
        var fromCache: Bool
        var coordinates: [GPSCoordinate]?
    }

    /// One photo: restored from the cache when an entry for its bytes and settings exists,
    /// otherwise processed and stored for the next build.
    private func process(
        _ photo: PhotoSource, contentDirectory: URL, diagnostics: DiagnosticCollector
    ) -> Outcome {
        let sourceURL = contentDirectory.appendingPathComponent(photo.sourcePath)
        var key: CacheKey?
        if let cache {
            do {
                key = try phases.measure("cache key") {
                    try cache.key(for: sourceURL, settings: pipeline.settings, photo: photo)
                }
            } catch {
                // Unreadable: the pipeline reports it with the same file named.
            }
            if let key,
                let restored = phases.measure(
                    "cache restore",
                    {
                        cache.restoredPhoto(for: key, source: photo, into: siteRoot)
                    })
            {
                return Outcome(photo: restored, key: key, fromCache: true)
            }
        }
        let result: ImageResult
        let processed: ProcessedPhoto
        do {
            let start = phases.now
            defer { phases.add("process", phases.now - start) }
            result = try pipeline.process(
                photo, contentDirectory: contentDirectory, sourceDigest: key?.contentHash)
            processed = finish(result)
        } catch {
            diagnostics.emit(error)
            return Outcome(photo: nil, key: key, fromCache: false)
        }
        if let cache, let key {
            do {
                let start = phases.now
                defer { phases.add("cache store", phases.now - start) }
                try cache.store(processed, renditionsIn: siteRoot, key: key)
            } catch {
                diagnostics.emit(error)
            }
        }
        return Outcome(
            photo: processed, key: key, fromCache: false, coordinates: result.sourceCoordinates)
    }

    /// The source's GPS coordinates: those the pipeline just read, else remembered by the cache
    /// for these bytes, else read from the file (a photo that failed, or an old cache index).
    /// New ones are remembered for the next build.
    private func sourceCoordinates(
        of photo: PhotoSource, key: CacheKey?, read: [GPSCoordinate]?, contentDirectory: URL
    ) -> [GPSCoordinate] {
        if let read {
            if let cache, let key { cache.recordSourceCoordinates(read, contentHash: key.contentHash) }
            return read
        }
        if let cache, let key,
            let known = cache.sourceCoordinates(contentHash: key.contentHash, sourcePath: photo.sourcePath)
        {
            return known
        }
        let read = phases.measure("source gps read") { Self.gpsCoordinates(of: photo, in: contentDirectory) }
        if let cache, let key { cache.recordSourceCoordinates(read, contentHash: key.contentHash) }
        return read
    }

    /// The GPS coordinates in a source photo, read only so that the build can prove none of
    /// them reached a published file. An unreadable file has none (the pipeline reports it).
    static func gpsCoordinates(of photo: PhotoSource, in contentDirectory: URL) -> [GPSCoordinate] {
        let url = contentDirectory.appendingPathComponent(photo.sourcePath)
        guard let data = try? Data(contentsOf: url) else { return [] }
        return GPSCoordinates.read(fromImage: [UInt8](data), source: photo.sourcePath)
    }
}

/// What the workers share, behind a mutex (a class, so the threads can hold it).
private final class WorkQueue: Sendable {
    let lock = Mutex(WorkState())
}

private struct WorkState {
    var next = 0
    var done = 0
    var results: [String: ProcessedPhoto] = [:]
    var coordinates: [GPSCoordinate] = []
    var cached = 0
    var cleanPaths: Set<String> = []
}
