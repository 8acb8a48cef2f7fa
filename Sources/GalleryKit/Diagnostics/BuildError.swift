/// Why something went wrong, as one stage's list of reasons: `ContentProblem`, `ImageProblem`,
/// `VideoProblem`, `CacheProblem`, `OutputProblem`, `GPSLeakProblem`, `TemplateProblem`. Each
/// case words its own message; most are errors.
protocol ErrorReason: Sendable, Hashable {
    /// What is wrong, in words a photographer follows, without the location.
    var message: String { get }
    /// `.error` unless the problem only warns (an unsupported format) or informs.
    var severity: Severity { get }
}

extension ErrorReason {
    var severity: Severity { .error }
}

/// A problem at a place in the input or the output: the one spelling of located errors.
///
/// Each stage names its own: `typealias ImageError = BuildError<ImageProblem>` and so on, and
/// throws it typed where its reasons are a closed list. The build turns any of them into a
/// ``Diagnostic`` (``LocatedError/diagnostic``); one build reports every broken file.
///
///     throw ImageError(.emptyFile, file: "iceland/DSC_0142.jpg")
///     throw ContentError(.unknownKey("titel", suggestion: "title"), file: "about.md", line: 2, column: 1)
struct BuildError<Problem: ErrorReason>: LocatedError, Hashable {
    /// The stage's list of reasons (`ImageError.Reason` is ``ImageProblem``).
    typealias Reason = Problem

    /// Where: a path relative to the site root (or as the user typed it), line and column.
    var location: SourceLocation
    /// What went wrong.
    var reason: Reason
    /// The system's error behind it, when there is one (the message already says it in words;
    /// this keeps the original for callers that look deeper). Not part of equality.
    var underlying: (any Error)?

    /// A problem with `reason` in `file`, at `line` and `column` when known.
    init(
        _ reason: Reason, file: String, line: Int? = nil, column: Int? = nil, underlying: (any Error)? = nil
    ) {
        self.init(reason, at: SourceLocation(file: file, line: line, column: column), underlying: underlying)
    }

    /// A problem with `reason` at `location`.
    init(_ reason: Reason, at location: SourceLocation, underlying: (any Error)? = nil) {
        self.location = location
        self.reason = reason
        self.underlying = underlying
    }

    var message: String { reason.message }
    var severity: Severity { reason.severity }
    /// The reason's case (`unsupportedImage`): warnings of one case are one kind.
    var kind: String? { String(String(describing: reason).prefix { $0 != "(" }) }

    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.location == rhs.location && lhs.reason == rhs.reason
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(location)
        hasher.combine(reason)
    }
}
