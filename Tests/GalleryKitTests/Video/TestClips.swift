import Foundation

@testable import GalleryKit

/// Tiny clips made with ffmpeg in the test itself (testsrc2 or SMPTE bars with a sine tone),
/// 320 x 240 and a second or two, so that a debug build transcodes them in well under a second.
enum TestClips {
    /// ffmpeg from `PATH`; `make test` installs Debian's ffmpeg, so a missing one fails the test.
    static var tools: FFmpegTools {
        get throws {
            switch FFmpegTools.locate() {
            case .success(let tools): return tools
            case .failure(let missing): throw ClipError(message: "\(missing.name) is not installed")
            }
        }
    }

    struct ClipError: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    /// Runs ffmpeg with `arguments` (after `-v error -y`) and fails on a non-zero exit.
    static func ffmpeg(_ arguments: [String]) throws {
        let outcome = try ChildProcess.run(
            try tools.ffmpeg, ["-hide_banner", "-nostdin", "-v", "error", "-y"] + arguments,
            cancellation: ProcessCancellation())
        guard outcome.status == 0 else { throw ClipError(message: "ffmpeg failed: \(outcome.standardError)") }
    }

    /// A test pattern with a tone: `seconds` long, `size` pixels, H.264 + AAC in MP4 (or the
    /// container `url`'s extension names).
    /// - Parameter creationTime: the container's `creation_time` (ISO 8601), when given.
    static func pattern(
        at url: URL, seconds: Double = 2, size: String = "320x240", tone: Int = 440,
        creationTime: String? = nil
    ) throws {
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try ffmpeg(
            [
                "-f", "lavfi", "-i", "testsrc2=size=\(size):rate=25:duration=\(seconds)",
                "-f", "lavfi", "-i", "sine=frequency=\(tone):duration=\(seconds)",
                "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest",
            ] + (creationTime.map { ["-metadata", "creation_time=\($0)"] } ?? []) + [url.path])
    }

    /// A phone-like MOV: 320 x 240 coded, blue with a red top-left quadrant, a display matrix
    /// that turns it a quarter left (shown 240 x 320), its location three ways (QuickTime's
    /// `©xyz`, 3GPP `loci`, Apple's ISO 6709 key), the make, model, a serial number and the
    /// recording date, as an iPhone writes them.
    static func phone(at url: URL, seconds: Double = 1) throws {
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let plain = url.deletingLastPathComponent().appendingPathComponent(".plain-\(UUID()).mp4")
        defer { try? FileManager.default.removeItem(at: plain) }
        try ffmpeg([
            "-f", "lavfi", "-i", "color=c=blue:size=320x240:rate=25:duration=\(seconds)",
            "-f", "lavfi", "-i", "sine=frequency=440:duration=\(seconds)",
            "-vf", "drawbox=x=0:y=0:w=160:h=120:color=red:t=fill", "-c:v", "libx264", "-preset", "ultrafast",
            "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest", plain.path,
        ])
        // A stream copy is where ffmpeg 5.1 still writes a display matrix from `rotate`.
        try ffmpeg([
            "-i", plain.path, "-c", "copy", "-metadata:s:v:0", "rotate=90",
            "-metadata", "location=+48.8584+002.2945/",
            "-metadata", "com.apple.quicktime.location.ISO6709=+48.8584+002.2945+035.000/",
            "-metadata", "com.apple.quicktime.make=Apple", "-metadata",
            "com.apple.quicktime.model=iPhone 15 Pro",
            "-metadata", "com.apple.quicktime.serial=C39XK0ABCDEF",
            "-metadata", "com.apple.quicktime.creationdate=2024-05-01T12:20:30+0200",
            "-metadata", "creation_time=2024-05-01T10:20:30Z", "-movflags", "use_metadata_tags", "-f", "mov",
            url.path,
        ])
    }

    /// 10-bit HEVC SMPTE bars tagged HLG (BT.2020, ARIB STD-B67), as phones record HDR.
    static func hlg(at url: URL, seconds: Double = 1) throws {
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try ffmpeg([
            "-f", "lavfi", "-i", "smptehdbars=size=320x240:rate=25:duration=\(seconds)",
            "-f", "lavfi", "-i", "sine=frequency=500:duration=\(seconds)",
            "-vf", "format=yuv420p10le", "-c:v", "libx265", "-x265-params", "log-level=error",
            "-color_primaries", "bt2020", "-color_trc", "arib-std-b67", "-colorspace", "bt2020nc",
            "-tag:v", "hvc1", "-c:a", "aac", "-shortest", url.path,
        ])
    }
}
