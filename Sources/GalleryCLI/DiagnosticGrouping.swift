import GalleryKit
import Synchronization

/// What to print of a build's diagnostics when a kind of warning repeats (10,000 photos
/// without alt text are 10,000 lines that hide the one that matters): every error; of the
/// warnings and notes of one kind (``Diagnostic/kind``), the first ``shown`` in order, then one
/// line counting the rest, which `--verbose` lists. Errors are never grouped away.
enum DiagnosticGrouping {
    /// How many of one kind are printed in full.
    static let shown = 3

    /// One line to print.
    enum Line: Equatable {
        case diagnostic(Diagnostic)
        /// After the last one shown of a kind: how many more there are, and the severity.
        case more(Severity, count: Int, kind: String)
    }

    /// The lines for `diagnostics` (in their order); all of them when `all`.
    static func lines(_ diagnostics: [Diagnostic], all: Bool) -> [Line] {
        guard !all else { return diagnostics.map(Line.diagnostic) }
        var totals: [String: Int] = [:]
        for diagnostic in diagnostics where diagnostic.severity != .error {
            if let kind = diagnostic.kind { totals[kind, default: 0] += 1 }
        }
        var seen: [String: Int] = [:]
        var lines: [Line] = []
        for diagnostic in diagnostics {
            guard diagnostic.severity != .error, let kind = diagnostic.kind, let total = totals[kind],
                total > shown + 1
            else {
                lines.append(.diagnostic(diagnostic))
                continue
            }
            let count = seen[kind, default: 0] + 1
            seen[kind] = count
            if count <= shown { lines.append(.diagnostic(diagnostic)) }
            if count == shown { lines.append(.more(diagnostic.severity, count: total - shown, kind: kind)) }
        }
        return lines
    }

    /// The lines of ``lines(_:all:)`` as printed.
    static func text(_ diagnostics: [Diagnostic], all: Bool, _ formatter: DiagnosticFormatter) -> String {
        lines(diagnostics, all: all).map { line in
            switch line {
            case .diagnostic(let diagnostic): formatter.format(diagnostic)
            case .more(let severity, let count, _):
                formatter.formatMessage(severity, moreText(count, severity))
            }
        }.joined()
    }

    /// `and 9,997 more like these (--verbose lists them)`.
    static func moreText(_ count: Int, _ severity: Severity) -> String {
        let noun = severity == .note ? "notes" : "warnings"
        return "and \(grouped(count)) more \(noun) like these (--verbose lists them)"
    }

    /// `9,997`.
    static func grouped(_ count: Int) -> String {
        let digits = String(count)
        var out = ""
        for (index, character) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { out.append(",") }
            out.append(character)
        }
        return out
    }
}

/// What `galleryc serve` printed of the last rebuild, so that the next prints only what it
/// changed: its new diagnostics, and how many of the earlier ones are still there.
final class DiagnosticMemory: Sendable {
    /// The last rebuild's diagnostics in order, and as a set once one was looked up.
    private let previous = Mutex<(list: [Diagnostic], set: Set<Diagnostic>?)>(([], nil))

    /// The diagnostics of this rebuild that the last one did not have, and how many it did.
    /// A rebuild mostly reports what the last one did, in the same order (10,000 warnings about
    /// alt text, say): those are compared side by side, without hashing each of them twice.
    func changes(_ diagnostics: [Diagnostic]) -> (new: [Diagnostic], unchanged: Int) {
        previous.withLock { previous in
            defer { previous = (diagnostics, nil) }
            var new: [Diagnostic] = []
            for (index, diagnostic) in diagnostics.enumerated() {
                if index < previous.list.count, previous.list[index] == diagnostic { continue }
                let known = previous.set ?? Set(previous.list)
                previous.set = known
                if !known.contains(diagnostic) { new.append(diagnostic) }
            }
            return (new, diagnostics.count - new.count)
        }
    }
}
