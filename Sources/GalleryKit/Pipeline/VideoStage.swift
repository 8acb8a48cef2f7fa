import Foundation

/// The video stage: every clip of the site transcoded (or restored from the cache), with its
/// poster frame ready for the image stage, which then treats the clip as a photo.
///
/// Two passes over the clips, each on the build's ``WorkerPool`` (at most `--jobs` at once):
/// first each clip's key (its bytes, streamed through SHA-256 unless the cache index knows its
/// stamp), a cache lookup and, on a miss, ffprobe and a check that the file is not cut short;
/// then the clips that missed are transcoded, one ffmpeg per worker, each decoding and
/// filtering with its share of `--jobs` as threads (its encoder has a fixed two, for the same
/// bytes on every machine: ``VideoCommands/encoderThreads``), so that the clips together fill
/// `--jobs` cores rather than each taking them all. Each clip returns what it made and the
/// stage assembles it in the clips' order. Progress is the seconds of video done against
/// the seconds to do. On cancellation every ffmpeg is stopped (``ProcessCancellation``) and its
/// work folder removed: no partial file reaches the cache or the site.
struct VideoStage: Sendable {
    /// Bump when the published files would come out different for the same input and
    /// settings: part of the video cache key and of the `_video/<hash>/` folder name.
    static let version = "galleryc-video-2"

    var settings: VideoSettings
    /// The build's workers: one clip each at a time, `workers.workers` of them sharing the
    /// cores ffmpeg may fill.
    var workers: WorkerPool
    var cache: DerivativeCache?
    /// Where the published files go (the staging folder).
    var siteRoot: URL
    /// The `PATH` ffmpeg and ffprobe are looked up in.
    var environment: [String: String] = ProcessInfo.processInfo.environment

    /// What the stage made.
    struct Output: Sendable {
        /// Each published clip, by source path.
        var videos: [String: VideoDerivatives] = [:]
        /// Each published clip's poster frame (a PNG the image stage reads), by source path.
        var posters: [String: URL] = [:]
        /// Locations the sources hold: no published file may spell them out.
        var sourceCoordinates: [GPSCoordinate] = []
        /// How many clips came from the cache.
        var cachedCount = 0
        /// The cache entries behind each published file (restored or stored; two clips with
        /// the same bytes and name but other settings publish the same path).
        var cacheKeys: [String: [CacheKey]] = [:]
        /// Work folders that hold posters (no cache): removed once the build is over.
        var scratch: [URL] = []
        /// Each clip's cache entry, by source path: what identifies its video files.
        var derivativeKeys: [String: String] = [:]

        /// Removes the work folders; call when the image stage has read the posters.
        func removeScratch() {
            for folder in scratch { TemporaryFolders.shared.remove(folder.path) }
        }

        /// Takes in one published clip: its files, its poster, the cache entry behind them.
        mutating func add(_ clip: String, _ made: Made) {
            videos[clip] = made.video
            posters[clip] = made.poster
            if let scratch = made.scratch { self.scratch.append(scratch) }
            if let key = made.entry {
                for file in made.video.files { cacheKeys[file.path, default: []].append(key) }
                derivativeKeys[clip] = key.hex
            }
        }
    }

    /// One movie to publish: an album's clip, or the motion of a Live Photo or Motion Photo.
    struct Job: Sendable {
        /// The album item it is published for: its slug names the files and its source path
        /// keys ``Output``.
        var item: PhotoSource
        /// The file that holds the movie, relative to the content folder.
        var file: String
        /// Where the movie is in `file` (a Motion Photo's, after the still); nil: all of it.
        var range: Range<Int64>?

        init(item: PhotoSource, file: String, range: Range<Int64>? = nil) {
            self.item = item
            self.file = file
            self.range = range
        }

        /// A clip of an album: its own file.
        init(clip: PhotoSource) { self.init(item: clip, file: clip.sourcePath) }
    }

    /// One clip published: restored from the cache or transcoded.
    struct Made: Sendable {
        var video: VideoDerivatives
        var poster: URL
        /// The cache entry its files are in (nil when it could not be kept).
        var entry: CacheKey?
        /// Its work folder, when it holds the poster (no cache).
        var scratch: URL?
    }

    /// One clip on its way: what the first pass learned.
    private struct Pending: Sendable {
        var key: CacheKey?
        var contentHash: String
        var probe: VideoProbe
    }

    /// What the first pass found for one clip: its locations, and then either the clip
    /// restored from the cache or what transcoding it needs (neither when it failed).
    private struct Prepared: Sendable {
        var coordinates: [GPSCoordinate] = []
        var restored: Made?
        var pending: Pending?
    }

