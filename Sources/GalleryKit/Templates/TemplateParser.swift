/// Turns a template's source into a node tree: decides which lines are standalone (and vanish),
/// records indentation for standalone partials and blocks, and matches sections to their ends.
struct TemplateParser {
    private let bytes: [UInt8]
    private let file: String
    private var builder: TemplateTreeBuilder

    init(source: String, file: String) {
        self.bytes = Array(source.utf8)
        self.file = file
        self.builder = TemplateTreeBuilder(bytes: bytes, file: file)
    }

    /// Parses the whole template.
    mutating func parse() throws(TemplateError) -> [TemplateNode] {
        var scanner = TemplateScanner(bytes: bytes, file: file)
        let tokens = try scanner.scan()
        var lineStart = 0
        for index in tokens.indices {
            let token = tokens[index]
            let endsLine = token.kind == .text && bytes[token.end - 1] == UInt8(ascii: "\n")
            if endsLine || index == tokens.count - 1 {
                try parseLine(tokens[lineStart...index])
                lineStart = index + 1
            }
        }
        return try builder.finish()
    }

    /// How a line's tags make it vanish from the output.
    private enum Standalone {
        /// Not standalone: the line renders as written.
        case no
        /// The whole line, newline included, is removed.
        case line
        /// `{{$name}}{{/name}}` alone on a line: only the indentation is removed.
        case keepingNewline
    }

    private mutating func parseLine(_ line: ArraySlice<TemplateToken>) throws(TemplateError) {
        let standalone = classify(line)
        if standalone == .no {
            let isBlank = line.count == 1 && isLineBreak(line[line.startIndex])
            if !isBlank { builder.appendLineStart() }
            for token in line {
                if token.kind == .text {
                    builder.appendText(String(decoding: bytes[token.start..<token.end], as: UTF8.self))
                } else {
                    try builder.handle(token, indentation: nil, bodyStart: nil)
                }
            }
            return
        }
        let first = line[line.startIndex]
        let indentation =
            first.kind == .text ? String(decoding: bytes[first.start..<first.end], as: UTF8.self) : ""
        let last = line[line.index(before: line.endIndex)]
        let lineEnd = last.end
        for token in line where token.kind != .text {
            try builder.handle(token, indentation: indentation, bodyStart: lineEnd)
        }
        if standalone == .keepingNewline, last.kind == .text {
            let text = String(decoding: bytes[last.start..<last.end], as: UTF8.self)
            let newline = text.hasSuffix("\r\n") ? "\r\n" : text.hasSuffix("\n") ? "\n" : ""
            builder.appendText(newline)
        }
    }

    private func classify(_ line: ArraySlice<TemplateToken>) -> Standalone {
        let tags = line.filter { $0.kind != .text }
        guard !tags.isEmpty, tags.allSatisfy(\.canStandAlone) else { return .no }
        for token in line where token.kind == .text && !isWhitespace(token) { return .no }
        if tags.count == 1 { return .line }
        guard tags.count == 2, tags[0].end == tags[1].start else { return .no }
        switch (tags[0].kind, tags[1].kind) {
        case (.parent, .close) where tags[0].content == tags[1].content: return .line
        case (.block, .close) where tags[0].content == tags[1].content: return .keepingNewline
        case (.parent, .block): return .line
        case (.close, .close) where builder.closesBlockThenParent: return .line
        default: return .no
        }
    }

    private func isWhitespace(_ token: TemplateToken) -> Bool {
        bytes[token.start..<token.end].allSatisfy {
            $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\r")
                || $0 == UInt8(ascii: "\n")
        }
    }

    private func isLineBreak(_ token: TemplateToken) -> Bool {
        guard token.kind == .text else { return false }
        let length = token.end - token.start
        return (length == 1 && bytes[token.start] == UInt8(ascii: "\n"))
            || (length == 2 && bytes[token.start] == UInt8(ascii: "\r"))
    }
}
