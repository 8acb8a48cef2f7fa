import Foundation

@testable import GalleryKit

/// A temporary folder holding a content folder and an output folder, for tests that run the
/// whole build through ``SiteBuilder``. Removed when the value goes away.
final class BuildSandbox {
    /// The fixed "now" of every build in these tests: 2025-12-01T00:00:00Z.
    static let now = Date(timeIntervalSince1970: 1_764_547_200)

    /// The repository root, from this file's path.
    static var repositoryRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
    }

    /// The tiny fixture site, Tests/Fixtures/tiny-site/.
    static var tinySite: URL { repositoryRoot.appendingPathComponent("Tests/Fixtures/tiny-site") }

    /// The default theme, Templates/.
    static var theme: URL { repositoryRoot.appendingPathComponent("Templates") }

    let root: URL
    var content: URL { root.appendingPathComponent("content") }
    var output: URL { root.appendingPathComponent("public") }

    /// An empty sandbox; `copying` fills `content/` with a copy of that folder.
    init(copying source: URL? = nil) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "galleryc-build-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        if let source {
            try FileManager.default.copyItem(at: source, to: content)
        } else {
            try FileManager.default.createDirectory(at: content, withIntermediateDirectories: true)
        }
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    /// Writes `text` to `path` inside the content folder, making folders as needed.
    func put(_ path: String, _ text: String) throws {
        try put(path, bytes: Array(text.utf8))
    }

    /// Writes raw bytes to `path` inside the content folder.
    func put(_ path: String, bytes: [UInt8]) throws {
        let url = content.appendingPathComponent(path)
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: url)
    }

    /// What one build did: its summary or error, and every diagnostic in stable order.
    struct Outcome {
        var summary: BuildSummary?
        var error: (any Error)?
        var diagnostics: [Diagnostic]
        /// The diagnostics as the CLI prints them (`file:line:col: severity: message`).
        var rendered: [String] { diagnostics.map(\.description) }
        var succeeded: Bool { summary != nil }
    }

    /// Runs the whole build with the repository's theme and the fixed ``now``.
    func build(
        jobs: Int = 2, strict: Bool = false, keepGoing: Bool = false, followLinks: Bool = false,
        output: URL? = nil, content: URL? = nil, cache: URL? = nil, now: Date = BuildSandbox.now,
        sourceDate: Date? = nil, shard: Shard? = nil, geodata: URL? = nil
    ) async -> Outcome {
        var options = BuildOptions(
            contentDirectory: content ?? self.content, outputDirectory: output ?? self.output,
            themeDirectory: Self.theme, jobs: jobs, strict: strict, keepGoing: keepGoing,
            followLinks: followLinks, now: now, sourceDate: sourceDate, cacheDirectory: cache)
        options.shard = shard
        options.geodataDirectory = geodata
        let diagnostics = DiagnosticCollector()
        do {
            let summary = try await SiteBuilder.build(
                options, diagnostics: diagnostics, progress: { _ in })
            return Outcome(summary: summary, error: nil, diagnostics: diagnostics.diagnostics)
        } catch {
            return Outcome(summary: nil, error: error, diagnostics: diagnostics.diagnostics)
        }
    }
}

/// Every regular file below a folder, by path relative to it.
enum FileTree {
    /// Relative paths of the regular files below `folder`, sorted; hidden files included.
    static func files(in folder: URL) -> [String] {
        let root = folder.resolvingSymlinksInPath().path
        guard let enumerator = FileManager.default.enumerator(atPath: root) else { return [] }
        var paths: [String] = []
        while let relative = enumerator.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: root + "/" + relative, isDirectory: &isDirectory),
                !isDirectory.boolValue
            {
                paths.append(relative)
            }
        }
        return paths.sorted()
    }

    /// Path -> contents of every file below `folder`.
    static func contents(of folder: URL) throws -> [String: Data] {
        var result: [String: Data] = [:]
        for path in files(in: folder) {
            result[path] = try Data(contentsOf: folder.appendingPathComponent(path))
        }
        return result
    }

    /// Path, size and modification time of every entry (files and folders) below `folder`.
    static func snapshot(of folder: URL) throws -> [String: String] {
        let root = folder.resolvingSymlinksInPath().path
        guard let enumerator = FileManager.default.enumerator(atPath: root) else { return [:] }
        var result: [String: String] = [:]
        while let relative = enumerator.nextObject() as? String {
            let attributes = try FileManager.default.attributesOfItem(atPath: root + "/" + relative)
            let size = (attributes[.size] as? NSNumber)?.intValue ?? -1
            let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? -1
            let kind = (attributes[.type] as? FileAttributeType)?.rawValue ?? "?"
            result[relative] = "\(kind) \(size) bytes, modified \(modified)"
        }
        return result
    }
}
