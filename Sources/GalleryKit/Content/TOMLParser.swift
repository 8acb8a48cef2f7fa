/// Parses TOML (v1.0, as Hugo writes it between `+++` fences and in `hugo.toml`) into the same
/// ``YAMLNode`` tree the YAML reader makes, so that every key is typed and checked by the same
/// field readers.
///
/// Debian has no TOML library for C (only C++ headers), so this is a strict reader written
/// for the job: tables `[a.b]`, arrays of tables `[[a]]`, dotted and quoted keys, basic and
/// literal strings (one line and multi-line), integers, floats, booleans, dates and times,
/// arrays (over several lines, with comments) and inline tables. Values keep their text:
/// strings are quoted scalars (`plain: false`), everything else plain, as YAML scalars are.
/// Errors carry the 1-based line and column. Redefining a key or a table is an error, as the
/// specification says.
struct TOMLParser {
    private let scalars: [Unicode.Scalar]
    private let lineOffset: Int
    private var index = 0
    private var line = 1
    private var column = 1

    /// The document's root table, as a mapping.
    /// - Parameter lineOffset: lines before the TOML in its file (1 for front matter after `+++`).
    /// - Throws: ``SyntaxError`` (the content stage's syntax error) with the position.
    static func parse(_ text: String, lineOffset: Int = 0) throws(SyntaxError) -> YAMLNode {
        var parser = TOMLParser(scalars: Array(text.unicodeScalars), lineOffset: lineOffset)
        return try parser.document()
    }

    private init(scalars: [Unicode.Scalar], lineOffset: Int) {
        self.scalars = scalars
        self.lineOffset = lineOffset
    }

    // MARK: The document

    /// A table being filled: its pairs in order, and whether it was defined by a header (so
    /// a second `[same]` is an error) or implicitly by a dotted key or a longer header.
    private final class Table {
        var pairs: [(key: String, line: Int, column: Int, value: Value)] = []
        var definedByHeader = false
        let line: Int
        let column: Int
        init(line: Int, column: Int) {
            self.line = line
            self.column = column
        }
        func value(for key: String) -> Value? { pairs.first { $0.key == key }?.value }
    }

    private enum Value {
        case node(YAMLNode)
        case table(Table)
        /// An array of tables (`[[name]]`), which later headers append to.
        case tables([Table])
        /// An inline table or array: complete, never extended.
        case frozen(YAMLNode)
    }

    private mutating func document() throws(SyntaxError) -> YAMLNode {
        let root = Table(line: line + lineOffset, column: 1)
        var current = root
        while true {
            skipBlankLinesAndComments()
            guard let scalar = peek() else { break }
            if scalar == "[" {
                current = try header(root: root)
            } else {
                try keyValue(into: current)
            }
            try endOfLine()
        }
        return node(of: root)
    }

    /// `[a.b]` or `[[a.b]]`: the table that the following keys go to.
    private mutating func header(root: Table) throws(SyntaxError) -> Table {
        let (startLine, startColumn) = (line + lineOffset, column)
        advance()
        let isArray = peek() == "["
        if isArray { advance() }
        skipSpaces()
        let keys = try dottedKey()
        skipSpaces()
        try expect("]")
        if isArray { try expect("]") }
        var table = root
        for (position, key) in keys.enumerated() {
            let last = position == keys.count - 1
            switch table.value(for: key.name) {
            case nil:
                let made = Table(line: startLine, column: startColumn)
                if last && isArray {
                    table.pairs.append((key.name, key.line, key.column, .tables([made])))
                } else {
                    table.pairs.append((key.name, key.line, key.column, .table(made)))
                }
                table = made
            case .table(let existing):
                if last {
                    if isArray || existing.definedByHeader {
                        throw error(
                            "table '\(keys.map(\.name).joined(separator: "."))' is defined twice", key)
                    }
                }
                table = existing
            case .tables(let list):
                if last && isArray {
                    let made = Table(line: startLine, column: startColumn)
                    replace(key.name, in: table, with: .tables(list + [made]))
                    table = made
                } else if last {
                    throw error("'\(key.name)' is an array of tables, not a table", key)
                } else if let newest = list.last {
                    table = newest
                }
            case .node, .frozen:
                throw error("'\(key.name)' already has a value", key)
            }
        }
        table.definedByHeader = true
        return table
    }

