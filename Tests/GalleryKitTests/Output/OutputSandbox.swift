import Foundation

/// A fresh temporary folder with `content/` in it, removed when the test ends.
final class OutputSandbox {
    let root: URL
    var content: URL { root.appendingPathComponent("content") }
    var output: URL { root.appendingPathComponent("public") }

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "galleryc-output-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: content, withIntermediateDirectories: true)
        try put("index.md", "# Home\n", in: content)
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    func put(_ path: String, _ text: String, in folder: URL) throws {
        let url = folder.appendingPathComponent(path)
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    func read(_ path: String, in folder: URL) -> String? {
        (try? Data(contentsOf: folder.appendingPathComponent(path))).map {
            String(decoding: $0, as: UTF8.self)
        }
    }

    /// Everything in `root` except `content` and `public`: leftovers a build must not leave.
    func strays() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: root.path)
            .filter { $0 != "content" && $0 != "public" }.sorted()
    }
}
