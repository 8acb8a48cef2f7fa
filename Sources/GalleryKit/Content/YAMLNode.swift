/// A parsed YAML value with where it starts. Every scalar stays a string: typing happens where
/// the key is known (see `FieldReader`).
struct YAMLNode: Sendable, Hashable {
    /// The shape of a node.
    indirect enum Value: Sendable, Hashable {
        /// A scalar; `plain` is false when it was quoted or a block scalar (so `"yes"` stays text).
        case scalar(String, plain: Bool)
        case sequence([YAMLNode])
        case mapping([YAMLPair])
    }

    var value: Value
    /// 1-based line in the file the YAML came from.
    var line: Int
    /// 1-based column.
    var column: Int

    init(_ value: Value, line: Int, column: Int) {
        self.value = value
        self.line = line
        self.column = column
    }

    /// The scalar text, or nil for a list or mapping.
    var scalar: String? {
        if case .scalar(let text, _) = value { return text }
        return nil
    }

    /// True for `~`, `null` and an empty plain scalar: "no value given".
    var isNull: Bool {
        guard case .scalar(let text, let plain) = value, plain else { return false }
        return text.isEmpty || text == "~" || text.lowercased() == "null"
    }

    /// What kind of value this is, in words, for messages (`a list`, `'maybe'`).
    var summary: String {
        switch value {
        case .scalar(let text, _): "'\(text)'"
        case .sequence: "a list"
        case .mapping: "a mapping"
        }
    }

    /// How many nodes this tree holds (used to stop alias bombs).
    var nodeCount: Int {
        switch value {
        case .scalar: 1
        case .sequence(let items): 1 + items.reduce(0) { $0 + $1.nodeCount }
        case .mapping(let pairs): 1 + pairs.reduce(0) { $0 + $1.key.nodeCount + $1.value.nodeCount }
        }
    }
}

/// One `key: value` entry of a YAML mapping, in file order.
struct YAMLPair: Sendable, Hashable {
    var key: YAMLNode
    var value: YAMLNode
}

/// A YAML or TOML syntax error at a 1-based position in the file.
struct SyntaxError: Error, Sendable, Hashable {
    var message: String
    var line: Int
    var column: Int
}
