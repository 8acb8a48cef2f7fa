/// One file of the finished site: a path relative to the output folder and its bytes.
public struct OutputFile: Sendable, Hashable {
    /// Path relative to the output folder, `/`-separated (`iceland-2024/index.html`).
    public var path: String
    /// The file's bytes.
    public var contents: [UInt8]

    public init(path: String, contents: [UInt8]) {
        self.path = path
        self.contents = contents
    }
}
