import Foundation

@testable import GalleryKit

/// A content folder in a fresh temporary directory, removed when the value goes away.
final class TemporaryContent {
    let url: URL

    /// - Parameter files: relative path -> contents; a path ending in `/` makes an empty folder.
    init(_ files: [String: String], name: String = "content") throws {
        let base = FileManager.default.temporaryDirectory
            .appendingPathComponent("galleryc-content-\(UUID().uuidString)")
        url = base.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        for (path, text) in files {
            let fileURL = url.appendingPathComponent(path)
            if path.hasSuffix("/") {
                try FileManager.default.createDirectory(at: fileURL, withIntermediateDirectories: true)
                continue
            }
            try FileManager.default.createDirectory(
                at: fileURL.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: fileURL)
        }
    }

    deinit {
        try? FileManager.default.removeItem(at: url.deletingLastPathComponent())
    }

    /// Loads the folder and returns the site with every diagnostic.
    func load(includeDrafts: Bool = false) throws -> (Site, [Diagnostic]) {
        let diagnostics = DiagnosticCollector()
        let site = try ContentLoader(
            contentDirectory: url, includeDrafts: includeDrafts, diagnostics: diagnostics
        )
        .load()
        return (site, diagnostics.diagnostics)
    }
}

extension Array where Element == Diagnostic {
    /// The rendered diagnostics, one string each, for easy `contains` checks.
    var rendered: [String] { map(\.description) }
}

/// Collects diagnostics for a single file, for unit tests of the readers.
func collectingReporter(_ file: String = "x.md") -> (IssueReporter, DiagnosticCollector) {
    let collector = DiagnosticCollector()
    return (IssueReporter(file: file, diagnostics: collector), collector)
}
