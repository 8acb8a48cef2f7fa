import GalleryKit

/// Prints diagnostics the way compilers do (`content/x/index.md:4:9: error: ...`), with paths
/// relative to the current directory: the content folder as the user typed it, then the file.
struct DiagnosticFormatter: Sendable {
    /// The content folder as shown before each file (`content`, `../site`); empty for `.`.
    var contentPrefix: String
    /// The current directory, to shorten absolute paths below it.
    var currentDirectory: String
    /// Whether to colour the severity (only on a terminal, never with NO_COLOR).
    var colour: Bool

    /// Creates a formatter for the content folder given as `contentPath`.
    init(contentPath: String, currentDirectory: String, colour: Bool) {
        self.currentDirectory = currentDirectory
        self.colour = colour
        self.contentPrefix = ""
        self.contentPrefix = display(contentPath)
    }

    /// `path` as the user should see it: `./` and trailing `/` dropped, absolute paths below
    /// the current directory made relative.
    func display(_ path: String) -> String {
        var text = path
        while text.hasPrefix("./") { text.removeFirst(2) }
        while text.count > 1 && text.hasSuffix("/") { text.removeLast() }
        if text == "." { return "" }
        let base = currentDirectory.hasSuffix("/") ? currentDirectory : currentDirectory + "/"
        if text.hasPrefix("/") && text.hasPrefix(base) { text.removeFirst(base.count) }
        if text == currentDirectory { return "" }
        return text
    }

    /// Where a diagnostic points: absolute paths (templates of the theme) shortened, other
    /// paths taken as relative to the content folder.
    func path(of location: SourceLocation) -> String {
        if location.file.isEmpty { return "" }
        if location.file.hasPrefix("/") { return display(location.file) }
        return contentPrefix.isEmpty ? location.file : "\(contentPrefix)/\(location.file)"
    }

    /// One diagnostic, one line, with a trailing newline. File names and messages quote
    /// what is in the content folder, so control characters in them are written out
    /// (`\x1b`): a name holding `ESC ]0;...BEL` would retitle the terminal, `ESC [1A ESC [2K`
    /// erase the error line above.
    func format(_ diagnostic: Diagnostic) -> String {
        var location = diagnostic.location
        location.file = Self.escaped(path(of: location))
        let severity = paint(diagnostic.severity.rawValue + ":", diagnostic.severity)
        let message = Self.escaped(diagnostic.message)
        if location.file.isEmpty { return "\(severity) \(message)\n" }
        return "\(paint("\(location):", nil)) \(severity) \(message)\n"
    }

    /// A line about the run itself (`error: build failed ...`).
    func formatMessage(_ severity: Severity, _ message: String) -> String {
        "\(paint(severity.rawValue + ":", severity)) \(Self.escaped(message))\n"
    }

    /// `text` with every C0 and C1 control character and DEL written as `\xNN`: safe to print
    /// on a terminal, and it still says which character it was.
    static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            guard isControl(scalar) else {
                result.unicodeScalars.append(scalar)
                continue
            }
            let hex = String(scalar.value, radix: 16)
            result += hex.count == 1 ? "\\x0\(hex)" : "\\x\(hex)"
        }
        return result
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    private func paint(_ text: String, _ severity: Severity?) -> String {
        guard colour else { return text }
        let code =
            switch severity {
            case .error: "1;31"
            case .warning: "1;35"
            case .note: "1;36"
            case nil: "1"
            }
        return "\u{1B}[\(code)m\(text)\u{1B}[0m"
    }
}
