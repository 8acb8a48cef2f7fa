/// One file of the generated site: where it goes and what it holds.
struct OutputFile: Sendable, Hashable {
    /// Path relative to the site root, with `/` separators (`iceland/index.html`).
    var path: String
    /// The bytes to write.
    var contents: [UInt8]

    /// Creates a file from raw bytes.
    init(path: String, contents: [UInt8]) {
        self.path = path
        self.contents = contents
    }

    /// Creates a file holding the UTF-8 encoding of `text`.
    init(path: String, text: String) {
        self.init(path: path, contents: Array(text.utf8))
    }
}
