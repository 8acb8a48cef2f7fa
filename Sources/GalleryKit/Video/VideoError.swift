/// A problem with one video clip, named by its path relative to the content folder. Raised by
/// the video stage (``VideoTranscoder``, ``VideoProbe``); reported, and the clip is left out.
typealias VideoError = BuildError<VideoProblem>

/// What went wrong with a video clip.
enum VideoProblem: ErrorReason {
    /// ffmpeg or ffprobe is not installed: videos are left out, the rest of the site builds.
    case ffmpegMissing(tool: String)
    /// The file is empty.
    case emptyFile
    /// A FIFO, device or socket under a video's name.
    case notARegularFile
    /// The file cannot be read (the system's words).
    case unreadable(String)
    /// ffprobe could not read the file; its words.
    case probeFailed(String)
    /// The container holds no video stream (a sound file named `.mp4`).
    case noVideoStream
    /// The container says how long it is, or what size, in a way no video can be.
    case implausible(String)
    /// The file ends before its data does (a copy cut short); what shows it.
    case truncated(String)
    /// ffmpeg stopped with an error while transcoding or taking the poster; its words.
    case transcodeFailed(format: String, detail: String)
    /// `poster:` in the sidecar is past the end of the clip; the first frame that is not black
    /// is used instead.
    case posterPastEnd(requested: Double, duration: Double)
    /// A published file could not be written or moved into place.
    case cannotWrite(String)

    var severity: Severity {
        switch self {
        case .ffmpegMissing, .posterPastEnd: .warning
        default: .error
        }
    }

    var message: String {
        switch self {
        case .ffmpegMissing(let tool):
            "\(tool) is not installed, so this video is left out (on Debian: apt-get install ffmpeg)"
        case .emptyFile:
            "empty file (0 bytes): not a video"
        case .notARegularFile:
            "not a regular file (a FIFO, device or socket); only files are read"
        case .unreadable(let why):
            "cannot read video: \(why)"
        case .probeFailed(let said):
            "not a readable video (ffprobe: \(said))"
        case .noVideoStream:
            "the file holds no video stream"
        case .implausible(let what):
            "not a usable video: \(what)"
        case .truncated(let what):
            "the video is damaged or truncated: \(what)"
        case .transcodeFailed(let format, let detail):
            "cannot make the \(format) (ffmpeg: \(detail))"
        case .posterPastEnd(let requested, let duration):
            "poster: \(decimalText(requested, digits: 2)) s is past the end of the clip "
                + "(\(decimalText(duration, digits: 2)) s); using the first frame that is not black"
        case .cannotWrite(let why):
            "cannot write the video: \(why)"
        }
    }
}
