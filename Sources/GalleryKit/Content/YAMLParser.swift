internal import CYAML

/// Parses YAML text into a ``YAMLNode`` tree with libyaml's event API. The only file that
/// imports CYAML: parser and event structs live on the heap and never leave this file.
enum YAMLParser {
    /// Most nodes that aliases may expand to; more is almost certainly a "billion laughs" file.
    static let maxNodes = 100_000
    /// Deepest nesting of lists and mappings. Real front matter and site.yml nest a few levels;
    /// deeper is a hostile file (libyaml's scanner is quadratic in flow nesting, and a deep tree
    /// is freed recursively). Checked as the events arrive, so the scanner never goes deeper.
    static let maxDepth = 64

    /// Parses the first document of `text`.
    /// - Parameter lineOffset: lines before the YAML in its file (1 for front matter after `---`),
    ///   added to every position so marks and errors point into the file itself.
    /// - Returns: the root node, or nil when the text holds no document (empty, only comments).
    /// - Throws: ``SyntaxError`` with libyaml's problem and its position (made 1-based).
    static func parse(_ text: String, lineOffset: Int = 0) throws(SyntaxError) -> YAMLNode? {
        let bytes = Array(text.utf8)
        let input = UnsafeMutablePointer<UInt8>.allocate(capacity: max(1, bytes.count))
        defer { input.deallocate() }
        input.initialize(from: bytes, count: bytes.count)

        let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
        defer { parser.deallocate() }
        guard yaml_parser_initialize(parser) != 0 else {
            throw SyntaxError(message: "cannot start the YAML parser", line: lineOffset + 1, column: 1)
        }
        defer { yaml_parser_delete(parser) }
        yaml_parser_set_input_string(parser, input, bytes.count)

        let event = UnsafeMutablePointer<yaml_event_t>.allocate(capacity: 1)
        defer { event.deallocate() }
        var builder = TreeBuilder(lineOffset: lineOffset)
        while true {
            guard yaml_parser_parse(parser, event) != 0 else {
                throw syntaxError(parser.pointee, lineOffset: lineOffset)
            }
            defer { yaml_event_delete(event) }
            let done = try builder.handle(event.pointee)
            if done { return builder.root }
        }
    }

    private static func syntaxError(_ parser: yaml_parser_t, lineOffset: Int) -> SyntaxError {
        var message = parser.problem.map { String(cString: $0) } ?? "invalid YAML"
        if let context = parser.context {
            message += " (\(String(cString: context)))"
        }
        let mark = parser.problem_mark
        return SyntaxError(
            message: message, line: Int(mark.line) + lineOffset + 1, column: Int(mark.column) + 1)
    }

    /// Turns the event stream into a tree: a stack of open collections, anchors by name.
    private struct TreeBuilder {
        enum Frame {
            case sequence(YAMLNode, anchor: String?, items: [YAMLNode])
            case mapping(YAMLNode, anchor: String?, pairs: [YAMLPair], key: YAMLNode?)
        }

        let lineOffset: Int
        var stack: [Frame] = []
        var anchors: [String: YAMLNode] = [:]
        var root: YAMLNode?
        var finished = false
        var expanded = 0

        init(lineOffset: Int) { self.lineOffset = lineOffset }

        /// Handles one event; returns true when the first document is complete.
        mutating func handle(_ event: yaml_event_t) throws(SyntaxError) -> Bool {
            let line = Int(event.start_mark.line) + lineOffset + 1
            let column = Int(event.start_mark.column) + 1
            switch event.type {
            case YAML_STREAM_END_EVENT, YAML_DOCUMENT_END_EVENT:
                return true
            case YAML_SCALAR_EVENT:
                let scalar = event.data.scalar
                let text = string(scalar.value, scalar.length)
                let plain = scalar.style == YAML_PLAIN_SCALAR_STYLE
                let node = YAMLNode(.scalar(text, plain: plain), line: line, column: column)
                try add(node, anchor: scalar.anchor.map { cString($0) })
            case YAML_ALIAS_EVENT:
                let name = event.data.alias.anchor.map { cString($0) } ?? ""
                guard var node = anchors[name] else {
                    throw SyntaxError(message: "unknown alias '*\(name)'", line: line, column: column)
                }
                expanded += node.nodeCount
                if expanded > YAMLParser.maxNodes {
                    throw SyntaxError(
                        message: "aliases expand to more than \(YAMLParser.maxNodes) values",
                        line: line, column: column)
                }
                node.line = line
                node.column = column
                try add(node, anchor: nil)
            case YAML_SEQUENCE_START_EVENT:
                try checkDepth(line: line, column: column)
                let placeholder = YAMLNode(.sequence([]), line: line, column: column)
                stack.append(
                    .sequence(placeholder, anchor: anchorName(event.data.sequence_start.anchor), items: []))
            case YAML_MAPPING_START_EVENT:
                try checkDepth(line: line, column: column)
                let placeholder = YAMLNode(.mapping([]), line: line, column: column)
                stack.append(
                    .mapping(
                        placeholder, anchor: anchorName(event.data.mapping_start.anchor), pairs: [], key: nil)
                )
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                guard let frame = stack.popLast() else { return false }
                switch frame {
                case .sequence(var node, let anchor, let items):
                    node.value = .sequence(items)
                    try add(node, anchor: anchor)
                case .mapping(var node, let anchor, let pairs, _):
                    node.value = .mapping(pairs)
                    try add(node, anchor: anchor)
                }
            default:
                break
            }
            return false
        }

        private func checkDepth(line: Int, column: Int) throws(SyntaxError) {
            if stack.count >= YAMLParser.maxDepth {
                throw SyntaxError(
                    message: "nested more than \(YAMLParser.maxDepth) levels deep", line: line, column: column
                )
            }
        }

        private mutating func add(_ node: YAMLNode, anchor: String?) throws(SyntaxError) {
            if let anchor { anchors[anchor] = node }
            guard let top = stack.popLast() else {
                if root == nil { root = node }
                return
            }
            switch top {
            case .sequence(let open, let anchor, var items):
                items.append(node)
                stack.append(.sequence(open, anchor: anchor, items: items))
            case .mapping(let open, let anchor, var pairs, let key):
                if let key {
                    pairs.append(YAMLPair(key: key, value: node))
                    stack.append(.mapping(open, anchor: anchor, pairs: pairs, key: nil))
                } else {
                    stack.append(.mapping(open, anchor: anchor, pairs: pairs, key: node))
                }
            }
        }

        private func anchorName(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
            pointer.map { cString($0) }
        }

        private func cString(_ pointer: UnsafeMutablePointer<yaml_char_t>) -> String {
            String(cString: UnsafeRawPointer(pointer).assumingMemoryBound(to: CChar.self))
        }

        private func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?, _ length: Int) -> String {
            guard let pointer else { return "" }
            return String(decoding: UnsafeBufferPointer(start: pointer, count: length), as: UTF8.self)
        }
    }
}
