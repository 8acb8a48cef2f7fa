/// One file of the generated site: where it goes and what it holds.
public struct OutputFile: Sendable, Hashable {
    /// Path relative to the site root, with `/` separators (`iceland/index.html`).
    public var path: String
    /// The bytes to write.
    public var contents: [UInt8]

    /// Creates a file from raw bytes.
    public init(path: String, contents: [UInt8]) {
        self.path = path
        self.contents = contents
    }

    /// Creates a file holding the UTF-8 encoding of `text`.
    public init(path: String, text: String) {
        self.init(path: path, contents: Array(text.utf8))
    }
}
