import Foundation

/// The theme's static files (`assets/` folders), ready to publish. Stylesheets and scripts get
/// content-hashed names (`assets/galleryc.3fa1c2d4e5.css`) so hosts can cache them forever;
/// other files (fonts, icons) keep their names.
struct ThemeAssets: Sendable, Hashable {
    /// Every asset as an output file, sorted by path.
    let files: [OutputFile]
    /// Output path of each asset by its path inside `assets/` (`galleryc.css` ->
    /// `assets/galleryc.3fa1c2d4e5.css`).
    let outputPaths: [String: String]

    /// Reads the assets, the first folder winning when two hold the same file.
    ///
    /// - Parameter directories: `assets/` folders, the site's overrides first and the default
    ///   theme last. A folder that does not exist is skipped.
    /// - Throws: ``TemplateError`` when a file or folder cannot be read.
    init(directories: [URL]) throws(TemplateError) {
        var chosen: [String: URL] = [:]
        for directory in directories {
            for (relative, url) in try Self.listFiles(in: directory) where chosen[relative] == nil {
                chosen[relative] = url
            }
        }
        var files: [OutputFile] = []
        var paths: [String: String] = [:]
        for relative in chosen.keys.sorted() {
            guard let url = chosen[relative] else { continue }
            var bytes: [UInt8]
            do {
                bytes = Array(try Data(contentsOf: url))
            } catch {
                throw TemplateError(
                    TemplateProblem("theme asset: cannot read file: \(fileErrorText(error))"),
                    file: url.path,
                    underlying: error)
            }
            if relative.lowercased().hasSuffix(".js") { bytes = Self.withoutLineComments(bytes) }
            let output = "assets/" + Self.hashedName(relative, bytes: bytes)
            paths[relative] = output
            files.append(OutputFile(path: output, contents: bytes))
        }
        self.files = files.sorted { $0.path < $1.path }
        self.outputPaths = paths
    }

    /// `galleryc.<first 10 hex of SHA-256>.css` for stylesheets and scripts; other names as is.
    static func hashedName(_ relative: String, bytes: [UInt8]) -> String {
        let lower = relative.lowercased()
        guard lower.hasSuffix(".css") || lower.hasSuffix(".js"),
            let dot = relative.lastIndex(of: ".")
        else { return relative }
        let hash = String(SHA256.hex(bytes).prefix(10))
        return "\(relative[..<dot]).\(hash)\(relative[dot...])"
    }

    /// A script without its whole-line `//` comments (a line whose first non-blank characters
    /// are `//`), so the theme's scripts can explain themselves without visitors downloading
    /// the explanation: about a sixth of the gzipped JavaScript. Nothing else changes; a
    /// multi-line template literal with a line starting `//` would lose that line, so the
    /// default theme writes none.
    static func withoutLineComments(_ bytes: [UInt8]) -> [UInt8] {
        let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        let kept = lines.filter { line in
            !line.drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
                .starts(with: [UInt8(ascii: "/"), UInt8(ascii: "/")])
        }
        return Array(kept.joined(separator: [UInt8(ascii: "\n")]))
    }

    /// Regular files below `directory` by `/`-separated relative path; hidden files skipped.
    private static func listFiles(in directory: URL) throws(TemplateError) -> [(String, URL)] {
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        guard manager.fileExists(atPath: directory.path, isDirectory: &isDirectory) else { return [] }
        guard isDirectory.boolValue else {
            throw TemplateError(TemplateProblem("theme asset: not a folder"), file: directory.path)
        }
        guard
            let enumerator = manager.enumerator(
                at: directory, includingPropertiesForKeys: [.isRegularFileKey],
                options: [.skipsHiddenFiles])
        else { throw TemplateError(TemplateProblem("theme asset: cannot list folder"), file: directory.path) }
        let rootComponents = directory.standardizedFileURL.resolvingSymlinksInPath().pathComponents
        var found: [(String, URL)] = []
        while let url = enumerator.nextObject() as? URL {
            let values = try? url.resourceValues(forKeys: [.isRegularFileKey])
            guard values?.isRegularFile == true else { continue }
            let components = url.standardizedFileURL.resolvingSymlinksInPath().pathComponents
            guard components.count > rootComponents.count,
                Array(components.prefix(rootComponents.count)) == rootComponents
            else { continue }
            found.append((components.dropFirst(rootComponents.count).joined(separator: "/"), url))
        }
        return found.sorted { $0.0 < $1.0 }
    }
}
