import Foundation

/// What templates see of a video clip: the badge on its album tile (`video` of a photo card)
/// and the player on its page (`photo.video`). Documented in Templates/README.md.
enum VideoContext {
    /// `duration` (`0:03`), `datetime` (`PT3S`, for `<time datetime>`), `label` (`Video,
    /// 3 seconds`, for assistive technology) and `preview` (the MP4, which the script plays
    /// muted while a mouse rests on the tile, only under `prefers-reduced-motion: no-preference`).
    static func badge(_ video: VideoDerivatives, links: LinkBuilder) -> TemplateValue {
        var value: [String: TemplateValue] = [
            "duration": .string(clock(video.duration)), "datetime": .string(isoDuration(video.duration)),
            "label": .string("Video, \(spoken(video.duration))"),
        ]
        if let mp4 = video.files.first(where: { $0.format == .mp4 }) {
            value["preview"] = .string(links.href(mp4.path))
        }
        return .dictionary(value)
    }

    /// The player: `sources` (`src`, `type`, in the order offered), `poster` (a JPEG
    /// rendition of the poster frame at least as wide as the video, else the largest),
    /// `width`, `height`, `duration`, `datetime`, `label`, `download` (`href`, `size`: the
    /// MP4, the fallback link), `alt` (the clip's alt text, its accessible name) and `hasAudio`.
    static func player(_ photo: ProcessedPhoto, video: VideoDerivatives, links: LinkBuilder) -> TemplateValue
    {
        var value: [String: TemplateValue] = [
            "alt": .string(PhotoText(photo).alt),
            "sources": .array(
                video.files.map {
                    .dictionary(["src": .string(links.href($0.path)), "type": .string($0.format.mimeType)])
                }),
            "width": .string(String(video.width)), "height": .string(String(video.height)),
            "duration": .string(clock(video.duration)), "datetime": .string(isoDuration(video.duration)),
            "label": .string("Video, \(spoken(video.duration))"), "hasAudio": .bool(video.hasAudio),
        ]
        if let poster = poster(photo.renditions, width: video.width) {
            value["poster"] = .string(links.href(poster.path))
        }
        if let mp4 = video.files.first(where: { $0.format == .mp4 }) {
            value["download"] = .dictionary([
                "href": .string(links.href(mp4.path)), "size": .string(byteCountText(Int64(mp4.byteCount))),
            ])
        }
        return .dictionary(value)
    }

    /// The motion of a Live Photo or Motion Photo, played over the still on its page:
    /// `src` and `type` (the MP4), `width`, `height` and `label` (its length, `3 seconds`).
    static func live(_ video: VideoDerivatives, links: LinkBuilder) -> TemplateValue {
        guard let mp4 = video.files.first(where: { $0.format == .mp4 }) ?? video.files.first else {
            return .null
        }
        return .dictionary([
            "src": .string(links.href(mp4.path)), "type": .string(mp4.format.mimeType),
            "width": .string(String(video.width)), "height": .string(String(video.height)),
            "label": .string(spoken(video.duration)),
        ])
    }

    /// The rendition for `<video poster>`: JPEG (every browser shows it there), the smallest
    /// at least `width` wide, else the largest; any format when there is no JPEG.
    static func poster(_ renditions: [Rendition], width: Int) -> Rendition? {
        let stills = renditions.filter { !$0.isAnimated }
        let jpeg = stills.filter { $0.format == .jpeg }
        let candidates = (jpeg.isEmpty ? stills : jpeg).sorted { $0.width < $1.width }
        return candidates.first { $0.width >= width } ?? candidates.last
    }

    /// `0:03`, `12:05`, `1:02:03`.
    static func clock(_ seconds: Double) -> String {
        let total = max(0, Int(seconds.rounded()))
        let (hours, minutes, rest) = (total / 3600, total / 60 % 60, total % 60)
        let two = { (value: Int) in value < 10 ? "0\(value)" : "\(value)" }
        return hours > 0 ? "\(hours):\(two(minutes)):\(two(rest))" : "\(minutes):\(two(rest))"
    }

    /// `PT3S`, `PT1M2S`: an HTML duration string.
    static func isoDuration(_ seconds: Double) -> String {
        let total = max(0, Int(seconds.rounded()))
        let (hours, minutes, rest) = (total / 3600, total / 60 % 60, total % 60)
        var text = "PT"
        if hours > 0 { text += "\(hours)H" }
        if minutes > 0 { text += "\(minutes)M" }
        if rest > 0 || total == 0 { text += "\(rest)S" }
        return text
    }

    /// `3 seconds`, `1 minute 2 seconds`.
    static func spoken(_ seconds: Double) -> String {
        let total = max(0, Int(seconds.rounded()))
        let parts = [(total / 3600, "hour"), (total / 60 % 60, "minute"), (total % 60, "second")]
            .filter { $0.0 > 0 }.map { "\($0.0) \($0.1)\($0.0 == 1 ? "" : "s")" }
        return parts.isEmpty ? "0 seconds" : parts.joined(separator: " ")
    }
}
