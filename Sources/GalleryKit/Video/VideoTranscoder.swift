import Foundation

/// Makes one clip's published files and its poster frame with ffmpeg, in a work folder the
/// caller owns (and removes): nothing is written where it would be published or cached until
/// every file is complete.
struct VideoTranscoder: Sendable {
    var settings: VideoSettings
    var tools: FFmpegTools
    /// ffmpeg's decoder and filter threads per command, so that the commands running at once
    /// share `--jobs` (the encoder's are fixed: ``VideoCommands/encoderThreads``).
    var threads: Int
    /// Stops ffmpeg when the build is cancelled.
    var cancellation: ProcessCancellation

    /// What one clip became, in the work folder.
    struct Made: Sendable {
        /// The published files, by format, in the work folder, with their byte counts.
        var files: [(format: VideoFormat, url: URL, byteCount: Int)]
        /// The poster frame (PNG), for the image pipeline.
        var poster: URL
        /// The published size, as ffprobe reads it back from the MP4.
        var width: Int
        var height: Int
        var duration: Double
    }

    /// Transcodes `source` to every format in `video.formats` and takes its poster.
    /// - Parameters:
    ///   - slug: the files' name (`<slug>.mp4`).
    ///   - progress: seconds of this clip done so far, summed over its formats, as ffmpeg goes.
    /// - Throws: ``VideoStageFailure``: a ``VideoError`` naming `displayPath` with ffmpeg's
    ///   words, or `.cancelled` (ffmpeg was stopped; the work folder holds partial files).
    func make(
        _ source: MovieSource, displayPath: String, slug: String, probe: VideoProbe, posterTime: Double?,
        work: URL, diagnostics: DiagnosticCollector,
        progress: (Double) -> Void
    ) throws(VideoStageFailure) -> Made {
        let commands = VideoCommands(settings: settings, probe: probe, threads: threads)
        var files: [(format: VideoFormat, url: URL, byteCount: Int)] = []
        var finished = 0.0
        for format in settings.formats {
            let destination = work.appendingPathComponent("\(slug).\(format.rawValue)")
            let arguments = commands.transcode(source.argument, to: format, destination: destination.path)
            try run(arguments, displayPath: displayPath, source: source, what: format.rawValue.uppercased()) {
                line in
                if line.hasPrefix("out_time_us="), let micros = Double(line.dropFirst(12)), micros >= 0 {
                    progress(finished + min(probe.duration, micros / 1e6))
                }
            }
            finished += probe.duration
            progress(finished)
            let size =
                (try? FileManager.default.attributesOfItem(atPath: destination.path)[.size] as? Int) ?? 0
            guard size > 0 else {
                throw .failed(
                    VideoError(
                        .transcodeFailed(format: format.rawValue.uppercased(), detail: "it wrote nothing"),
                        file: displayPath))
            }
            files.append((format, destination, size))
        }
        var time = posterTime
        if let requested = time, requested >= probe.duration {
            diagnostics.emit(
                VideoError(.posterPastEnd(requested: requested, duration: probe.duration), file: displayPath))
            time = nil
        }
        let poster = work.appendingPathComponent("poster.png")
        try run(
            commands.poster(source.argument, at: time, skipBlack: true, destination: poster.path),
            displayPath: displayPath, source: source, what: "poster")
        if !FileManager.default.fileExists(atPath: poster.path) {
            // Every frame of the first ten seconds is black: the first one, then.
            try run(
                commands.poster(source.argument, at: nil, skipBlack: false, destination: poster.path),
                displayPath: displayPath, source: source, what: "poster")
        }
        guard FileManager.default.fileExists(atPath: poster.path) else {
            throw .failed(
                VideoError(
                    .transcodeFailed(format: "poster", detail: "no frame could be decoded"), file: displayPath
                ))
        }
        let mp4 = files.first { $0.format == .mp4 }?.url ?? files[0].url
        let published = try VideoProbe.probe(
            MovieSource(path: mp4.path), displayPath: displayPath, tools: tools, cancellation: cancellation)
        return Made(
            files: files, poster: poster, width: published.displayWidth, height: published.displayHeight,
            duration: published.duration)
    }

    /// Runs ffmpeg; a non-zero exit, or a source ffmpeg found cut short, is an error quoting it.
    private func run(
        _ arguments: [String], displayPath: String, source: MovieSource, what: String,
        onLine: (String) -> Void = { _ in }
    ) throws(VideoStageFailure) {
        let outcome: ChildProcess.Outcome
        do throws(ChildProcess.Failure) {
            outcome = try ChildProcess.run(
                tools.ffmpeg, arguments, cancellation: cancellation, onLine: onLine)
        } catch {
            switch error {
            case .cancelled: throw .cancelled
            case .cannotStart(let why):
                throw .failed(VideoError(.ffmpegMissing(tool: "ffmpeg (\(why))"), file: displayPath))
            }
        }
        let said = FFmpegTools.summary(outcome.standardError, path: source.argument)
        if outcome.standardError.contains("partial file") {
            throw .failed(VideoError(.truncated("ffmpeg: \(said)"), file: displayPath))
        }
        guard outcome.status == 0 else {
            throw .failed(VideoError(.transcodeFailed(format: what, detail: said), file: displayPath))
        }
    }
}
