/// Builds the node tree from tags in source order, matching each section to its closing tag.
struct TemplateTreeBuilder {
    private struct Frame {
        enum Kind {
            case root, section, invertedSection, parent, block
        }
        var kind: Kind
        var name: String
        var position: TagPosition
        var children: [TemplateNode] = []
        var arguments: [String: TemplateBlock] = [:]
        var reference: TemplateReference = .named("")
        var indentation: String?
        /// Where a standalone block's content starts, to measure its indentation.
        var bodyStart: Int?
    }

    private let bytes: [UInt8]
    private let file: String
    private var stack: [Frame]

    init(bytes: [UInt8], file: String) {
        self.bytes = bytes
        self.file = file
        self.stack = [Frame(kind: .root, name: "", position: TagPosition(line: 1, column: 1))]
    }

    /// True when the two innermost open tags are a block inside a parent, so that
    /// `{{/block}}{{/parent}}` alone on a line is standalone.
    var closesBlockThenParent: Bool {
        stack.count >= 3 && stack[stack.count - 1].kind == .block && stack[stack.count - 2].kind == .parent
    }

    mutating func appendText(_ text: String) {
        guard !text.isEmpty else { return }
        if case .text(let previous) = stack[stack.count - 1].children.last {
            stack[stack.count - 1].children[stack[stack.count - 1].children.count - 1] = .text(
                previous + text)
        } else {
            stack[stack.count - 1].children.append(.text(text))
        }
    }

    mutating func appendLineStart() {
        stack[stack.count - 1].children.append(.lineStart)
    }

    /// Handles one tag. `indentation` and `bodyStart` are set when the tag is standalone.
    mutating func handle(_ token: TemplateToken, indentation: String?, bodyStart: Int?) throws(TemplateError)
    {
        let position = token.position
        switch token.kind {
        case .text, .comment, .setDelimiters:
            break
        case .variable(let escaped):
            let path = try self.path(token.content, position)
            stack[stack.count - 1].children.append(.variable(path, escaped: escaped, position))
        case .section, .invertedSection:
            _ = try path(token.content, position)
            let kind: Frame.Kind = token.kind == .section ? .section : .invertedSection
            stack.append(Frame(kind: kind, name: token.content, position: position))
        case .block:
            stack.append(
                Frame(
                    kind: .block, name: token.content, position: position, indentation: indentation,
                    bodyStart: bodyStart))
        case .parent:
            let reference = try self.reference(token.content, position)
            stack.append(
                Frame(
                    kind: .parent, name: Self.spelling(of: reference), position: position,
                    reference: reference, indentation: indentation))
        case .partial:
            let reference = try self.reference(token.content, position)
            stack[stack.count - 1].children.append(.partial(reference, indentation: indentation, position))
        case .close:
            try close(token)
        }
    }

    private mutating func close(_ token: TemplateToken) throws(TemplateError) {
        let name = Self.normalized(token.content)
        guard stack.count > 1 else {
            throw error(token.position, "unexpected closing tag '\(name)': no section is open")
        }
        let frame = stack.removeLast()
        guard frame.name == name else {
            let opened = "\(frame.position.line):\(frame.position.column)"
            throw error(
                token.position,
                "closing tag '\(name)' does not match \(Self.describe(frame.kind)) '\(frame.name)' opened at \(opened)"
            )
        }
        let node: TemplateNode
        switch frame.kind {
        case .root:
            return
        case .section, .invertedSection:
            let path = try path(frame.name, frame.position)
            node = .section(path, inverted: frame.kind == .invertedSection, children: frame.children)
        case .parent:
            node = .parent(
                frame.reference, indentation: frame.indentation, arguments: frame.arguments, frame.position)
        case .block:
            var block = TemplateBlock(
                name: frame.name, children: frame.children, indentation: frame.indentation,
                position: frame.position)
            if let bodyStart = frame.bodyStart, frame.indentation != nil, bodyStart <= token.start {
                block.contentIndentation = commonIndentation(bodyStart, token.start)
                TemplateDedenter.dedent(&block.children, by: block.contentIndentation)
            }
            node = .block(block)
        }
        if stack[stack.count - 1].kind == .parent {
            // Inside a parent tag only blocks count: they are the arguments.
            if case .block(let block) = node { stack[stack.count - 1].arguments[block.name] = block }
        } else {
            stack[stack.count - 1].children.append(node)
        }
    }

    /// The root's nodes, or an error for the innermost section left open.
    mutating func finish() throws(TemplateError) -> [TemplateNode] {
        if stack.count > 1, let open = stack.last {
            throw error(open.position, "unclosed \(Self.describe(open.kind)) '\(open.name)' opened here")
        }
        return stack[0].children
    }

    /// The whitespace every non-blank line of `bytes[start..<end]` starts with.
    private func commonIndentation(_ start: Int, _ end: Int) -> String {
        var common: ArraySlice<UInt8>?
        var index = start
        while index < end {
            var cursor = index
            while cursor < end, bytes[cursor] == UInt8(ascii: " ") || bytes[cursor] == UInt8(ascii: "\t") {
                cursor += 1
            }
            let lineEnd = bytes[cursor..<end].firstIndex(of: UInt8(ascii: "\n")) ?? end
            let blank = bytes[cursor..<lineEnd].allSatisfy { $0 == UInt8(ascii: "\r") }
            if !blank {
                let leading = bytes[index..<cursor]
                if let current = common {
                    common = current.prefix(zip(current, leading).prefix(while: { $0 == $1 }).count)
                } else {
                    common = leading
                }
            }
            index = lineEnd + 1
        }
        return String(decoding: common ?? [], as: UTF8.self)
    }

    private func path(_ name: String, _ position: TagPosition) throws(TemplateError) -> TemplatePath {
        if name == "." { return [] }
        let parts = name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        if parts.contains(where: \.isEmpty) {
            throw error(position, "invalid name '\(name)': empty part in a dotted name")
        }
        return parts
    }

    private func reference(_ name: String, _ position: TagPosition) throws(TemplateError) -> TemplateReference
    {
        let normalized = Self.normalized(name)
        guard normalized.hasPrefix("*") else { return .named(normalized) }
        let spelled = String(normalized.dropFirst())
        return .dynamic(try path(spelled, position), spelled: spelled)
    }

    /// `* name` and `*name` are the same dynamic name.
    private static func normalized(_ name: String) -> String {
        guard name.hasPrefix("*") else { return name }
        return "*" + name.dropFirst().drop(while: { $0 == " " || $0 == "\t" })
    }

    private static func spelling(of reference: TemplateReference) -> String {
        switch reference {
        case .named(let name): name
        case .dynamic(_, let spelled): "*" + spelled
        }
    }

    private static func describe(_ kind: Frame.Kind) -> String {
        switch kind {
        case .root: "template"
        case .section: "section"
        case .invertedSection: "inverted section"
        case .parent: "parent"
        case .block: "block"
        }
    }

    private func error(_ position: TagPosition, _ message: String) -> TemplateError {
        TemplateError(
            TemplateProblem(message), file: file, line: position.line, column: position.column)
    }
}