    /// Transcodes or restores `clips`; failures become diagnostics and the clip is left out.
    func run(
        _ clips: [Job], contentDirectory: URL, diagnostics: DiagnosticCollector,
        progress: @escaping @Sendable (BuildProgress) -> Void
    ) async -> Output {
        guard !clips.isEmpty else { return Output() }
        let cancellation = ProcessCancellation()
        var output = Output()
        let tools = FFmpegTools.locate(environment: environment)
        let stage = self
        await withTaskCancellationHandler {
            let prepared = try? await workers.map(clips.count) { index in
                let clip = clips[index]
                var found = Prepared()
                do throws(VideoStageFailure) {
                    try stage.prepare(
                        clip, url: contentDirectory.appendingPathComponent(clip.file), tools: tools,
                        cancellation: cancellation, into: &found)
                } catch {
                    if case .failed(let problem) = error { diagnostics.emit(problem) }
                }
                return found
            }
            guard let prepared else { return }
            for (clip, found) in zip(clips, prepared) {
                output.sourceCoordinates += found.coordinates
                if let restored = found.restored {
                    output.add(clip.item.sourcePath, restored)
                    output.cachedCount += 1
                }
            }
            let work = zip(clips, prepared).compactMap { clip, found in
                found.pending.map { (clip: clip, item: $0) }
            }
            guard !work.isEmpty, case .success(let found) = tools else { return }
            let total = work.reduce(0) { $0 + $1.item.probe.duration } * Double(settings.formats.count)
            let done = Locked([Double](repeating: 0, count: work.count))
            let transcoder = VideoTranscoder(
                settings: settings, tools: found,
                threads: Self.threads(jobs: workers.workers, clips: work.count),
                cancellation: cancellation)
            progress(BuildProgress(videoSecondsDone: 0, videoSecondsTotal: total))
            let made = try? await workers.map(work.count) { slot -> Made? in
                let report = { (seconds: Double) in
                    let sum = done.withLock { done in
                        done[slot] = max(done[slot], seconds)
                        return done.reduce(0, +)
                    }
                    progress(BuildProgress(videoSecondsDone: sum, videoSecondsTotal: total))
                }
                do throws(VideoStageFailure) {
                    return try stage.transcode(
                        work[slot].clip, work[slot].item, transcoder: transcoder,
                        contentDirectory: contentDirectory, diagnostics: diagnostics, progress: report)
                } catch {
                    if case .failed(let problem) = error { diagnostics.emit(problem) }
                    return nil
                }
            }
            for (item, clip) in zip(work, made ?? []) {
                if let clip { output.add(item.clip.item.sourcePath, clip) }
            }
        } onCancel: {
            cancellation.cancel()
        }
        output.sourceCoordinates.sort { $0.source < $1.source }
        return output
    }

    /// ffmpeg's decoder and filter threads for each of `clips` transcoding at once: their
    /// share of the `jobs` workers, at least one.
    static func threads(jobs: Int, clips: Int) -> Int {
        max(1, jobs / max(1, min(jobs, clips)))
    }

    /// The first pass for one clip: its locations, then the clip restored from the cache, or
    /// what transcoding it needs.
    private func prepare(
        _ job: Job, url: URL, tools located: Result<FFmpegTools, FFmpegTools.MissingTool>,
        cancellation: ProcessCancellation, into found: inout Prepared
    ) throws(VideoStageFailure) {
        let fail = { (reason: VideoProblem) in
            VideoStageFailure.failed(VideoError(reason, file: job.file))
        }
        func reading<T>(_ body: () throws(FileReadFailure) -> T) throws(VideoStageFailure) -> T {
            do throws(FileReadFailure) {
                return try body()
            } catch {
                switch error {
                case .notARegularFile: throw fail(.notARegularFile)
                case .unreadable(let why): throw fail(.unreadable(why))
                }
            }
        }
        let file = try reading { () throws(FileReadFailure) in try FileReader(path: url.path) }
        guard file.size > 0 else { throw fail(.emptyFile) }
        let metadata = try reading { () throws(FileReadFailure) in try MovieMetadata.read(file, in: job.range)
        }
        found.coordinates = metadata.coordinates(source: job.file)
        var contentHash = try reading { () throws(FileReadFailure) in
            let digest = { () throws(FileReadFailure) in try Self.digest(of: url.path) }
            if let cache { return try cache.contentHash(of: url, digest: digest) }
            return try digest()
        }
        if let range = job.range {
            // The movie's bytes are the file's at `range`: the file's hash and the range name them.
            contentHash = SHA256.hex("movie \(range.lowerBound)..<\(range.upperBound) of \(contentHash)")
        }
        let key = cache?.videoKey(
            contentHash: contentHash, settings: settings, video: job.item, version: Self.version)
        if let cache, let key, let restored = cache.restoredVideo(key, into: siteRoot) {
            found.restored = Made(video: restored.video, poster: restored.poster, entry: key)
            return
        }
        let tools: FFmpegTools
        switch located {
        case .success(let found): tools = found
        case .failure(let missing): throw fail(.ffmpegMissing(tool: missing.name))
        }
        if let why = try reading({ () throws(FileReadFailure) in
            try ContainerCheck.truncation(of: file, in: job.range)
        }) {
            throw fail(.truncated(why))
        }
        let probe = try VideoProbe.probe(
            MovieSource(path: url.path, range: job.range), displayPath: job.file, tools: tools,
            cancellation: cancellation)
        found.pending = Pending(key: key, contentHash: contentHash, probe: probe)
    }

