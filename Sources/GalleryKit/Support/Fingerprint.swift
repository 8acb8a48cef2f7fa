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
    /// The text written and not yet hashed; hashed once at the end, or a piece at a time past
    /// ``flushSize`` (a site-wide print lists every album). One allocation per print, not one
    /// per field: 10,000 photos' and pages' prints are made on every build.
    private var pending: [UInt8] = []
    /// What was hashed of the text already, when it outgrew ``flushSize``.
    private var digest: SHA256?
    /// The labels written, in order, when recording (tests only).
    private(set) var labels: [String]?
    private static let flushSize = 1 << 16

    init(recordingLabels: Bool = false) {
        labels = recordingLabels ? [] : nil
        pending.reserveCapacity(512)
    }

    /// The fingerprint of what `write` adds.
    static func of(_ write: (inout Fingerprint) -> Void) -> String {
        var print = Fingerprint()
        write(&print)
        return print.hex
    }

    /// Writes `label=<length>:<text>` and a newline, where the text is `tag` (one ASCII
    /// character, or none) followed by `body`'s pieces, and the length is the text's in UTF-8.
    private mutating func field(_ label: String, tag: UInt8?, _ body: [String]) {
        labels?.append(label)
        var length = tag == nil ? 0 : 1
        for piece in body { length += piece.utf8.count }
        pending.append(contentsOf: label.utf8)
        pending.append(UInt8(ascii: "="))
        pending.append(contentsOf: String(length).utf8)
        pending.append(UInt8(ascii: ":"))
        if let tag { pending.append(tag) }
        for piece in body { pending.append(contentsOf: piece.utf8) }
        pending.append(UInt8(ascii: "\n"))
        if pending.count >= Self.flushSize { flush() }
    }

    private mutating func field(_ label: String, _ text: String) {
        field(label, tag: nil, [text])
    }

    private mutating func flush() {
        if digest == nil { digest = SHA256() }
        digest?.update(pending)
        pending.removeAll(keepingCapacity: true)
    }

    mutating func add(_ label: String, _ value: String?) {
        if let value { field(label, tag: UInt8(ascii: "s"), [value]) } else { field(label, "-") }
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

    /// `a<count>:` then each item as `<length>:<item>`.
    mutating func add(_ label: String, _ value: [String]?) {
        guard let value else { return field(label, "-") }
        var body = ["\(value.count):"]
        body.reserveCapacity(value.count * 2 + 1)
        for item in value {
            body.append("\(item.utf8.count):")
            body.append(item)
        }
        field(label, tag: UInt8(ascii: "a"), body)
    }

    /// Any value through its stable description (``stableDescription(of:)``): for the few
    /// values of a build (the site's settings), not for one per photo.
    mutating func add(reflecting label: String, _ value: Any) {
        field(label, Self.stableDescription(of: value))
    }

    /// 32 hex digits: the first half of the SHA-256, as many as a content hash needs here.
    var hex: String {
        var hasher = digest ?? SHA256()
        hasher.update(pending)
        return String(SHA256.hexString(hasher.finalize()).prefix(32))
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
