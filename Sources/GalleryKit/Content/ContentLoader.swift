import Foundation

/// Stage 1 of the build: walks the content folder and turns it into a ``Site``.
///
/// Every problem in a single file (bad YAML, unknown key, unsupported image) becomes a
/// diagnostic and loading goes on, so one run reports all of them.
struct ContentLoader {
    let contentDirectory: URL
    let includeDrafts: Bool
    /// Follow symlinks out of the content folder (`--follow-links`).
    var followLinks = false
    let diagnostics: DiagnosticCollector

    /// Where `password_env:` looks its variables up: the build's environment.
    var environment = ProcessInfo.processInfo.environment

    /// Slugs the output uses at the site root for its own files.
    static let reservedRootSlugs: Set<String> = ["assets", "_sealed"]

    /// - Parameters:
    ///   - contentDirectory: the content folder (`site.yml`, `index.md`, album folders).
    ///   - includeDrafts: keep pages and albums marked `draft: true`.
    ///   - diagnostics: receives every warning and error about the content.
    ///   - followLinks: follow symlinks that lead out of the content folder.
    init(
        contentDirectory: URL, includeDrafts: Bool, followLinks: Bool = false,
        diagnostics: DiagnosticCollector
    ) {
        self.contentDirectory = contentDirectory
        self.includeDrafts = includeDrafts
        self.followLinks = followLinks
        self.diagnostics = diagnostics
    }

    /// Which movies of a folder are the motion of which stills (movie name -> still name),
    /// asked of each folder before its items get their URLs, so that the movie of a Live
    /// Photo is no item and takes no URL name. Given by the pipeline (``LivePairing``), which
    /// reads the files' Apple content identifiers; nil pairs nothing.
    var livePairs: (@Sendable (FolderScan, SiteConfig) -> [String: String])?

    /// Reads the whole content folder.
    /// - Returns: settings, home page, pages and the album tree (the root is the content folder).
    /// - Throws: ``ContentError`` only when the content folder itself is missing, not a folder
    ///   or unreadable.
    func load() throws(ContentError) -> Site {
        try checkContentDirectory()
        let siteReporter = IssueReporter(file: "site.yml", diagnostics: diagnostics)
        let siteURL = contentDirectory.appendingPathComponent("site.yml")
        var config = SiteConfig()
        if FileManager.default.fileExists(atPath: siteURL.path) {
            if allowed("site.yml") {
                config = SiteConfigReader.read(readText("site.yml"), reporter: siteReporter)
            }
        } else if let hugo = hugoConfig() {
            config = hugo
        }
        _ = allowed("templates")

        // The icon is published as the icon, not as a photo of its folder.
        var scan = FolderScanner(
            root: contentDirectory, followLinks: followLinks, videos: config.video.enabled,
            raw: config.images.raw != .off, rawPairs: config.rawPairs, diagnostics: diagnostics,
            reserved: config.favicon.isEmpty ? [] : [config.favicon]
        ).scanRoot()
        if let livePairs { scan.pairLivePhotos { livePairs($0, config) } }
        var builder = AlbumBuilder(
            loader: self,
            markdown: MarkdownOptions(allowRawHTML: config.allowRawHTML, basePath: config.basePath))
        var home: Page?
        if let indexPath = scan.indexPath, let page = builder.readPage(indexPath, defaultTitle: config.title)
        {
            home = page
        }
        let root =
            builder.album(scan, urlPath: "", metadata: AlbumMetadata(), title: config.title, isRoot: true)
            ?? Album(sourcePath: "", urlPath: "", title: config.title)
        let pages = builder.pages.sorted {
            Array($0.urlPath.utf8).lexicographicallyPrecedes(Array($1.urlPath.utf8))
        }
        return Site(
            config: config, home: home, pages: pages, root: root, favicon: readFavicon(config.favicon))
    }

    /// Icons larger than this are refused unread.
    static let maxFaviconBytes = 1 << 20

    /// The file `favicon:` names (checked by ``SiteConfigReader``), nil (with an error naming
    /// the file) when it cannot be read.
    private func readFavicon(_ relativePath: String) -> FaviconFile? {
        guard !relativePath.isEmpty, allowed(relativePath) else { return nil }
        let reporter = IssueReporter(file: relativePath, diagnostics: diagnostics)
        do throws(FileReadFailure) {
            let file = try FileReader(path: contentDirectory.appendingPathComponent(relativePath).path)
            guard file.size <= Self.maxFaviconBytes else {
                reporter.report(.tooLarge(bytes: file.size, limit: Int64(Self.maxFaviconBytes)))
                return nil
            }
            let name = pathExtension(of: relativePath).lowercased()
            return FaviconFile(fileExtension: name, bytes: try file.readRest(after: 0))
        } catch {
            switch error {
            case .notARegularFile: reporter.report(.notARegularFile)
            case .unreadable(let why): reporter.report(.unreadable(why))
            }
            return nil
        }
    }