    /// The second pass for one clip: transcoded in a work folder, moved into the site, kept in
    /// the cache. The work folder goes whatever happens, unless it holds the poster (no cache).
    private func transcode(
        _ job: Job, _ item: Pending, transcoder: VideoTranscoder, contentDirectory: URL,
        diagnostics: DiagnosticCollector, progress: (Double) -> Void
    ) throws(VideoStageFailure) -> Made {
        let clip = job.item
        let fail = { (reason: VideoProblem) in
            VideoStageFailure.failed(VideoError(reason, file: job.file))
        }
        let work = try makeWorkFolder(for: clip)
        var keepWork = false
        defer { if !keepWork { TemporaryFolders.shared.remove(work.path) } }
        let made = try transcoder.make(
            MovieSource(path: contentDirectory.appendingPathComponent(job.file).path, range: job.range),
            displayPath: job.file,
            slug: clip.slug, probe: item.probe, posterTime: clip.posterTime, work: work,
            diagnostics: diagnostics, progress: progress)
        let folder = "_video/" + folderHash(contentHash: item.contentHash)
        let destination = siteRoot.appendingPathComponent(folder)
        var files: [VideoFile] = []
        do {
            try FileManager.default.createDirectory(at: destination, withIntermediateDirectories: true)
            for file in made.files {
                let name = file.url.lastPathComponent
                let target = destination.appendingPathComponent(name)
                try? FileManager.default.removeItem(at: target)
                try FileManager.default.moveItem(at: file.url, to: target)
                files.append(
                    VideoFile(path: folder + "/" + name, format: file.format, byteCount: file.byteCount))
            }
        } catch {
            throw fail(.cannotWrite((error as NSError).localizedDescription))
        }
        let video = VideoDerivatives(
            duration: made.duration, width: made.width, height: made.height,
            hasAudio: item.probe.hasAudio && !settings.muted,
            transfer: item.probe.transfer, recorded: item.probe.recorded, files: files)
        var poster = made.poster
        var stored: CacheKey?
        if let cache, let key = item.key {
            do throws(CacheError) {
                poster = try cache.storeVideo(
                    video, poster: made.poster, of: clip.sourcePath, filesIn: siteRoot, key: key)
                stored = key
            } catch {
                diagnostics.emit(error)
                keepWork = true
            }
        } else {
            keepWork = true
        }
        return Made(video: video, poster: poster, entry: stored, scratch: keepWork ? work : nil)
    }

    /// A new folder for one clip's ffmpeg output: in the cache's `tmp/` (pruned if galleryc is
    /// killed), else in the system's temporary folder; recorded in ``TemporaryFolders`` either
    /// way, so that a second Ctrl-C removes it.
    private func makeWorkFolder(for clip: PhotoSource) throws(VideoStageFailure) -> URL {
        if let cache {
            do throws(CacheError) {
                return URL(fileURLWithPath: try cache.makeTemporaryFolder(clip.sourcePath), isDirectory: true)
            } catch {
                // The system's temporary folder then.
            }
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "galleryc-video-\(getpid())-\(UInt64.random(in: 0...UInt64.max))", isDirectory: true)
        if let code = TemporaryFolders.shared.make(folder.path) {
            throw .failed(VideoError(.cannotWrite(errnoText(code)), file: clip.sourcePath))
        }
        return folder
    }

    /// The `_video/<hash>/` folder name: the first 10 hex digits of SHA-256 over the source's
    /// hash, the stage version and the settings, so that new settings give new URLs (which
    /// browsers have not cached for ever).
    func folderHash(contentHash: String) -> String {
        String(SHA256.hex("source=\(contentHash)\n\(Self.version);\(settings.fingerprint)").prefix(10))
    }

    /// SHA-256 of the file at `path` as hex, streamed in 1 MiB blocks (a clip can be gigabytes).
    static func digest(of path: String) throws(FileReadFailure) -> String {
        let file = try FileReader(path: path)
        var hasher = SHA256()
        var remaining = file.size
        while remaining > 0 {
            let block = try file.read(count: Int(min(remaining, 1 << 20)))
            if block.isEmpty { break }
            hasher.update(block)
            remaining -= Int64(block.count)
        }
        return SHA256.hexString(hasher.finalize())
    }
}
