import Synchronization

/// Collects diagnostics from every stage (and every image worker) of one build. It never
/// prints: the CLI decides how to show them.
public final class DiagnosticCollector: Sendable {
    private let storage = Mutex<[Diagnostic]>([])

    public init() {}

    /// Records one diagnostic.
    public func emit(_ diagnostic: Diagnostic) {
        storage.withLock { $0.append(diagnostic) }
    }

    /// Records `diagnostics`, in order, at once.
    func emit(all diagnostics: [Diagnostic]) {
        storage.withLock { $0 += diagnostics }
    }

    /// Records a diagnostic built from its parts.
    public func emit(_ severity: Severity, _ location: SourceLocation, _ message: String) {
        emit(Diagnostic(severity, location, message))
    }

    /// Records a located error at its own severity.
    public func emit(_ error: any LocatedError) {
        emit(error.diagnostic)
    }

    /// Everything recorded so far, sorted by file, line, column, then message, so output is
    /// stable whatever order the workers finished in.
    public var diagnostics: [Diagnostic] {
        storage.withLock { $0 }.sorted { a, b in
            (a.location.file, a.location.line ?? 0, a.location.column ?? 0, a.message)
                < (b.location.file, b.location.line ?? 0, b.location.column ?? 0, b.message)
        }
    }

    /// The number of diagnostics of the given severity.
    public func count(of severity: Severity) -> Int {
        storage.withLock { list in list.count { $0.severity == severity } }
    }

    /// True when any error has been recorded.
    public var hasErrors: Bool { count(of: .error) > 0 }
}
