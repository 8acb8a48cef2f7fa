/// Video output settings (`video:` in site.yml). Kept apart from ``ImageSettings``: none of
/// them shapes a photo rendition, so changing one never re-processes a photo. The poster of a
/// video goes through the image pipeline with the site's ``ImageSettings`` like any photo.
struct VideoSettings: Sendable, Hashable {
    /// Publish videos at all (`video: false` skips them, with a note).
    var enabled = true
    /// The most pixels high a published video is (`video.height`); never upscaled.
    var maxHeight = 1080
    /// x264's constant quality, 0-51, lower is better (`video.crf`); VP9 gets the equivalent.
    var crf = 23
    /// Published formats, in the order offered to browsers (`video.formats`); MP4 (H.264) is
    /// always among them, since every browser plays it.
    var formats: [VideoFormat] = [.mp4]
    /// Publish no sound track: the motion of a Live Photo plays muted, as it does in Apple's
    /// and Google's own galleries on a long press (not a site.yml key).
    var muted = false

    init() {}

    /// The settings of a Live Photo's or Motion Photo's motion: as the site's clips (their
    /// height and quality), but MP4 alone (a short loop gains little from WebM) and muted.
    var forLivePhotos: VideoSettings {
        var live = self
        live.formats = [.mp4]
        live.muted = true
        return live
    }

    /// The one description of the settings that shape a published video's bytes: part of the
    /// video cache key and of the `_video/<hash>/` folder name. `enabled` is not in it (it
    /// decides whether there is a video at all, not its bytes).
    var fingerprint: String {
        "height=\(maxHeight);crf=\(crf);formats=\(formats.map(\.rawValue).joined(separator: ","))"
            + (muted ? ";muted" : "")
    }
}

/// A published video format.
enum VideoFormat: String, Sendable, Hashable, Codable, CaseIterable {
    /// H.264 High profile, yuv420p, AAC, `+faststart`: plays everywhere.
    case mp4
    /// VP9 with Opus in WebM: smaller, offered first when asked for.
    case webm

    /// The `type` of its `<source>`.
    var mimeType: String {
        switch self {
        case .mp4: "video/mp4"
        case .webm: "video/webm"
        }
    }
}
