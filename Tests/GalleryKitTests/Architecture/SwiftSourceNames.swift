/// The names a Swift source file uses and what it declares at its top level, read with a
/// small lexer that knows where comments and string literals are (so a type named in a doc
/// comment or a message is not a dependency) and that string interpolations are code.
///
/// It is not a Swift parser: it needs only to tell code from comments and text, to count
/// braces, and to see `struct`/`enum`/`class`/`actor`/`protocol`/`typealias` and the free
/// `func`/`let`/`var` at depth 0. A member added by an `extension` (`Double.cssText`) is not a
/// top-level declaration: it is used after a dot, and such names are not followed.
struct SwiftSourceNames {
    /// One identifier of the code, with its 1-based line. `isMember` when it follows a `.`
    /// (`Outer.Inner`, `.case`): such a name belongs to whatever is before the dot.
    struct Name: Equatable {
        let text: String
        let line: Int
        let isMember: Bool
    }

    private(set) var names: [Name] = []
    /// Types, type aliases, free functions and global constants declared outside any braces
    /// and visible beyond their file (not `private` or `fileprivate`).
    private(set) var topLevelDeclarations: [String] = []

    private static let declarationKeywords: Set<String> = [
        "struct", "enum", "class", "actor", "protocol", "typealias", "func", "let", "var",
    ]

    init(source: String) {
        var lexer = Lexer(bytes: Array(source.utf8))
        var depth = 0
        var declaring = false
        while let token = lexer.next() {
            switch token {
            case .open: depth += 1
            case .close: depth = max(0, depth - 1)
            case .name(let name):
                if declaring {
                    topLevelDeclarations.append(name.text)
                    declaring = false
                } else if depth == 0, !name.isMember, Self.declarationKeywords.contains(name.text) {
                    let modifiers = names.reversed().prefix { $0.line == name.line }.map(\.text)
                    declaring = !modifiers.contains("private") && !modifiers.contains("fileprivate")
                } else {
                    names.append(name)
                }
            }
        }
    }
}

/// Splits Swift source into names and braces, skipping comments and string literals.
private struct Lexer {
    enum Token {
        case name(SwiftSourceNames.Name)
        case open
        case close
    }

    /// A string literal being read: its delimiter and, for each interpolation open inside
    /// it, nothing more than the parentheses counted by `parens`.
    private struct OpenString {
        let hashes: Int
        let multiline: Bool
        /// Parentheses open in the interpolation that left this string, 0 while in the text.
        var parens = 0
        var inInterpolation = false
    }

    let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var strings: [OpenString] = []
    private var lastSignificant: UInt8 = 0

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    private func peek(_ offset: Int = 0) -> UInt8? {
        index + offset < bytes.count ? bytes[index + offset] : nil
    }

    private mutating func advance() {
        if bytes[index] == UInt8(ascii: "\n") { line += 1 }
        index += 1
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), 0x80...:
            return true
        default:
            return false
        }
    }

    mutating func next() -> Token? {
        while index < bytes.count {
            if let open = strings.last, !open.inInterpolation {
                skipStringText()
                continue
            }
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "/"):
                while let next = peek(), next != UInt8(ascii: "\n") { advance() }
            case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "*"):
                skipBlockComment()
            case UInt8(ascii: "#") where startsString(at: index):
                openString()
            case UInt8(ascii: "\""):
                openString()
            case UInt8(ascii: "("):
                if !strings.isEmpty { strings[strings.count - 1].parens += 1 }
                lastSignificant = byte
                advance()
            case UInt8(ascii: ")"):
                lastSignificant = byte
                advance()
                if !strings.isEmpty {
                    strings[strings.count - 1].parens -= 1
                    if strings[strings.count - 1].parens == 0 {
                        strings[strings.count - 1].inInterpolation = false
                    }
                }
            case UInt8(ascii: "{"):
                lastSignificant = byte
                advance()
                return .open
            case UInt8(ascii: "}"):
                lastSignificant = byte
                advance()
                return .close
            case UInt8(ascii: "`"):
                advance()
            case _ where Self.isNameByte(byte):
                let start = index
                let startLine = line
                while let next = peek(), Self.isNameByte(next) { advance() }
                if peek() == UInt8(ascii: "`") { advance() }
                let text = String(decoding: bytes[start..<index], as: UTF8.self)
                    .trimmingCharacters(in: ["`"])
                let isMember = lastSignificant == UInt8(ascii: ".")
                lastSignificant = UInt8(ascii: "a")
                if let first = text.utf8.first, first >= UInt8(ascii: "0"), first <= UInt8(ascii: "9") {
                    continue
                }
                return .name(SwiftSourceNames.Name(text: text, line: startLine, isMember: isMember))
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                advance()
            default:
                lastSignificant = byte
                advance()
            }
        }
        return nil
    }

    private func startsString(at position: Int) -> Bool {
        var offset = position
        while offset < bytes.count, bytes[offset] == UInt8(ascii: "#") { offset += 1 }
        return offset < bytes.count && bytes[offset] == UInt8(ascii: "\"")
    }

    private mutating func openString() {
        var hashes = 0
        while peek() == UInt8(ascii: "#") {
            hashes += 1
            advance()
        }
        let multiline = peek(1) == UInt8(ascii: "\"") && peek(2) == UInt8(ascii: "\"")
        for _ in 0..<(multiline ? 3 : 1) { advance() }
        strings.append(OpenString(hashes: hashes, multiline: multiline))
        lastSignificant = UInt8(ascii: "\"")
    }

    /// Reads string text up to its end or to an interpolation `\(` (`\#(` in a raw string).
    private mutating func skipStringText() {
        guard let open = strings.last else { return }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\\") {
                var offset = 1
                while offset <= open.hashes, peek(offset) == UInt8(ascii: "#") { offset += 1 }
                if offset == open.hashes + 1 {
                    if peek(offset) == UInt8(ascii: "(") {
                        for _ in 0...offset { advance() }
                        strings[strings.count - 1].inInterpolation = true
                        strings[strings.count - 1].parens = 1
                        return
                    }
                    // An escaped character: skip it too (an escaped quote does not end the text).
                    for _ in 0..<offset where index < bytes.count { advance() }
                    if index < bytes.count { advance() }
                    continue
                }
            }
            if byte == UInt8(ascii: "\"") && closes(open) {
                for _ in 0..<((open.multiline ? 3 : 1) + open.hashes) { advance() }
                strings.removeLast()
                return
            }
            if byte == UInt8(ascii: "\n") && !open.multiline {
                strings.removeLast()  // an unterminated literal ends with its line
                return
            }
            advance()
        }
    }

    private func closes(_ open: OpenString) -> Bool {
        let quotes = open.multiline ? 3 : 1
        for offset in 0..<quotes where peek(offset) != UInt8(ascii: "\"") { return false }
        for offset in 0..<open.hashes where peek(quotes + offset) != UInt8(ascii: "#") { return false }
        return true
    }

    private mutating func skipBlockComment() {
        var depth = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "*") {
                depth += 1
                advance()
                advance()
            } else if bytes[index] == UInt8(ascii: "*"), peek(1) == UInt8(ascii: "/") {
                depth -= 1
                advance()
                advance()
                if depth == 0 { return }
            } else {
                advance()
            }
        }
    }
}
