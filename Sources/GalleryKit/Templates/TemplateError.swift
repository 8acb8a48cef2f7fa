/// A problem in a Mustache template or a theme asset: where the offending tag is and what is
/// wrong with it.
///
/// `location.file` is the template's display path (e.g. `Templates/album.mustache`), with the
/// 1-based line and column of the tag's opening delimiter.
typealias TemplateError = BuildError<TemplateProblem>

/// What is wrong with a template, in the parser's or renderer's words (e.g. `unclosed section
/// 'photos' opened here`): an open list, since each names the tags involved.
struct TemplateProblem: ErrorReason {
    var message: String

    init(_ message: String) {
        self.message = message
    }
}

/// Every error found while loading a ``TemplateLibrary``, not just the first.
struct TemplateLibraryErrors: Error, Sendable, CustomStringConvertible {
    /// The errors, sorted by file, line and column.
    var errors: [TemplateError]

    /// The errors, sorted.
    init(errors: [TemplateError]) {
        self.errors = errors.sorted {
            ($0.location.file, $0.location.line ?? 0, $0.location.column ?? 0, $0.message)
                < ($1.location.file, $1.location.line ?? 0, $1.location.column ?? 0, $1.message)
        }
    }

    /// One compiler-style line per error.
    var description: String {
        errors.map(\.description).joined(separator: "\n")
    }
}
