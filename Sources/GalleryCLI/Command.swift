/// A subcommand of `galleryc`.
public enum Subcommand: String, Sendable, Hashable, CaseIterable {
    case build
    case serve
    case `init`
}

/// What the command line asks for, once parsed. Produced by ``CommandParser/parse(_:)``.
public enum Command: Sendable, Hashable {
    /// `galleryc build ...`
    case build(BuildCommand)
    /// `galleryc serve ...`
    case serve(ServeCommand)
    /// `galleryc init [<dir>]`: the folder to make a starter content folder in.
    case initSite(path: String)
    /// `--help`, `help [subcommand]`, or no arguments: help for the tool (nil) or a subcommand.
    case help(Subcommand?)
    /// `--version`
    case version
}

/// The arguments of `galleryc build`, as typed (paths are not resolved yet).
public struct BuildCommand: Sendable, Hashable {
    /// The content folder as given (`./content` by default).
    public var contentPath: String = "./content"
    /// The output folder as given (`./public` by default).
    public var outputPath: String = "./public"
    /// `--templates <dir>`.
    public var templatesPath: String?
    /// `--jobs <n>`; nil means one per core.
    public var jobs: Int?
    /// `--cache-dir <dir>`; nil means `GALLERYC_CACHE_DIR`, else `.galleryc/cache`.
    public var cachePath: String?
    /// `--strict`: warnings fail the build.
    public var strict = false
    /// `--keep-going`: publish the site without the files that failed (exit 1 all the same).
    public var keepGoing = false
    /// `--drafts`: build drafts too.
    public var includeDrafts = false
    /// `--follow-links`: follow symlinks that lead out of the content folder.
    public var followLinks = false
    /// `--quiet`: print only errors.
    public var quiet = false
    /// `--verbose`: print notes too.
    public var verbose = false

    /// Creates the arguments of a plain `galleryc build`.
    public init() {}
}

/// The arguments of `galleryc serve`, as typed.
public struct ServeCommand: Sendable, Hashable {
    /// The content folder as given (`./content` by default).
    public var contentPath: String = "./content"
    /// The output folder as given (`./public` by default).
    public var outputPath: String = "./public"
    /// `--templates <dir>`.
    public var templatesPath: String?
    /// `--port <port>` (8000 by default).
    public var port = 8000
    /// `--host <host>` (loopback by default).
    public var host = "127.0.0.1"
    /// `--cache-dir <dir>`; nil means `GALLERYC_CACHE_DIR`, else `.galleryc/cache`.
    public var cachePath: String?
    /// `--drafts`: build drafts too.
    public var includeDrafts = false
    /// `--follow-links`: follow symlinks that lead out of the content folder.
    public var followLinks = false

    /// Creates the arguments of a plain `galleryc serve`.
    public init() {}
}

/// A command line that cannot be run: what is wrong and which help page to point to.
public struct UsageError: Error, Sendable, Hashable {
    /// The message after `Error: `, such as `unknown option '--ouput'`.
    public var message: String
    /// The subcommand whose usage line and help page to show; nil for the tool itself.
    public var subcommand: Subcommand?

    /// Creates a usage error.
    public init(_ message: String, subcommand: Subcommand?) {
        self.message = message
        self.subcommand = subcommand
    }
}