    /// `key = value`, the key possibly dotted.
    private mutating func keyValue(into table: Table) throws(SyntaxError) {
        let keys = try dottedKey()
        skipSpaces()
        try expect("=")
        skipSpaces()
        let value = try parseValue()
        var target = table
        for key in keys.dropLast() {
            switch target.value(for: key.name) {
            case nil:
                let made = Table(line: key.line, column: key.column)
                target.pairs.append((key.name, key.line, key.column, .table(made)))
                target = made
            case .table(let existing) where !existing.definedByHeader:
                target = existing
            default:
                throw error("'\(key.name)' already has a value", key)
            }
        }
        guard let last = keys.last else { return }
        if target.value(for: last.name) != nil {
            throw error("duplicate key '\(last.name)'", last)
        }
        target.pairs.append((last.name, last.line, last.column, .frozen(value)))
    }

    private func replace(_ key: String, in table: Table, with value: Value) {
        if let position = table.pairs.firstIndex(where: { $0.key == key }) {
            table.pairs[position].value = value
        }
    }

    private func node(of table: Table) -> YAMLNode {
        let pairs = table.pairs.map { pair in
            YAMLPair(
                key: YAMLNode(.scalar(pair.key, plain: true), line: pair.line, column: pair.column),
                value: node(of: pair.value))
        }
        return YAMLNode(.mapping(pairs), line: table.line, column: table.column)
    }

    private func node(of value: Value) -> YAMLNode {
        switch value {
        case .node(let node), .frozen(let node): node
        case .table(let table): node(of: table)
        case .tables(let tables):
            YAMLNode(
                .sequence(tables.map { node(of: $0) }), line: tables.first?.line ?? 1,
                column: tables.first?.column ?? 1)
        }
    }

    // MARK: Keys

    private struct Key {
        var name: String
        var line: Int
        var column: Int
    }

    private mutating func dottedKey() throws(SyntaxError) -> [Key] {
        var keys = [try simpleKey()]
        while true {
            let mark = (index, line, column)
            skipSpaces()
            guard peek() == "." else {
                (index, line, column) = mark
                return keys
            }
            advance()
            skipSpaces()
            keys.append(try simpleKey())
        }
    }

    private mutating func simpleKey() throws(SyntaxError) -> Key {
        let (keyLine, keyColumn) = (line + lineOffset, column)
        switch peek() {
        case "\"":
            return Key(name: try basicString(), line: keyLine, column: keyColumn)
        case "'":
            return Key(name: try literalString(), line: keyLine, column: keyColumn)
        default:
            var name = ""
            while let scalar = peek(), Self.isBareKey(scalar) {
                name.unicodeScalars.append(scalar)
                advance()
            }
            guard !name.isEmpty else { throw error("expected a key") }
            return Key(name: name, line: keyLine, column: keyColumn)
        }
    }

