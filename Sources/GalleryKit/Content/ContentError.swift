/// Why the content folder could not be loaded at all. Problems inside single files are not
/// thrown: they become diagnostics and loading goes on.
public struct ContentError: LocatedError, Sendable, Hashable {
    /// What is wrong with the content folder.
    public enum Reason: Sendable, Hashable {
        /// Nothing exists at the path.
        case missing
        /// The path names a file, not a folder.
        case notAFolder
        /// The folder exists but cannot be listed.
        case unreadable(String)
    }

    /// The content folder as given.
    public var path: String
    public var reason: Reason

    public init(path: String, reason: Reason) {
        self.path = path
        self.reason = reason
    }

    public var location: SourceLocation { SourceLocation(file: path) }

    public var message: String {
        switch reason {
        case .missing: "content folder not found"
        case .notAFolder: "not a folder; give the content folder"
        case .unreadable(let why): "cannot read the content folder: \(why)"
        }
    }
}
