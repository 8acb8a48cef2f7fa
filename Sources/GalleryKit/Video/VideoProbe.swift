import Foundation

/// What ffprobe says of a video file: how long, how large, which way up, how bright, whether
/// it has sound and when it was recorded.
struct VideoProbe: Sendable, Hashable {
    /// Seconds.
    var duration: Double
    /// Coded size, before the display matrix turns it.
    var codedWidth: Int
    var codedHeight: Int
    /// Degrees the display matrix turns the picture (ffprobe's sign: -90 is a quarter turn
    /// clockwise), normalised to 0, 90, 180 or 270.
    var rotation: Int
    var transfer: VideoTransfer
    var hasAudio: Bool
    /// When it was recorded: Apple's `creationdate` read as its wall-clock time (as a photo's
    /// EXIF date is), else the container's `creation_time`.
    var recorded: Date?

    /// The size it is shown at: width and height swapped for a quarter turn.
    var displayWidth: Int { rotation % 180 == 0 ? codedWidth : codedHeight }
    var displayHeight: Int { rotation % 180 == 0 ? codedHeight : codedWidth }

    /// The longest clip galleryc publishes: a day.
    static let maxDuration = 86_400.0
    /// The largest side a video may have (8K and a half).
    static let maxSide = 16_384

    /// The ffprobe arguments for `path`.
    static func arguments(for path: String) -> [String] {
        ["-v", "error", "-hide_banner", "-print_format", "json", "-show_format", "-show_streams", path]
    }

    /// Runs ffprobe on `source` and reads its answer.
    /// - Throws: ``VideoError`` naming `displayPath` when ffprobe cannot read the file, it holds
    ///   no video stream, or what it declares is implausible; cancellation as `.cancelled`.
    static func probe(
        _ source: MovieSource, displayPath: String, tools: FFmpegTools, cancellation: ProcessCancellation
    ) throws(VideoStageFailure) -> VideoProbe {
        let outcome: ChildProcess.Outcome
        do throws(ChildProcess.Failure) {
            outcome = try ChildProcess.run(
                tools.ffprobe, arguments(for: source.argument), cancellation: cancellation)
        } catch {
            switch error {
            case .cancelled: throw .cancelled
            case .cannotStart(let why):
                throw .failed(VideoError(.ffmpegMissing(tool: "ffprobe (\(why))"), file: displayPath))
            }
        }
        guard outcome.status == 0 else {
            throw .failed(
                VideoError(
                    .probeFailed(FFmpegTools.summary(outcome.standardError, path: source.argument)),
                    file: displayPath))
        }
        do throws(VideoError) {
            return try parse(outcome.standardOutput, displayPath: displayPath)
        } catch {
            throw .failed(error)
        }
    }

    /// Reads ffprobe's JSON (`-show_format -show_streams`).
    static func parse(_ json: [UInt8], displayPath: String) throws(VideoError) -> VideoProbe {
        let fail = { (reason: VideoProblem) in VideoError(reason, file: displayPath) }
        guard let answer = try? JSONDecoder().decode(ProbeJSON.self, from: Data(json)) else {
            throw fail(.probeFailed("an answer that is not JSON"))
        }
        let streams = answer.streams ?? []
        guard
            let video = streams.first(where: {
                $0.codecType == "video" && $0.disposition?.attachedPicture != 1
            })
        else { throw fail(.noVideoStream) }
        let width = video.width ?? 0
        let height = video.height ?? 0
        guard (1...maxSide).contains(width), (1...maxSide).contains(height) else {
            throw fail(.implausible("it declares \(width) × \(height) pixels"))
        }
        let duration = Double(answer.format?.duration ?? video.duration ?? "") ?? 0
        guard duration.isFinite, duration > 0 else { throw fail(.implausible("it declares no duration")) }
        guard duration <= maxDuration else {
            throw fail(
                .implausible("it declares \(Int(duration)) s; clips of more than a day are not published"))
        }
        let turn = Int((video.sideDataList ?? []).compactMap(\.rotation).first?.rounded() ?? 0)
        let rotation = ((turn % 360) + 360) % 360
        let transfer: VideoTransfer =
            switch video.colorTransfer {
            case "arib-std-b67": .hlg
            case "smpte2084": .pq
            default: .sdr
            }
        return VideoProbe(
            duration: duration, codedWidth: width, codedHeight: height,
            rotation: rotation % 90 == 0 ? rotation : 0, transfer: transfer,
            hasAudio: streams.contains { $0.codecType == "audio" },
            recorded: recordingDate(answer.format?.tags ?? [:]))
    }

    /// Apple's `com.apple.quicktime.creationdate` (`2024-05-01T12:20:30+0200`) as wall-clock
    /// time in UTC, else `creation_time` (`2024-05-01T10:20:30.000000Z`), which is UTC.
    static func recordingDate(_ tags: [String: String]) -> Date? {
        let parser = DateFormatter()
        parser.locale = Locale(identifier: "en_US_POSIX")
        parser.timeZone = TimeZone(identifier: "UTC")
        parser.dateFormat = "yyyy-MM-dd'T'HH:mm:ss"
        for key in ["com.apple.quicktime.creationdate", "creation_time"] {
            if let value = tags[key], value.count >= 19,
                let date = parser.date(from: String(value.prefix(19)))
            {
                // 1904-01-01, QuickTime's zero, means "not set".
                if date.timeIntervalSince1970 > -2_082_844_800 + 86_400 { return date }
            }
        }
        return nil
    }

    /// The part of ffprobe's JSON galleryc reads.
    private struct ProbeJSON: Decodable {
        var streams: [Stream]?
        var format: Format?
    }

    private struct Stream: Decodable {
        var codecType: String?
        var width: Int?
        var height: Int?
        var duration: String?
        var colorTransfer: String?
        var sideDataList: [SideData]?
        var disposition: Disposition?

        enum CodingKeys: String, CodingKey {
            case codecType = "codec_type"
            case width, height, duration, disposition
            case colorTransfer = "color_transfer"
            case sideDataList = "side_data_list"
        }
    }

    private struct SideData: Decodable {
        var rotation: Double?
    }

    private struct Disposition: Decodable {
        var attachedPicture: Int?

        enum CodingKeys: String, CodingKey {
            case attachedPicture = "attached_pic"
        }
    }

    private struct Format: Decodable {
        var duration: String?
        var tags: [String: String]?
    }
}
