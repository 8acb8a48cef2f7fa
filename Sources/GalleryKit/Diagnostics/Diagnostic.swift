/// How serious a diagnostic is. Warnings fail a build only under `--strict`.
public enum Severity: String, Sendable, Hashable, Comparable {
    case note
    case warning
    case error

    public static func < (lhs: Severity, rhs: Severity) -> Bool {
        lhs.rank < rhs.rank
    }

    private var rank: Int {
        switch self {
        case .note: 0
        case .warning: 1
        case .error: 2
        }
    }
}

/// A place in a file: a path relative to the site root (or a template path), with an
/// optional 1-based line and column.
public struct SourceLocation: Sendable, Hashable, CustomStringConvertible {
    public var file: String
    public var line: Int?
    public var column: Int?

    public init(file: String, line: Int? = nil, column: Int? = nil) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// `file`, `file:line` or `file:line:column`, as compilers print it.
    public var description: String {
        var text = file
        if let line {
            text += ":\(line)"
            if let column { text += ":\(column)" }
        }
        return text
    }
}

/// One message about the input: where, how serious, and what is wrong.
public struct Diagnostic: Sendable, Hashable, CustomStringConvertible {
    public var severity: Severity
    public var location: SourceLocation
    public var message: String
    /// What kind of problem it is (`missingAltText`, `unsupportedImage`), so that the command
    /// line can show the first few of a kind that repeats thousands of times and count the
    /// rest; nil for a one-off message.
    public var kind: String?

    public init(_ severity: Severity, _ location: SourceLocation, _ message: String, kind: String? = nil) {
        self.severity = severity
        self.location = location
        self.message = message
        self.kind = kind
    }

    /// Compiler style: `content/x/index.md:4:9: error: front matter: ...`.
    public var description: String {
        "\(location): \(severity.rawValue): \(message)"
    }
}

/// An error that knows where in the input it comes from. Every stage's error type conforms, so
/// the build can turn any of them into a ``Diagnostic``.
public protocol LocatedError: Error, CustomStringConvertible {
    /// Where the problem is; `file` is relative to the site root.
    var location: SourceLocation { get }
    /// What is wrong, without the location.
    var message: String { get }
    /// `.error` unless the problem should only warn (an unsupported format, say).
    var severity: Severity { get }
    /// What kind of problem it is (``Diagnostic/kind``); nil when it is not one that repeats.
    var kind: String? { get }
}

extension LocatedError {
    public var severity: Severity { .error }
    public var kind: String? { nil }
    public var description: String { "\(location): \(severity.rawValue): \(message)" }
    public var diagnostic: Diagnostic { Diagnostic(severity, location, message, kind: kind) }
}
