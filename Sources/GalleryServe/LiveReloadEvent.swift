import Foundation
import GalleryKit

/// One server-sent event for open pages.
enum LiveReloadEvent: Sendable, Equatable {
    case reload
    case css
    case error([Diagnostic])
    case ok

    /// The event as it goes on the wire: `event:` and a one-line `data:` field.
    var wireText: String {
        switch self {
        case .reload: "event: reload\ndata: {}\n\n"
        case .css: "event: css\ndata: {}\n\n"
        case .ok: "event: ok\ndata: {}\n\n"
        case .error(let diagnostics): "event: error\ndata: \(Self.json(diagnostics))\n\n"
        }
    }

    private struct Entry: Encodable {
        var location: String
        var severity: String
        var message: String
    }

    /// A JSON array of `{location, severity, message}`; JSON escapes newlines, so it stays on
    /// one `data:` line.
    static func json(_ diagnostics: [Diagnostic]) -> String {
        let entries = diagnostics.map {
            Entry(location: $0.location.description, severity: $0.severity.rawValue, message: $0.message)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(entries) else { return "[]" }
        return String(decoding: data, as: UTF8.self)
    }
}
