/// The ffmpeg command lines for one clip: pure, so that what galleryc asks of ffmpeg is tested
/// without running it.
///
/// Every published file is made with `-map_metadata -1 -map_chapters -1` and only the first
/// video and audio streams mapped (a phone's timed-metadata track, which can hold the
/// location, is left behind), in bit-exact mode (no encoder version strings, the same bytes
/// from the same input). ffmpeg turns the picture upright from its display matrix itself
/// (autorotate), so the output has no matrix.
struct VideoCommands: Sendable, Hashable {
    var settings: VideoSettings
    var probe: VideoProbe
    /// ffmpeg's threads for one command's decoder and filters: `--jobs` shared by the clips
    /// transcoding at once (``VideoStage/threads(jobs:clips:)``). They do not change a byte of the output.
    var threads: Int

    /// The encoders' threads, whatever the machine and `--jobs`: x264's and libvpx's output
    /// depends on their thread count (x264's frame threads limit the motion search; measured
    /// with ffmpeg 5.1: 1, 2 and 4 threads give three different files), and the same content
    /// must give the same bytes on every machine. Two, the cores of the smallest machine
    /// galleryc is built for; decoding and filtering use the rest.
    static let encoderThreads = 2

    /// The filter chain: scale to `video.height` at most (never up, square pixels, even
    /// sizes), then for HDR sources tone-map to SDR BT.709 (linear light, Hable's curve, as
    /// the zscale documentation does it), then 8-bit 4:2:0.
    var filters: String {
        let height = "trunc(min(\(settings.maxHeight)\\,ih)/2)*2"
        var chain = ["scale=w=trunc(oh*dar/2)*2:h=\(height)", "setsar=1"]
        if probe.transfer != .sdr {
            chain += [
                "zscale=t=linear:npl=100", "format=gbrpf32le", "zscale=p=bt709",
                "tonemap=tonemap=hable:desat=0", "zscale=t=bt709:m=bt709:r=tv",
            ]
        }
        return (chain + ["format=yuv420p"]).joined(separator: ",")
    }

    /// What comes first in every command: quiet, no stdin, our thread limit, the input.
    private func input(_ source: String, from start: Double? = nil) -> [String] {
        var arguments = ["-hide_banner", "-nostdin", "-v", "error", "-y", "-threads", "\(threads)"]
        if let start { arguments += ["-ss", String(start)] }
        return arguments + ["-i", source, "-filter_threads", "\(threads)"]
    }

    /// Bit-exact output without any of the source's metadata.
    private var stripped: [String] {
        [
            "-map_metadata", "-1", "-map_chapters", "-1", "-fflags", "+bitexact", "-flags:v", "+bitexact",
            "-flags:a", "+bitexact",
        ]
    }

    /// Colour tags of the output: BT.709 when HDR was tone-mapped to it; else the source's stay.
    private var colourTags: [String] {
        probe.transfer == .sdr
            ? [] : ["-color_primaries", "bt709", "-color_trc", "bt709", "-colorspace", "bt709"]
    }

    /// Transcodes `source` to `format` at `destination`, writing progress on stdout.
    func transcode(_ source: String, to format: VideoFormat, destination: String) -> [String] {
        let audio = probe.hasAudio && !settings.muted
        var arguments = input(source) + ["-map", "0:v:0"]
        arguments += audio ? ["-map", "0:a:0"] : ["-an"]
        arguments += ["-sn", "-dn", "-vf", filters] + stripped + colourTags
        switch format {
        case .mp4:
            arguments += [
                "-c:v", "libx264", "-profile:v", "high", "-preset", "medium", "-crf", "\(settings.crf)",
                "-threads:v", "\(Self.encoderThreads)",
            ]
            if audio { arguments += ["-c:a", "aac", "-b:a", "128k"] }
            arguments += ["-movflags", "+faststart", "-f", "mp4"]
        case .webm:
            // VP9's scale is 0-63; its crf 31 is what Google suggests for 1080p, near x264's 23.
            arguments += [
                "-c:v", "libvpx-vp9", "-crf", "\(min(63, settings.crf + 8))", "-b:v", "0", "-row-mt", "1",
                "-deadline", "good", "-cpu-used", "4", "-threads:v", "\(Self.encoderThreads)",
            ]
            if audio { arguments += ["-c:a", "libopus", "-b:a", "96k"] }
            arguments += ["-f", "webm"]
        }
        return arguments + ["-progress", "pipe:1", "-nostats", destination]
    }

    /// The poster frame as a PNG: at `time` seconds, or the first frame in the first ten
    /// seconds that is not black (less than 90 % of its pixels darker than 32/255, as sigal
    /// skips black frames), upright, scaled and tone-mapped as the video is.
    func poster(_ source: String, at time: Double?, skipBlack: Bool, destination: String) -> [String] {
        var chain = filters
        var arguments = input(source, from: time)
        if time == nil && skipBlack {
            chain =
                "blackframe=amount=0:threshold=32,"
                + "metadata=select:key=lavfi.blackframe.pblack:value=90:function=less," + chain
            arguments += ["-t", "10"]
        }
        return arguments + ["-map", "0:v:0", "-an", "-sn", "-dn", "-vf", chain, "-frames:v", "1"] + stripped
            + ["-pix_fmt", "rgb24", "-c:v", "png", "-f", "image2", destination]
    }
}
