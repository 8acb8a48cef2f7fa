import Foundation

/// A stable digest of values, field by field: the same values give the same fingerprint in
/// every process and on every machine (unlike `Hasher`, which is seeded per process), so it can
/// be kept between builds. Each field is written as its label and a length-prefixed value, so
/// no two different sequences of fields give the same text.
///
/// Writing a type's fingerprint by hand is fast, but a field left out would leave its changes
/// unseen: each model type's `fingerprint(into:)` is held by a test to name every stored
/// property (``labels`` records what was written, which the test compares with `Mirror`).
struct Fingerprint: Sendable {
    private var digest = SHA256()
    /// The labels written, in order, when recording (tests only).
    private(set) var labels: [String]?

    init(recordingLabels: Bool = false) {
        labels = recordingLabels ? [] : nil
    }

    /// The fingerprint of what `write` adds.
    static func of(_ write: (inout Fingerprint) -> Void) -> String {
        var print = Fingerprint()
        write(&print)
        return print.hex
    }

    private mutating func field(_ label: String, _ text: String) {
        labels?.append(label)
        digest.update("\(label)=\(text.utf8.count):\(text)\n")
    }

    mutating func add(_ label: String, _ value: String?) {
        field(label, value.map { "s" + $0 } ?? "-")
    }

    mutating func add(_ label: String, _ value: Int?) {
        field(label, value.map { "i\($0)" } ?? "-")
    }

    /// Doubles by their bit pattern: `0.1 + 0.2` and `0.3` differ, as they do when printed.
    mutating func add(_ label: String, _ value: Double?) {
        field(label, value.map { "d\($0.bitPattern)" } ?? "-")
    }

    mutating func add(_ label: String, _ value: Bool) {
        field(label, value ? "t" : "f")
    }

    mutating func add(_ label: String, _ value: Date?) {
        add(label, value?.timeIntervalSince1970)
    }

    mutating func add(_ label: String, _ value: [String]?) {
        field(label, value.map { "a\($0.count):" + $0.map { "\($0.utf8.count):\($0)" }.joined() } ?? "-")
    }

    /// Any value through its stable description (``stableDescription(of:)``): for the few
    /// values of a build (the site's settings), not for one per photo.
    mutating func add(reflecting label: String, _ value: Any) {
        field(label, Self.stableDescription(of: value))
    }

    /// 32 hex digits: the first half of the SHA-256, as many as a content hash needs here.
    var hex: String {
        var copy = digest
        return String(SHA256.hexString(copy.finalize()).prefix(32))
    }

    /// A description of `value` that does not depend on the process: every stored property
    /// by its label, recursively, with sets and dictionaries in sorted order (their iteration
    /// order differs between processes).
    static func stableDescription(of value: Any) -> String {
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .set:
            return "{"
                + mirror.children.map { stableDescription(of: $0.value) }.sorted().joined(separator: ",")
                + "}"
        case .dictionary:
            let pairs = mirror.children.map { child -> String in
                let pair = Mirror(reflecting: child.value).children.map { stableDescription(of: $0.value) }
                return pair.joined(separator: ":")
            }
            return "[" + pairs.sorted().joined(separator: ",") + "]"
        case .optional:
            guard let wrapped = mirror.children.first else { return "nil" }
            return "?" + stableDescription(of: wrapped.value)
        case .collection, .tuple:
            return "(" + mirror.children.map { stableDescription(of: $0.value) }.joined(separator: ",") + ")"
        case .struct, .class, .enum:
            let name = String(describing: type(of: value))
            if mirror.children.isEmpty { return "\(name).\(value)" }
            let fields = mirror.children.map { "\($0.label ?? "_")=\(stableDescription(of: $0.value))" }
            return "\(name)(\(fields.joined(separator: ",")))"
        default:
            let text = String(describing: value)
            return "\(text.utf8.count):\(text)"
        }
    }
}
