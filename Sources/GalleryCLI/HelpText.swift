/// Every help page and usage line, word for word. The README quotes these; a test keeps the
/// two in sync, so change the text here and then the README.
enum HelpText {
    /// The version `galleryc --version` prints.
    static let version = "0.1.0"

    /// The usage line of the tool itself.
    static let rootUsage = "galleryc <subcommand>"

    /// The usage line of `galleryc build`.
    static let buildUsage = """
        galleryc build [<content-dir>] [--output <dir>] [--templates <dir>] [--jobs <n>]
                              [--cache-dir <dir>] [--shard <k/n>] [--strict]
                              [--keep-going] [--drafts] [--follow-links] [--quiet]
                              [--verbose]
        """

    /// The usage line of `galleryc serve`.
    static let serveUsage = """
        galleryc serve [<content-dir>] [--port <port>] [--host <host>] [--output <dir>]
                              [--templates <dir>] [--cache-dir <dir>] [--drafts]
                              [--follow-links]
        """

    /// The usage line of `galleryc init`.
    static let initUsage = "galleryc init [<dir>]"

    /// `galleryc --help`.
    static let root = """
        OVERVIEW: Build fast, accessible photo gallery websites from Markdown and photos.

        USAGE: \(rootUsage)

        OPTIONS:
          --version               Show the version.
          -h, --help              Show help information.

        SUBCOMMANDS:
          build                   Build the site from a content folder.
          serve                   Build the site, preview it locally and rebuild on changes.
          init                    Make a content folder to start a new site from.

          See 'galleryc help <subcommand>' for detailed help.

        """

    /// `galleryc help build`.
    static let build = """
        OVERVIEW: Build the site from a content folder.

        The new site is written beside the output folder and replaces it only when the
        whole build succeeds; a failed build leaves the previous site as it was.

        USAGE: \(buildUsage)

        ARGUMENTS:
          <content-dir>           The content folder. (default: ./content)

        OPTIONS:
          --output <dir>          Where the site is written. (default: ./public)
          --templates <dir>       Template overrides, used before content/templates/ and
                                  the default theme.
          --jobs <n>              Photos and videos processed in parallel. (default: one
                                  per core)
          --cache-dir <dir>       Where processed photos are kept between builds; safe to
                                  delete. (default: $GALLERYC_CACHE_DIR, else
                                  .galleryc/cache)
          --shard <k/n>           Process share k of n of the photos into the cache and
                                  render nothing; copy the n caches into one, then a
                                  plain build renders the site. (for CI matrices)
          --strict                Treat warnings as errors.
          --keep-going            Publish the site without the files that failed, then
                                  exit 1; a GPS leak still stops the build.
          --drafts                Include pages and albums marked 'draft: true'.
          --follow-links          Follow symlinks that lead out of the content folder
                                  (refused with a warning by default).
          --quiet                 Print only errors.
          --verbose               Print notes as well as errors and warnings.
          -h, --help              Show help information.

        """

    /// `galleryc help serve`.
    static let serve = """
        OVERVIEW: Build the site, preview it locally and rebuild on changes.

        Open pages reload after each rebuild; a failed rebuild keeps serving the last
        good site and shows the errors in the page.

        USAGE: \(serveUsage)

        ARGUMENTS:
          <content-dir>           The content folder. (default: ./content)

        OPTIONS:
          --port <port>           The port to listen on; 0 picks a free one. (default: 8000)
          --host <host>           The address to listen on; anything but 127.0.0.1 shows
                                  the site to your network. (default: 127.0.0.1)
          --output <dir>          Where the site is written. (default: ./public)
          --templates <dir>       Template overrides, used before content/templates/ and
                                  the default theme.
          --cache-dir <dir>       Where processed photos are kept between builds; safe to
                                  delete. (default: $GALLERYC_CACHE_DIR, else
                                  .galleryc/cache)
          --drafts                Include pages and albums marked 'draft: true'.
          --follow-links          Follow symlinks that lead out of the content folder
                                  (refused with a warning by default).
          --unlock                Open private albums without their password: the
                                  preview is written to a temporary folder (removed when
                                  it stops), never to --output, since its pages hold the
                                  albums' keys.
          -h, --help              Show help information.

        """

    /// `galleryc help init`.
    static let `init` = """
        OVERVIEW: Make a content folder to start a new site from.

        Writes a commented site.yml (every setting, with its default), a home page, an
        about page and an example album with a photo and its sidecar. It never writes
        into a folder that holds anything.

        USAGE: \(initUsage)

        ARGUMENTS:
          <dir>                   The folder to make. (default: ./content)

        OPTIONS:
          -h, --help              Show help information.

        """

    /// The help page for a subcommand, or for the tool when `subcommand` is nil.
    static func page(for subcommand: Subcommand?) -> String {
        switch subcommand {
        case nil: root
        case .build: build
        case .serve: serve
        case .`init`: `init`
        }
    }

    /// The usage line for a subcommand, or for the tool when `subcommand` is nil.
    static func usage(for subcommand: Subcommand?) -> String {
        switch subcommand {
        case nil: rootUsage
        case .build: buildUsage
        case .serve: serveUsage
        case .`init`: initUsage
        }
    }

    /// What a usage error prints on stderr: the error, the usage line and where to read more.
    static func usageError(_ error: UsageError) -> String {
        let more =
            error.subcommand.map { "See 'galleryc help \($0.rawValue)' for more information." }
            ?? "See 'galleryc --help' for more information."
        return "Error: \(error.message)\nUsage: \(usage(for: error.subcommand))\n  \(more)\n"
    }
}
