/// A value a Mustache template can render: the JSON-like data model of a template context.
///
/// Truthiness in sections: `.null`, `.bool(false)`, an empty array and an empty string are
/// falsey; everything else (including `0`) is truthy.
indirect enum TemplateValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([TemplateValue])
    case dictionary([String: TemplateValue])

    /// A string value, or `.null` when `string` is nil.
    init(_ string: String?) {
        if let string {
            self = .string(string)
        } else {
            self = .null
        }
    }

    /// Whether a section over this value renders (and an inverted section does not).
    var isTruthy: Bool {
        switch self {
        case .null: false
        case .bool(let value): value
        case .array(let items): !items.isEmpty
        case .string(let text): !text.isEmpty
        case .int, .double, .dictionary: true
        }
    }

    /// The text an interpolation tag writes for this value, before escaping.
    ///
    /// Integral doubles print without a fraction (`85.0` -> `85`), others in their shortest
    /// round-tripping form (`1.5` -> `1.5`). Arrays and dictionaries print nothing.
    var interpolated: String {
        switch self {
        case .null, .array, .dictionary: ""
        case .bool(let value): value ? "true" : "false"
        case .int(let value): String(value)
        case .string(let text): text
        case .double(let value):
            if value.isFinite, value == value.rounded(), abs(value) < 1e15 {
                String(Int(value))
            } else {
                String(value)
            }
        }
    }
}

extension TemplateValue: ExpressibleByStringLiteral {
    init(stringLiteral value: String) { self = .string(value) }
}

extension TemplateValue: ExpressibleByBooleanLiteral {
    init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension TemplateValue: ExpressibleByIntegerLiteral {
    init(integerLiteral value: Int) { self = .int(value) }
}

extension TemplateValue: ExpressibleByFloatLiteral {
    init(floatLiteral value: Double) { self = .double(value) }
}

extension TemplateValue: ExpressibleByArrayLiteral {
    init(arrayLiteral elements: TemplateValue...) { self = .array(elements) }
}

extension TemplateValue: ExpressibleByDictionaryLiteral {
    /// A dictionary; when a key repeats, the last value wins.
    init(dictionaryLiteral elements: (String, TemplateValue)...) {
        self = .dictionary(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}

extension TemplateValue: ExpressibleByNilLiteral {
    init(nilLiteral: ()) { self = .null }
}
