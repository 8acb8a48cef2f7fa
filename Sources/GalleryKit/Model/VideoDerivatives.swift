import Foundation

/// What the video stage made of one clip: its published files and what ffprobe said of the
/// source. Kept in the video cache entry (`video.json`) and merged into the poster's
/// ``PhotoDerivatives`` (``PhotoDerivatives/video``) for rendering, so a video is an album
/// item like a photo (covers, the slider, Ken Burns use its poster).
struct VideoDerivatives: Sendable, Hashable, Codable {
    /// Seconds, from the container.
    var duration: Double
    /// Display size of the published files (upright, scaled to `video.height` at most).
    var width: Int
    var height: Int
    /// True when the published files have a sound track.
    var hasAudio: Bool
    /// The source's transfer: `sdr`, `hlg` or `pq` (HDR is tone-mapped to SDR BT.709).
    var transfer: VideoTransfer
    /// When the clip was recorded (container `creation_time`), for the album's date order.
    var recorded: Date?
    /// Published files, in the order offered to browsers; paths relative to the site root.
    var files: [VideoFile]

    init(
        duration: Double, width: Int, height: Int, hasAudio: Bool, transfer: VideoTransfer,
        recorded: Date? = nil, files: [VideoFile]
    ) {
        self.duration = duration
        self.width = width
        self.height = height
        self.hasAudio = hasAudio
        self.transfer = transfer
        self.recorded = recorded
        self.files = files
    }
}

/// One published video file (`_video/<hash>/<slug>.mp4`).
struct VideoFile: Sendable, Hashable, Codable {
    var path: String
    var format: VideoFormat
    var byteCount: Int

    init(path: String, format: VideoFormat, byteCount: Int) {
        self.path = path
        self.format = format
        self.byteCount = byteCount
    }
}

/// How a source's brightness is coded.
enum VideoTransfer: String, Sendable, Hashable, Codable {
    /// Standard dynamic range (BT.709, BT.601, sRGB, unknown).
    case sdr
    /// Hybrid log-gamma (ARIB STD-B67): phones' HDR video.
    case hlg
    /// Perceptual quantizer (SMPTE ST 2084): HDR10, Dolby Vision's base layer.
    case pq
}
