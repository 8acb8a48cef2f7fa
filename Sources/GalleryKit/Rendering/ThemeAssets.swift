/// The theme's static files (`assets/` folders), ready to publish. Stylesheets and scripts get
/// content-hashed names (`assets/galleryc.3fa1c2d4e5.css`) so hosts can cache them forever;
/// other files (fonts, icons) keep their names.
struct ThemeAssets: Sendable, Hashable {
    /// Every asset as an output file, sorted by path.
    let files: [OutputFile]
    /// Output path of each asset by its path inside `assets/` (`galleryc.css` ->
    /// `assets/galleryc.3fa1c2d4e5.css`).
    let outputPaths: [String: String]

    /// The assets as ``ThemeFolders`` read them: scripts lose their line comments, stylesheets
    /// and scripts get hashed names.
    ///
    /// - Parameter files: each file's path inside `assets/` and its bytes, one per path.
    init(files: [(path: String, bytes: [UInt8])]) {
        var published: [OutputFile] = []
        var paths: [String: String] = [:]
        for (relative, original) in files {
            let bytes = relative.lowercased().hasSuffix(".js") ? Self.withoutLineComments(original) : original
            let output = "assets/" + Self.hashedName(relative, bytes: bytes)
            paths[relative] = output
            published.append(OutputFile(path: output, contents: bytes))
        }
        self.files = published.sorted { $0.path < $1.path }
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
    /// are `//`) and without the indentation of its lines, so the theme's scripts can explain
    /// themselves and be laid out for their readers without visitors downloading either:
    /// about a quarter of the gzipped JavaScript. Nothing else changes (line breaks stay, so
    /// no statement runs into the next); a multi-line template literal would lose its lines'
    /// leading blanks and any line starting `//`, so the default theme writes none.
    static func withoutLineComments(_ bytes: [UInt8]) -> [UInt8] {
        let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        let kept = lines.map { line in line.drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") } }
            .filter { !$0.starts(with: [UInt8(ascii: "/"), UInt8(ascii: "/")]) }
        return Array(kept.joined(separator: [UInt8(ascii: "\n")]))
    }
}
