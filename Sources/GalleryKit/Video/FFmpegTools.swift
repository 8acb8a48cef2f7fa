import Foundation

/// Where ffmpeg and ffprobe are: looked up in `PATH` once per build, as a shell would.
struct FFmpegTools: Sendable, Hashable {
    var ffmpeg: String
    var ffprobe: String

    /// Both tools from `PATH` in `environment`; or the name of the one that is missing.
    static func locate(environment: [String: String] = ProcessInfo.processInfo.environment)
        -> Result<FFmpegTools, MissingTool>
    {
        let folders = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
        func find(_ name: String) -> String? {
            folders.lazy.map { ($0.isEmpty ? "." : $0) + "/" + name }
                .first { FileManager.default.isExecutableFile(atPath: $0) }
        }
        guard let ffmpeg = find("ffmpeg") else { return .failure(MissingTool(name: "ffmpeg")) }
        guard let ffprobe = find("ffprobe") else { return .failure(MissingTool(name: "ffprobe")) }
        return .success(FFmpegTools(ffmpeg: ffmpeg, ffprobe: ffprobe))
    }

    /// A tool that is not installed.
    struct MissingTool: Error, Sendable, Hashable {
        var name: String
    }

    /// What ffmpeg or ffprobe said, for a message: its last lines that are not empty, without
    /// the file's absolute path (messages name the file relative to the content folder) and
    /// without the `[mov,mp4 @ 0x55...]` prefixes, which hold addresses.
    static func summary(_ standardError: String, path: String) -> String {
        let lines = standardError.split(whereSeparator: \.isNewline).map { line -> String in
            var text = String(line).replacingOccurrences(of: path + ": ", with: "")
                .replacingOccurrences(of: path, with: "the file")
            if text.hasPrefix("["), let end = text.firstIndex(of: "]") {
                text = String(text[text.index(after: end)...])
            }
            return text.trimmingCharacters(in: .whitespaces)
        }.filter { !$0.isEmpty }
        var unique: [String] = []
        for line in lines.suffix(3) where !unique.contains(line) { unique.append(line) }
        let text = unique.joined(separator: "; ")
        return text.isEmpty ? "no message" : String(text.prefix(400))
    }
}

/// Why the video stage left a clip out: a reported problem, or a cancelled build.
enum VideoStageFailure: Error, Sendable {
    case failed(VideoError)
    case cancelled
}
