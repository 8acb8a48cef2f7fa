/// One change seen by ``FileWatcher``.
struct FileChange: Sendable, Hashable, CustomStringConvertible {
    /// What happened to the path.
    enum Kind: String, Sendable, Hashable {
        /// Created, or found inside a folder that was just created or moved in.
        case created
        /// Written and closed.
        case modified
        /// Removed.
        case deleted
        /// Renamed into a watched folder (how many editors save).
        case movedIn
        /// Renamed away from a watched folder.
        case movedOut
    }

    /// The absolute path.
    var path: String
    /// What happened.
    var kind: Kind
    /// True when the path is a folder.
    var isDirectory: Bool

    /// Creates a change record.
    init(path: String, kind: Kind, isDirectory: Bool = false) {
        self.path = path
        self.kind = kind
        self.isDirectory = isDirectory
    }

    /// `kind path`, with a trailing `/` for folders.
    var description: String { "\(kind.rawValue) \(path)\(isDirectory ? "/" : "")" }

    /// True for names the watcher skips: hidden files and editor scratch files (`file~`,
    /// `.file.swp`, Vim's `4913` probe, Emacs' `#file#`, JetBrains' `___jb_tmp___`).
    static func isIgnored(name: String) -> Bool {
        name.hasPrefix(".") || name.hasSuffix("~") || name == "4913" || name.hasSuffix(".swp")
            || name.hasSuffix(".swx") || name.hasSuffix(".swo")
            || (name.hasPrefix("#") && name.hasSuffix("#"))
            || name.hasSuffix("___jb_tmp___") || name.hasSuffix("___jb_old___")
    }
}