    private static func isBareKey(_ scalar: Unicode.Scalar) -> Bool {
        ("A"..."Z").contains(scalar) || ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar)
            || scalar == "_" || scalar == "-"
    }

    // MARK: Values

    private mutating func parseValue() throws(SyntaxError) -> YAMLNode {
        let (valueLine, valueColumn) = (line + lineOffset, column)
        let made = { (value: YAMLNode.Value) in YAMLNode(value, line: valueLine, column: valueColumn) }
        switch peek() {
        case "\"":
            return made(
                .scalar(try starts(with: "\"\"\"") ? multilineBasicString() : basicString(), plain: false))
        case "'":
            return made(
                .scalar(try starts(with: "'''") ? multilineLiteralString() : literalString(), plain: false))
        case "[":
            return try array()
        case "{":
            return try inlineTable()
        case nil:
            throw error("expected a value")
        default:
            return made(.scalar(try bareValue(), plain: true))
        }
    }

    /// Numbers, booleans, dates and times: checked here, kept as text (the field readers type
    /// them, as they do YAML's).
    private mutating func bareValue() throws(SyntaxError) -> String {
        let start = Key(name: "", line: line + lineOffset, column: column)
        var text = ""
        while let scalar = peek(), !",]}#\n\r\t".unicodeScalars.contains(scalar) {
            // A space ends the value, except the one between a date and its time.
            if scalar == " " {
                let next = index + 1 < scalars.count ? scalars[index + 1] : " "
                guard Self.isDate(text), ("0"..."9").contains(next) else { break }
            }
            text.unicodeScalars.append(scalar)
            advance()
        }
        guard Self.isBoolean(text) || Self.isNumber(text) || Self.isDate(text) || Self.isTime(text) else {
            throw error(
                text.isEmpty ? "expected a value" : "'\(text)' is not a TOML value (strings need quotes)",
                start)
        }
        return text
    }

    private static func isBoolean(_ text: String) -> Bool { text == "true" || text == "false" }

    private static func isNumber(_ text: String) -> Bool {
        var body = Substring(text)
        if body.first == "+" || body.first == "-" { body = body.dropFirst() }
        if ["inf", "nan"].contains(body) { return true }
        if body.hasPrefix("0x") || body.hasPrefix("0o") || body.hasPrefix("0b") {
            let digits = body.dropFirst(2).filter { $0 != "_" }
            let radix = body.hasPrefix("0x") ? 16 : body.hasPrefix("0o") ? 8 : 2
            return !digits.isEmpty && Int(digits, radix: radix) != nil && text.first != "-"
                && text.first != "+"
        }
        let digits = body.filter { $0 != "_" }
        guard !digits.isEmpty, !body.hasPrefix("_"), !body.hasSuffix("_"), !body.contains("__") else {
            return false
        }
        return Double(digits) != nil && digits.allSatisfy { $0.isNumber || ".eE+-".contains($0) }
    }

    /// `1979-05-27`, optionally with `T`/space, a time and an offset.
    private static func isDate(_ text: String) -> Bool {
        let parts = Array(text.utf8)
        guard parts.count >= 10, parts[4] == UInt8(ascii: "-"), parts[7] == UInt8(ascii: "-") else {
            return false
        }
        let digitsAt = [0, 1, 2, 3, 5, 6, 8, 9]
        guard digitsAt.allSatisfy({ (0x30...0x39).contains(parts[$0]) }) else { return false }
        if parts.count == 10 { return true }
        guard [UInt8(ascii: "T"), UInt8(ascii: "t"), UInt8(ascii: " ")].contains(parts[10]) else {
            return false
        }
        return isTime(String(decoding: parts[11...], as: UTF8.self), allowingOffset: true)
    }

    /// `07:32:00`, `07:32:00.999`, with `Z` or `+02:00` when `allowingOffset`.
    private static func isTime(_ text: String, allowingOffset: Bool = false) -> Bool {
        var body = Substring(text)
        if allowingOffset {
            if body.hasSuffix("Z") || body.hasSuffix("z") {
                body = body.dropLast()
            } else if body.count > 6, let sign = body.dropLast(5).last, sign == "+" || sign == "-",
                body.suffix(5).dropFirst(2).first == ":"
            {
                body = body.dropLast(6)
            }
        }
        let pieces = body.split(separator: ".", maxSplits: 1)
        guard let clock = pieces.first else { return false }
        let fields = clock.split(separator: ":")
        guard fields.count == 3, fields.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isNumber) }) else {
            return false
        }
        return pieces.count == 1 || pieces[1].allSatisfy(\.isNumber)
    }

    private mutating func array() throws(SyntaxError) -> YAMLNode {
        let (arrayLine, arrayColumn) = (line + lineOffset, column)
        advance()
        var items: [YAMLNode] = []
        while true {
            skipWhitespaceCommentsAndNewlines()
            if peek() == "]" {
                advance()
                break
            }
            items.append(try parseValue())
            skipWhitespaceCommentsAndNewlines()
            if peek() == "," {
                advance()
                continue
            }
            try expect("]")
            break
        }
        return YAMLNode(.sequence(items), line: arrayLine, column: arrayColumn)
    }

    private mutating func inlineTable() throws(SyntaxError) -> YAMLNode {
        let (tableLine, tableColumn) = (line + lineOffset, column)
        advance()
        let table = Table(line: tableLine, column: tableColumn)
        skipSpaces()
        if peek() == "}" {
            advance()
            return node(of: table)
        }
        while true {
            skipSpaces()
            try keyValue(into: table)
            skipSpaces()
            if peek() == "," {
                advance()
                continue
            }
            try expect("}")
            return node(of: table)
        }
    }

    // MARK: Strings

    private mutating func basicString() throws(SyntaxError) -> String {
        advance()
        var text = ""
        while true {
            guard let scalar = peek(), scalar != "\n" else { throw error("unterminated string") }
            advance()
            if scalar == "\"" { return text }
            if scalar == "\\" {
                text.unicodeScalars.append(try escape())
            } else {
                text.unicodeScalars.append(scalar)
            }
        }
    }

    private mutating func multilineBasicString() throws(SyntaxError) -> String {
        advance(3)
        skipOneNewline()
        var text = ""
        while true {
            guard let scalar = peek() else { throw error("unterminated string") }
            if starts(with: "\"\"\"") {
                return text + closingQuotes("\"")
            }
            advance()
            if scalar == "\\" {
                if let next = peek(), next == "\n" || next == "\r" || next == " " || next == "\t" {
                    // A line-ending backslash trims the newline and the whitespace after it.
                    skipWhitespaceAndNewlines()
                } else {
                    text.unicodeScalars.append(try escape())
                }
            } else {
                text.unicodeScalars.append(scalar)
            }
        }
    }

    private mutating func literalString() throws(SyntaxError) -> String {
        advance()
        var text = ""
        while true {
            guard let scalar = peek(), scalar != "\n" else { throw error("unterminated string") }
            advance()
            if scalar == "'" { return text }
            text.unicodeScalars.append(scalar)
        }
    }

    private mutating func multilineLiteralString() throws(SyntaxError) -> String {
        advance(3)
        skipOneNewline()
        var text = ""
        while true {
            guard let scalar = peek() else { throw error("unterminated string") }
            if starts(with: "'''") {
                return text + closingQuotes("'")
            }
            advance()
            text.unicodeScalars.append(scalar)
        }
    }

    /// At three or more `quote`s that close a multi-line string: up to two of them (five in
    /// all) belong to the string; returns those and moves past all of them.
    private mutating func closingQuotes(_ quote: Unicode.Scalar) -> String {
        var count = 0
        while peek() == quote && count < 5 {
            advance()
            count += 1
        }
        return String(repeating: String(quote), count: count - 3)
    }

    /// After a backslash in a basic string.
    private mutating func escape() throws(SyntaxError) -> Unicode.Scalar {
        guard let scalar = peek() else { throw error("unterminated string") }
        advance()
        switch scalar {
        case "b": return "\u{8}"
        case "t": return "\t"
        case "n": return "\n"
        case "f": return "\u{C}"
        case "r": return "\r"
        case "\"": return "\""
        case "\\": return "\\"
        case "u", "U":
            let count = scalar == "u" ? 4 : 8
            var digits = ""
            for _ in 0..<count {
                guard let digit = peek(), digit.properties.isASCIIHexDigit else {
                    throw error("\\\(scalar) needs \(count) hex digits")
                }
                digits.unicodeScalars.append(digit)
                advance()
            }
            guard let value = UInt32(digits, radix: 16), let result = Unicode.Scalar(value) else {
                throw error("\\\(scalar)\(digits) is not a Unicode scalar value")
            }
            return result
        default:
            throw error("unknown escape '\\\(scalar)'")
        }
    }

    // MARK: Reading

    private func peek() -> Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

    private func starts(with text: String) -> Bool {
        let wanted = Array(text.unicodeScalars)
        return index + wanted.count <= scalars.count && Array(scalars[index..<index + wanted.count]) == wanted
    }

    private mutating func advance(_ count: Int = 1) {
        for _ in 0..<count where index < scalars.count {
            if scalars[index] == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
            index += 1
        }
    }

    private mutating func expect(_ scalar: Unicode.Scalar) throws(SyntaxError) {
        guard peek() == scalar else {
            throw error(peek().map { "expected '\(scalar)', found '\($0)'" } ?? "expected '\(scalar)'")
        }
        advance()
    }

    private mutating func skipSpaces() {
        while peek() == " " || peek() == "\t" { advance() }
    }

    private mutating func skipComment() {
        if peek() == "#" {
            while let scalar = peek(), scalar != "\n" { advance() }
        }
    }

    private mutating func skipOneNewline() {
        if starts(with: "\r\n") {
            advance(2)
        } else if peek() == "\n" {
            advance()
        }
    }

    private mutating func skipWhitespaceAndNewlines() {
        while let scalar = peek(), [" ", "\t", "\n", "\r"].contains(scalar) { advance() }
    }

    private mutating func skipWhitespaceCommentsAndNewlines() {
        while true {
            skipWhitespaceAndNewlines()
            guard peek() == "#" else { return }
            skipComment()
        }
    }

    private mutating func skipBlankLinesAndComments() {
        skipWhitespaceCommentsAndNewlines()
    }

    /// After a header or a key/value: spaces, a comment, then a newline or the end.
    private mutating func endOfLine() throws(SyntaxError) {
        skipSpaces()
        skipComment()
        if peek() == "\r" { advance() }
        guard peek() == nil || peek() == "\n" else {
            throw error("expected the end of the line, found '\(peek().map(String.init) ?? "")'")
        }
        advance()
    }

    private func error(_ message: String) -> SyntaxError {
        SyntaxError(message: message, line: line + lineOffset, column: column)
    }

    private func error(_ message: String, _ key: Key) -> SyntaxError {
        SyntaxError(message: message, line: key.line, column: key.column)
    }
}
