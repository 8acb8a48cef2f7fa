/// One piece of a template's source: a run of text within one line, or a tag.
struct TemplateToken {
    enum Kind: Equatable {
        /// Text; a line's last text piece ends with its newline.
        case text
        case variable(escaped: Bool)
        case section
        case invertedSection
        case close
        case comment
        case partial
        case parent
        case block
        case setDelimiters
    }

    var kind: Kind
    /// Byte range in the source, delimiters included for tags.
    var start: Int
    var end: Int
    /// The trimmed tag content after the sigil (empty for text, comments and delimiters).
    var content: String = ""
    var position: TagPosition

    /// Tags that vanish with their line when they stand alone on it.
    var canStandAlone: Bool {
        switch kind {
        case .text, .variable: false
        default: true
        }
    }
}

/// Splits a template into tokens, following set-delimiter tags.
struct TemplateScanner {
    let bytes: [UInt8]
    let file: String
    private var open: [UInt8] = Array("{{".utf8)
    private var close: [UInt8] = Array("}}".utf8)
    private var line = 1
    private var lineStart = 0

    init(bytes: [UInt8], file: String) {
        self.bytes = bytes
        self.file = file
    }

    /// All tokens of the template in order.
    mutating func scan() throws(TemplateError) -> [TemplateToken] {
        var tokens: [TemplateToken] = []
        var index = 0
        while index < bytes.count {
            let tagStart = find(open, from: index) ?? bytes.count
            appendText(from: index, to: tagStart, into: &tokens)
            if tagStart == bytes.count { break }
            let token = try scanTag(at: tagStart)
            tokens.append(token)
            advanceLines(from: tagStart, to: token.end)
            index = token.end
        }
        return tokens
    }

    private mutating func appendText(from start: Int, to end: Int, into tokens: inout [TemplateToken]) {
        var pieceStart = start
        var index = start
        while index < end {
            if bytes[index] == UInt8(ascii: "\n") {
                tokens.append(textToken(pieceStart, index + 1))
                line += 1
                lineStart = index + 1
                pieceStart = index + 1
            }
            index += 1
        }
        if pieceStart < end { tokens.append(textToken(pieceStart, end)) }
    }

    private func textToken(_ start: Int, _ end: Int) -> TemplateToken {
        TemplateToken(kind: .text, start: start, end: end, position: position(of: start))
    }

    private mutating func advanceLines(from start: Int, to end: Int) {
        for index in start..<end where bytes[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
    }

    private func position(of offset: Int) -> TagPosition {
        let prefix = String(decoding: bytes[lineStart..<offset], as: UTF8.self)
        return TagPosition(line: line, column: prefix.count + 1)
    }

    private func error(_ position: TagPosition, _ message: String) -> TemplateError {
        TemplateError(
            TemplateProblem(message), file: file, line: position.line, column: position.column)
    }

    private mutating func scanTag(at start: Int) throws(TemplateError) -> TemplateToken {
        let position = position(of: start)
        var inner = start + open.count
        let closeText = String(decoding: close, as: UTF8.self)
        if inner < bytes.count, bytes[inner] == UInt8(ascii: "{") {
            // Triple mustache: `{name}` between the delimiters.
            guard let end = find([UInt8(ascii: "}")] + close, from: inner + 1) else {
                throw error(position, "unclosed tag: expected '}\(closeText)'")
            }
            let name = try tagName(inner + 1, end, position)
            return TemplateToken(
                kind: .variable(escaped: false), start: start, end: end + 1 + close.count,
                content: name, position: position)
        }
        guard let end = find(close, from: inner) else {
            throw error(position, "unclosed tag: expected '\(closeText)'")
        }
        let tagEnd = end + close.count
        while inner < end, isSpace(bytes[inner]) { inner += 1 }
        let sigil = inner < end ? bytes[inner] : 0
        let kind: TemplateToken.Kind
        switch sigil {
        case UInt8(ascii: "!"):
            return TemplateToken(kind: .comment, start: start, end: tagEnd, position: position)
        case UInt8(ascii: "="):
            try setDelimiters(inner + 1, end, position)
            return TemplateToken(kind: .setDelimiters, start: start, end: tagEnd, position: position)
        case UInt8(ascii: "#"): kind = .section
        case UInt8(ascii: "^"): kind = .invertedSection
        case UInt8(ascii: "/"): kind = .close
        case UInt8(ascii: ">"): kind = .partial
        case UInt8(ascii: "<"): kind = .parent
        case UInt8(ascii: "$"): kind = .block
        case UInt8(ascii: "&"): kind = .variable(escaped: false)
        default:
            let name = try tagName(inner, end, position)
            return TemplateToken(
                kind: .variable(escaped: true), start: start, end: tagEnd, content: name, position: position)
        }
        let name = try tagName(inner + 1, end, position)
        return TemplateToken(kind: kind, start: start, end: tagEnd, content: name, position: position)
    }

    private func tagName(_ start: Int, _ end: Int, _ position: TagPosition) throws(TemplateError) -> String {
        let name = trimmed(start, end)
        // `{{> * name }}`: a dynamic name may be spaced from its asterisk.
        let bare = name.hasPrefix("*") ? name.dropFirst().drop(while: { $0 == " " || $0 == "\t" }) : name[...]
        if bare.isEmpty { throw error(position, "empty tag: expected a name") }
        if bare.contains(where: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }) {
            throw error(position, "invalid tag name '\(name)': names cannot contain spaces")
        }
        return name
    }

    private mutating func setDelimiters(_ start: Int, _ end: Int, _ position: TagPosition)
        throws(TemplateError)
    {
        let text = trimmed(start, end)
        let parts = text.dropLast().split(whereSeparator: {
            $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r"
        })
        guard text.hasSuffix("="), parts.count == 2 else {
            throw error(position, "invalid set-delimiter tag: expected '{{=<open> <close>=}}'")
        }
        let newOpen = String(parts[0])
        let newClose = String(parts[1])
        guard !newOpen.contains("="), !newClose.contains("=") else {
            throw error(position, "invalid set-delimiter tag: expected '{{=<open> <close>=}}'")
        }
        open = Array(newOpen.utf8)
        close = Array(newClose.utf8)
    }

    private func trimmed(_ start: Int, _ end: Int) -> String {
        var lower = start
        var upper = end
        while lower < upper, isSpace(bytes[lower]) { lower += 1 }
        while upper > lower, isSpace(bytes[upper - 1]) { upper -= 1 }
        return String(decoding: bytes[lower..<upper], as: UTF8.self)
    }

    private func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n")
            || byte == UInt8(ascii: "\r")
    }

    private func find(_ needle: [UInt8], from start: Int) -> Int? {
        guard let first = needle.first, needle.count <= bytes.count else { return nil }
        var index = start
        let last = bytes.count - needle.count
        while index <= last {
            if bytes[index] == first {
                var matched = true
                for offset in 1..<needle.count where bytes[index + offset] != needle[offset] {
                    matched = false
                    break
                }
                if matched { return index }
            }
            index += 1
        }
        return nil
    }
}
