import Foundation

/// Stage 1 of the build: walks the content folder and turns it into a ``Site``.
///
/// Every problem in a single file (bad YAML, unknown key, unsupported image) becomes a
/// diagnostic and loading goes on, so one run reports all of them.
struct ContentLoader {
    let contentDirectory: URL
    let includeDrafts: Bool
    let diagnostics: DiagnosticCollector

    /// Slugs the output uses at the site root for its own files.
    static let reservedRootSlugs: Set<String> = ["assets"]

    /// - Parameters:
    ///   - contentDirectory: the content folder (`site.yml`, `index.md`, album folders).
    ///   - includeDrafts: keep pages and albums marked `draft: true`.
    ///   - diagnostics: receives every warning and error about the content.
    init(contentDirectory: URL, includeDrafts: Bool, diagnostics: DiagnosticCollector) {
        self.contentDirectory = contentDirectory
        self.includeDrafts = includeDrafts
        self.diagnostics = diagnostics
    }

    /// Reads the whole content folder.
    /// - Returns: settings, home page, pages and the album tree (the root is the content folder).
    /// - Throws: ``ContentError`` only when the content folder itself is missing, not a folder
    ///   or unreadable.
    func load() throws(ContentError) -> Site {
        try checkContentDirectory()
        let siteReporter = IssueReporter(file: "site.yml", diagnostics: diagnostics)
        let siteURL = contentDirectory.appendingPathComponent("site.yml")
        let siteText = FileManager.default.fileExists(atPath: siteURL.path) ? readText("site.yml") : nil
        let config = SiteConfigReader.read(
            siteText, defaultTitle: contentDirectory.standardizedFileURL.lastPathComponent,
            reporter: siteReporter)

        let scan = FolderScanner(root: contentDirectory, diagnostics: diagnostics).scanRoot()
        var builder = AlbumBuilder(
            loader: self,
            markdown: MarkdownOptions(allowRawHTML: config.allowRawHTML, basePath: config.basePath))
        var home: Page?
        if scan.hasIndex, let page = builder.readPage("index.md", defaultTitle: config.title) {
            home = page
        }
        let root = builder.album(
            scan, urlPath: "", metadata: AlbumMetadata(), title: config.title, isRoot: true)
        let pages = builder.pages.sorted {
            Array($0.urlPath.utf8).lexicographicallyPrecedes(Array($1.urlPath.utf8))
        }
        return Site(config: config, home: home, pages: pages, root: root)
    }

    private func checkContentDirectory() throws(ContentError) {
        var isDirectory: ObjCBool = false
        let path = contentDirectory.path
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw ContentError(.contentFolderMissing, file: path)
        }
        guard isDirectory.boolValue else { throw ContentError(.contentFolderNotAFolder, file: path) }
        do {
            _ = try FileManager.default.contentsOfDirectory(atPath: path)
        } catch {
            throw ContentError(
                .contentFolderUnreadable(error.localizedDescription), file: path, underlying: error)
        }
    }

    /// The UTF-8 text of a file given relative to the content folder; nil (and an error
    /// diagnostic) when it cannot be read.
    func readText(_ relativePath: String) -> String? {
        let reporter = IssueReporter(file: relativePath, diagnostics: diagnostics)
        let data: Data
        do {
            data = try Data(contentsOf: contentDirectory.appendingPathComponent(relativePath))
        } catch {
            reporter.report(.unreadable(error.localizedDescription))
            return nil
        }
        guard let text = String(data: data, encoding: .utf8) else {
            reporter.report(.notUTF8)
            return nil
        }
        return text
    }

    /// Front matter and body of a Markdown file, or nil when it cannot be read.
    func readFrontMatter(_ relativePath: String) -> FrontMatter? {
        readText(relativePath).map {
            FrontMatter.parse($0, reporter: IssueReporter(file: relativePath, diagnostics: diagnostics))
        }
    }
}
