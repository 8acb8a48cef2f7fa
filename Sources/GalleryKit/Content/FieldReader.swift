import Foundation

/// Reads the keys of one YAML mapping against a fixed list of known keys. Unknown keys, duplicate
/// keys and values of the wrong type are reported (file:line:column and the key) and the
/// caller's default stays in place: a typo never stops a build, and never goes unnoticed.
struct FieldReader {
    private let reporter: IssueReporter
    private let prefix: String
    private var entries: [String: YAMLPair] = [:]

    /// - Parameters:
    ///   - node: the mapping (nil when there is no metadata at all).
    ///   - knownKeys: every key this mapping may hold.
    ///   - prefix: shown before nested keys in messages (`images.`).
    ///   - sigalStyle: sigal-style headers, whose unknown keys are sigal's own (notes).
    ///   - hugoParams: Hugo's `params:`, whose unknown keys are a theme's own (notes).
    init(
        _ node: YAMLNode?, knownKeys: [String], reporter: IssueReporter, prefix: String = "",
        frontMatter: Bool = true, sigalStyle: Bool = false, hugoParams: Bool = false
    ) {
        self.reporter = reporter
        self.prefix = prefix
        guard let node, !node.isNull else { return }
        guard case .mapping(let pairs) = node.value else {
            reporter.report(.notAMapping(found: node.summary, frontMatter: frontMatter), at: node)
            return
        }
        for pair in pairs {
            guard let key = pair.key.scalar else {
                reporter.report(.unknownKey(prefix + pair.key.summary, suggestion: nil), at: pair.key)
                continue
            }
            let lookup = sigalStyle ? key.lowercased() : key
            guard knownKeys.contains(lookup) else {
                if sigalStyle {
                    reporter.report(.ignoredSigalKey(key), at: pair.key)
                } else if hugoParams {
                    reporter.report(.ignoredHugoParam(key), at: pair.key)
                } else {
                    let suggestion = Self.closest(to: key, in: knownKeys).map { prefix + $0 }
                    reporter.report(.unknownKey(prefix + key, suggestion: suggestion), at: pair.key)
                }
                continue
            }
            if entries[lookup] != nil { reporter.report(.duplicateKey(prefix + key), at: pair.key) }
            entries[lookup] = pair
        }
    }

    /// The value node of a key, skipping explicit nulls (`title: ~`).
    func node(_ key: String) -> YAMLNode? {
        guard let value = entries[key]?.value, !value.isNull else { return nil }
        return value
    }

    /// Where a key was written, for later checks such as a missing cover photo.
    func keyNode(_ key: String) -> YAMLNode? { entries[key]?.key }

    func string(_ key: String) -> String? {
        guard let value = node(key) else { return nil }
        guard let text = value.scalar else { return wrong(key, "text", value) }
        return text
    }

    /// A template-style name: letters, digits, `-` and `_` only (no paths).
    func name(_ key: String) -> String? {
        typed(key, "a name made of letters, digits, '-' and '_'") { text in
            !text.isEmpty
                && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }
                ? text : nil
        }
    }

    func bool(_ key: String) -> Bool? {
        typed(key, "true or false", ScalarTypes.bool)
    }

    func int(_ key: String, in range: ClosedRange<Int>) -> Int? {
        typed(key, "a whole number from \(range.lowerBound) to \(range.upperBound)") {
            ScalarTypes.int($0).flatMap { range.contains($0) ? $0 : nil }
        }
    }

    func double(_ key: String, in range: ClosedRange<Double>) -> Double? {
        typed(key, "a number from \(format(range.lowerBound)) to \(format(range.upperBound))") {
            ScalarTypes.double($0).flatMap { range.contains($0) ? $0 : nil }
        }
    }

    func date(_ key: String) -> Date? {
        typed(key, "a date like 2024-06-01 or 2024-06-01T09:00:00", ScalarTypes.date)
    }

    /// A colour like `"#fbfaf8"`. Unquoted, YAML reads `#` as the start of a comment and the
    /// value as empty, which would silently keep the default: that is reported too.
    func color(_ key: String) -> RGBColor? {
        let expected = "a colour like \"#fbfaf8\" (in quotes: an unquoted # starts a YAML comment)"
        if let value = entries[key]?.value, value.isNull {
            return wrong(key, expected, value)
        }
        return typed(key, expected, RGBColor.init(hex:))
    }

    func focus(_ key: String) -> FocalPoint? {
        typed(key, "two fractions from 0 to 1 like '0.62 0.40'", ScalarTypes.focus)
    }

    /// One of a fixed set of words (`layout: slider`).
    func choice<T: RawRepresentable & CaseIterable>(_ key: String, _ type: T.Type) -> T?
    where T.RawValue == String {
        typed(key, Self.oneOf(T.allCases.map(\.rawValue)), T.init(rawValue:))
    }

    /// A list of values, each converted by `convert`; a single value counts as a one-item list.
    /// An empty list, or any item that does not convert, is reported and the default kept.
    func list<T>(_ key: String, of expected: String, _ convert: (String) -> T?) -> [T]? {
        guard let value = node(key) else { return nil }
        let items: [YAMLNode]
        switch value.value {
        case .scalar: items = [value]
        case .sequence(let nodes): items = nodes
        case .mapping: return wrong(key, "a list of \(expected)", value)
        }
        guard !items.isEmpty else { return wrong(key, "a list of \(expected)", value) }
        var result: [T] = []
        for item in items {
            guard let text = item.scalar, let converted = convert(text) else {
                return wrong(key, "a list of \(expected)", item)
            }
            result.append(converted)
        }
        return result
    }

    /// A nested mapping (`images:`), read with its own known keys.
    func nested(_ key: String, knownKeys: [String]) -> FieldReader? {
        guard let value = node(key) else { return nil }
        guard case .mapping = value.value else {
            return wrong(key, "a mapping of \(Self.oneOf(knownKeys))", value)
        }
        return FieldReader(value, knownKeys: knownKeys, reporter: reporter, prefix: prefix + key + ".")
    }

    /// A scalar converted by `convert`; anything else is reported as `expected` and nil returned.
    func typed<T>(_ key: String, _ expected: String, _ convert: (String) -> T?) -> T? {
        guard let value = node(key) else { return nil }
        guard let text = value.scalar, let result = convert(text) else { return wrong(key, expected, value) }
        return result
    }

    private func wrong<T>(_ key: String, _ expected: String, _ value: YAMLNode) -> T? {
        reporter.report(.wrongType(key: prefix + key, expected: expected, found: value.summary), at: value)
        return nil
    }

    private func format(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }

    static func oneOf(_ words: [String]) -> String {
        guard words.count > 1, let last = words.last else { return words.first ?? "" }
        return words.dropLast().joined(separator: ", ") + " or " + last
    }

    /// The known key closest to a misspelt one, if it is close enough to be a typo.
    static func closest(to key: String, in known: [String]) -> String? {
        let lower = key.lowercased()
        let scored = known.map { ($0, EditDistance.between(lower, $0)) }
        guard let best = scored.min(by: { $0.1 < $1.1 }) else { return nil }
        return best.1 <= (lower.count >= 4 ? 2 : 1) ? best.0 : nil
    }
}
