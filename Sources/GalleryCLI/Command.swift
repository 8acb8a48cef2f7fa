import GalleryKit

/// A subcommand of `galleryc`.
enum Subcommand: String, Sendable, Hashable, CaseIterable {
    case build
    case serve
    case `init`
}

/// What the command line asks for, once parsed. Produced by ``CommandParser/parse(_:)``.
enum Command: Sendable, Hashable {
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
struct BuildCommand: Sendable, Hashable {
    /// The content folder as given (`./content` by default).
    var contentPath: String = "./content"
    /// The output folder as given (`./public` by default).
    var outputPath: String = "./public"
    /// `--templates <dir>`.
    var templatesPath: String?
    /// `--jobs <n>`; nil means one per core.
    var jobs: Int?
    /// `--shard <k/n>`: process this share of the photos into the cache, render nothing.
    var shard: Shard?
    /// `--cache-dir <dir>`; nil means `GALLERYC_CACHE_DIR`, else `.galleryc/cache`.
    var cachePath: String?
    /// `--strict`: warnings fail the build.
    var strict = false
    /// `--keep-going`: publish the site without the files that failed (exit 1 all the same).
    var keepGoing = false
    /// `--drafts`: build drafts too.
    var includeDrafts = false
    /// `--follow-links`: follow symlinks that lead out of the content folder.
    var followLinks = false
    /// `--quiet`: print only errors.
    var quiet = false
    /// `--verbose`: print notes too.
    var verbose = false

    /// Creates the arguments of a plain `galleryc build`.
    init() {}
}

/// The arguments of `galleryc serve`, as typed.
struct ServeCommand: Sendable, Hashable {
    /// The content folder as given (`./content` by default).
    var contentPath: String = "./content"
    /// The output folder as given (`./public` by default).
    var outputPath: String = "./public"
    /// `--templates <dir>`.
    var templatesPath: String?
    /// `--port <port>` (8000 by default).
    var port = 8000
    /// `--host <host>` (loopback by default).
    var host = "127.0.0.1"
    /// `--cache-dir <dir>`; nil means `GALLERYC_CACHE_DIR`, else `.galleryc/cache`.
    var cachePath: String?
    /// `--drafts`: build drafts too.
    var includeDrafts = false
    /// `--follow-links`: follow symlinks that lead out of the content folder.
    var followLinks = false
    /// `--unlock`: private albums open without their password, in a preview written to a
    /// temporary folder instead of the output folder.
    var unlock = false

    /// Creates the arguments of a plain `galleryc serve`.
    init() {}
}

/// A command line that cannot be run: what is wrong and which help page to point to.
struct UsageError: Error, Sendable, Hashable {
    /// The message after `Error: `, such as `unknown option '--ouput'`.
    var message: String
    /// The subcommand whose usage line and help page to show; nil for the tool itself.
    var subcommand: Subcommand?

    /// Creates a usage error.
    init(_ message: String, subcommand: Subcommand?) {
        self.message = message
        self.subcommand = subcommand
    }
}
