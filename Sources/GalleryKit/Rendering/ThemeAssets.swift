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
            let bytes: [UInt8]
            do {
                bytes = Array(try Data(contentsOf: url))
            } catch {
                throw TemplateError(
                    TemplateProblem("theme asset: cannot read file: \(fileErrorText(error))"),
                    file: url.path,
                    underlying: error)
            }
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
