/// A problem in a Mustache template: where the offending tag is and what is wrong with it.
///
/// `location.file` is the template's display path (e.g. `Templates/album.mustache`), with the
/// 1-based line and column of the tag's opening delimiter.
public struct TemplateError: LocatedError, Hashable {
    /// The template file and the line:column of the tag.
    public var location: SourceLocation
    /// What is wrong, e.g. `unclosed section 'photos' opened here`.
    public var message: String

    /// Creates an error at a location.
    public init(_ location: SourceLocation, _ message: String) {
        self.location = location
        self.message = message
    }
}

/// Every error found while loading a ``TemplateLibrary``, not just the first.
public struct TemplateLibraryErrors: Error, Sendable, CustomStringConvertible {
    /// The errors, sorted by file, line and column.
    public var errors: [TemplateError]

    /// Wraps a list of errors.
    public init(errors: [TemplateError]) {
        self.errors = errors
    }

    /// One compiler-style line per error.
    public var description: String {
        errors.map(\.description).joined(separator: "\n")
    }
}
