import Foundation

/// What identifies the galleryc that runs, for the fingerprints that decide whether a page
/// made by an earlier build can be kept: a page made by another build of galleryc, whose
/// templates or renderer may differ, is made again. The executable's size and modification
/// time stand for its code (so does a development build that changed nothing but code).
enum BuildIdentity {
    /// Read once per process.
    static let current: String = {
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
        let path =
            FileManager.default.fileExists(atPath: executable)
            ? executable : CommandLine.arguments.first ?? ""
        guard let stamp = FileStamp.of(path) else { return "unknown \(UUID().uuidString)" }
        return "\(path) \(stamp.size) \(stamp.modifiedNanoseconds)"
    }()
}