    /// Hugo's `hugo.toml` (or `config.toml`) beside the content folder, when there is no
    /// site.yml: a Hugo site's `content/` builds with its title, base URL, language and
    /// copyright, and a note says where they came from.
    private func hugoConfig() -> SiteConfig? {
        let parent = contentDirectory.standardizedFileURL.deletingLastPathComponent()
        for name in ["hugo.toml", "config.toml"] {
            let url = parent.appendingPathComponent(name)
            guard FileManager.default.fileExists(atPath: url.path) else { continue }
            let display = "../" + name
            let reporter = IssueReporter(file: display, diagnostics: diagnostics)
            guard let bytes = try? FileReader(path: url.path).read(count: Self.maxTextBytes),
                let text = String(validating: bytes, as: UTF8.self)
            else { continue }
            reporter.report(.readHugoConfig)
            return SiteConfigReader.readHugo(text, reporter: reporter)
        }
        return nil
    }

    /// False (with a warning naming the link and its target) when the file or folder at
    /// `relativePath` is a link that leaves the content folder and links are not followed.
    /// The folder walk checks every other entry this way; site.yml and templates/ are read
    /// apart from it.
    func allowed(_ relativePath: String) -> Bool {
        let root = ResolvedPath.resolve(contentDirectory)
        guard !followLinks,
            let target = FolderListing.targetOutside(root + "/" + relativePath, root: root)
        else { return true }
        IssueReporter(file: relativePath, diagnostics: diagnostics).report(
            .linkOutsideContent(target: target))
        return false
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
                .contentFolderUnreadable(fileErrorText(error)), file: path, underlying: error)
        }
    }

    /// Pages, sidecars, site.yml and `.nomedia` larger than this are refused unread.
    static let maxTextBytes = 16 << 20

    /// The UTF-8 text of a file given relative to the content folder; nil (and an error
    /// diagnostic) when it cannot be read, is not a regular file, is too large or is not UTF-8.
    func readText(_ relativePath: String) -> String? {
        let reporter = IssueReporter(file: relativePath, diagnostics: diagnostics)
        let bytes: [UInt8]
        do throws(FileReadFailure) {
            let file = try FileReader(path: contentDirectory.appendingPathComponent(relativePath).path)
            guard file.size <= Self.maxTextBytes else {
                reporter.report(.tooLarge(bytes: file.size, limit: Int64(Self.maxTextBytes)))
                return nil
            }
            bytes = try file.readRest(after: 0)
        } catch {
            switch error {
            case .notARegularFile: reporter.report(.notARegularFile)
            case .unreadable(let why): reporter.report(.unreadable(why))
            }
            return nil
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            let place = Self.firstInvalidUTF8(in: bytes)
            reporter.report(.notUTF8, line: place?.line, column: place?.column)
            return nil
        }
        return text
    }

    /// What an `.xmp` sidecar says of its photo; nil (with a warning) when it cannot be read
    /// or is not XMP, nil without one when it says nothing galleryc uses.
    func readXMPSidecar(_ relativePath: String) -> DescriptiveMetadata? {
        let reporter = IssueReporter(file: relativePath, diagnostics: diagnostics)
        let bytes: [UInt8]
        do throws(FileReadFailure) {
            let file = try FileReader(path: contentDirectory.appendingPathComponent(relativePath).path)
            guard file.size <= Int64(XMPParser.maxBytes) else {
                reporter.report(.unreadableXMP)
                return nil
            }
            bytes = try file.readRest(after: 0)
        } catch {
            switch error {
            case .notARegularFile: reporter.report(.notARegularFile)
            case .unreadable(let why): reporter.report(.unreadable(why))
            }
            return nil
        }
        guard let packet = XMPParser.parse(bytes) else {
            reporter.report(.unreadableXMP)
            return nil
        }
        let described = packet.descriptive
        return described.isEmpty ? nil : described
    }

    /// Where the first byte that is not UTF-8 is (line and column, counted in characters,
    /// from 1), so that a page saved as Latin-1 points at its first `é`.
    static func firstInvalidUTF8(in bytes: [UInt8]) -> (line: Int, column: Int)? {
        var iterator = bytes.makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        var line = 1
        var column = 1
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                if encoded.count == 1 && encoded.first == 0x0A {
                    line += 1
                    column = 1
                } else {
                    column += 1
                }
            case .emptyInput: return nil
            case .error: return (line, column)
            }
        }
    }

    /// Front matter and body of a Markdown file, or nil when it cannot be read.
    func readFrontMatter(_ relativePath: String) -> FrontMatter? {
        readText(relativePath).map {
            FrontMatter.parse($0, reporter: IssueReporter(file: relativePath, diagnostics: diagnostics))
        }
    }
}
