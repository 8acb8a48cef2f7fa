/// Walks a parsed template and writes its output.
struct TemplateRenderer {
    /// An argument passed to a block: content written in some template, to expand elsewhere.
    struct Argument {
        var block: TemplateBlock
        var file: String
        /// The indentation in effect where the argument was written.
        var indentation: String
    }

    /// Finds a template by name; nil when there is none.
    let lookup: (String) -> MustacheTemplate?
    /// Whether a missing partial or parent is an error (a library) or renders nothing (the spec).
    let missingIsError: Bool
    /// How deep partials and parents may nest before the renderer gives up.
    static let maximumDepth = 200

    private(set) var output = ""

    init(lookup: @escaping (String) -> MustacheTemplate?, missingIsError: Bool) {
        self.lookup = lookup
        self.missingIsError = missingIsError
    }

    private struct Scope {
        var file: String
        var indentation: String
        var arguments: [String: Argument]
        var depth: Int
    }

    /// Renders `template` against a context.
    mutating func render(_ template: MustacheTemplate, _ context: TemplateValue) throws(TemplateError) {
        output.reserveCapacity(template.sourceLength + template.sourceLength / 2)
        var stack = [context]
        let scope = Scope(file: template.name, indentation: "", arguments: [:], depth: 0)
        try render(template.nodes, &stack, scope)
    }

    private mutating func render(
        _ nodes: [TemplateNode], _ stack: inout [TemplateValue], _ scope: Scope
    ) throws(TemplateError) {
        for node in nodes {
            switch node {
            case .text(let text):
                output += text
            case .lineStart:
                if !scope.indentation.isEmpty { output += scope.indentation }
            case .variable(let path, let escaped, _):
                guard let value = Self.resolve(path, in: stack) else { continue }
                let text = value.interpolated
                if escaped { Self.appendEscaped(text, to: &output) } else { output += text }
            case .section(let path, let inverted, let children):
                let value = Self.resolve(path, in: stack) ?? .null
                if inverted {
                    if !value.isTruthy { try render(children, &stack, scope) }
                } else if value.isTruthy {
                    if case .array(let items) = value {
                        for item in items {
                            stack.append(item)
                            try render(children, &stack, scope)
                            stack.removeLast()
                        }
                    } else {
                        stack.append(value)
                        try render(children, &stack, scope)
                        stack.removeLast()
                    }
                }
            case .partial(let reference, let indentation, let position):
                guard let template = try resolve(reference, stack, scope, position, "partial") else {
                    continue
                }
                var inner = scope
                inner.file = template.name
                inner.indentation = indentation.map { scope.indentation + $0 } ?? ""
                inner.depth += 1
                try render(template.nodes, &stack, inner)
            case .parent(let reference, let indentation, let arguments, let position):
                guard let template = try resolve(reference, stack, scope, position, "parent") else {
                    continue
                }
                var inner = scope
                for (name, block) in arguments where inner.arguments[name] == nil {
                    inner.arguments[name] = Argument(
                        block: block, file: scope.file, indentation: scope.indentation)
                }
                inner.file = template.name
                inner.indentation = indentation.map { scope.indentation + $0 } ?? ""
                inner.depth += 1
                try render(template.nodes, &stack, inner)
            case .block(let block):
                try render(block, &stack, scope)
            }
        }
    }

    private mutating func render(
        _ block: TemplateBlock, _ stack: inout [TemplateValue], _ scope: Scope
    ) throws(TemplateError) {
        var inner = scope
        var content = block.children
        if let argument = scope.arguments[block.name] {
            content = argument.block.children
            inner.file = argument.file
            if argument.block.indentation == nil { inner.indentation = argument.indentation }
        }
        if let indentation = block.indentation {
            let own = block.contentIndentation.isEmpty ? indentation : block.contentIndentation
            inner.indentation = scope.indentation + own
        }
        try render(content, &stack, inner)
    }

    private func resolve(
        _ reference: TemplateReference, _ stack: [TemplateValue], _ scope: Scope, _ position: TagPosition,
        _ kind: String
    ) throws(TemplateError) -> MustacheTemplate? {
        let location = SourceLocation(file: scope.file, line: position.line, column: position.column)
        let name: String
        switch reference {
        case .named(let named):
            name = named
        case .dynamic(let path, let spelled):
            guard case .string(let resolved) = Self.resolve(path, in: stack) else {
                if missingIsError {
                    throw TemplateError(
                        TemplateProblem("dynamic name '*\(spelled)' is not a string in the context"),
                        at: location)
                }
                return nil
            }
            name = resolved
        }
        guard let template = lookup(name) else {
            if missingIsError {
                throw TemplateError(TemplateProblem("unknown \(kind) '\(name)'"), at: location)
            }
            return nil
        }
        if scope.depth >= Self.maximumDepth {
            throw TemplateError(
                TemplateProblem(
                    "\(kind) '\(name)' nested more than \(Self.maximumDepth) levels deep: endless recursion?"),
                at: location)
        }
        return template
    }

    /// Looks a dotted name up: the first part through the context stack (innermost first),
    /// the rest inside what it found. Nil when any part is missing.
    static func resolve(_ path: TemplatePath, in stack: [TemplateValue]) -> TemplateValue? {
        guard let first = path.first else { return stack.last }
        var found: TemplateValue?
        for frame in stack.reversed() {
            if case .dictionary(let values) = frame, let value = values[first] {
                found = value
                break
            }
        }
        guard var value = found else { return nil }
        for part in path.dropFirst() {
            guard case .dictionary(let values) = value, let next = values[part] else { return nil }
            value = next
        }
        return value
    }

    /// `text` HTML-escaped as a `{{value}}` is (``appendEscaped(_:to:)``), for HTML built in
    /// Swift (captions from metadata, feed summaries).
    static func escaped(_ text: String) -> String {
        var out = ""
        appendEscaped(text, to: &out)
        return out
    }

    /// HTML-escapes `&`, `<`, `>` and `"`, the set the Mustache spec requires.
    static func appendEscaped(_ text: String, to output: inout String) {
        var runStart = text.utf8.startIndex
        var index = runStart
        let utf8 = text.utf8
        while index < utf8.endIndex {
            let replacement: String? =
                switch utf8[index] {
                case UInt8(ascii: "&"): "&amp;"
                case UInt8(ascii: "<"): "&lt;"
                case UInt8(ascii: ">"): "&gt;"
                case UInt8(ascii: "\""): "&quot;"
                default: nil
                }
            if let replacement {
                output += text[runStart..<index]
                output += replacement
                runStart = utf8.index(after: index)
            }
            index = utf8.index(after: index)
        }
        output += text[runStart..<utf8.endIndex]
    }
}
