/// `base_url` as site.yml gives it, checked: every page's links, `src` attributes, sitemap and
/// Open Graph URLs start with it exactly as written, so it must already be a URL, and the
/// check says what is wrong and what would be right rather than mending it silently.
///
/// Accepted: `http://` or `https://` (any case), a host of ASCII letters, digits, `-`, `.`,
/// `_` and `~` (or an IPv6 address in brackets), an optional port, and a path of characters a
/// URL may carry as they are (``URLPathText``, the rule galleryc's own links follow, and `%`
/// with two hex digits). Refused: another scheme or none, no host, a user name or password, a query or
/// fragment, a host that is not ASCII (it must be written in its `xn--` form: galleryc does not
/// implement IDNA), and any other character in the path (`"`, `<`, `>`, spaces, non-ASCII),
/// for which the message spells the percent-encoded form. A URL that lacks only the final `/`
/// is an error in site.yml too (`https://example.org/photos` could mean a page named `photos`;
/// the message says what to write); Hugo's `baseURL`, which Hugo takes either way, gets one
/// added silently.
enum BaseURL {
    /// What the check found.
    enum Outcome: Sendable, Hashable {
        /// A base URL as it should be.
        case valid(String)
        /// Valid but for its last `/`: the value with one added.
        case missingSlash(fixed: String)
        case invalid(BaseURLProblem)
    }

    static func check(_ value: String) -> Outcome {
        let lower = value.lowercased()
        guard let scheme = ["https://", "http://"].first(where: { lower.hasPrefix($0) }) else {
            var rest = value.range(of: "://").map { String(value[$0.upperBound...]) } ?? value
            if rest.hasPrefix("//") { rest.removeFirst(2) }
            let guess = rest.isEmpty || rest.hasPrefix("/") ? "https://example.org" + rest : "https://" + rest
            return .invalid(.notHTTP(suggestion: withSlash(guess)))
        }
        let start = String(value.prefix(scheme.count))
        let rest = value.dropFirst(scheme.count)
        let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
        var authority = String(rest[..<authorityEnd])
        var remainder = String(rest[authorityEnd...])
        if let at = authority.lastIndex(of: "@") {
            let kept = String(authority[authority.index(after: at)...])
            return .invalid(.credentials(suggestion: withSlash(start + kept + remainder)))
        }
        if let end = remainder.firstIndex(where: { $0 == "?" || $0 == "#" }) {
            let path = String(remainder[..<end])
            return .invalid(
                .queryOrFragment(
                    part: String(remainder[end...]), suggestion: withSlash(start + authority + path)))
        }
        if let problem = hostProblem(&authority) { return .invalid(problem) }
        let unencoded = unencodedCharacters(in: remainder)
        if !unencoded.isEmpty {
            remainder = percentEncoded(remainder)
            return .invalid(
                .unencoded(characters: unencoded, suggestion: withSlash(start + authority + remainder)))
        }
        return value.hasSuffix("/") ? .valid(value) : .missingSlash(fixed: value + "/")
    }

    /// What is wrong with the host and port, if anything.
    private static func hostProblem(_ authority: inout String) -> BaseURLProblem? {
        var host = authority
        var port: String?
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { return .badHost(host: authority) }
            host = String(authority[...close])
            let after = authority[authority.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { return .badHost(host: authority) }
                port = String(after.dropFirst())
            }
            let inside = host.dropFirst().dropLast()
            guard !inside.isEmpty,
                inside.unicodeScalars.allSatisfy({ isHexDigit($0) || ":.".unicodeScalars.contains($0) })
            else { return .badHost(host: host) }
        } else {
            if let colon = authority.lastIndex(of: ":") {
                host = String(authority[..<colon])
                port = String(authority[authority.index(after: colon)...])
            }
            if host.isEmpty { return .noHost }
            if !host.unicodeScalars.allSatisfy(\.isASCII) { return .nonASCIIHost(host: host) }
            let allowed = host.unicodeScalars.allSatisfy {
                isAlphanumeric($0) || "-._~".unicodeScalars.contains($0)
            }
            if !allowed { return .badHost(host: host) }
        }
        if let port {
            let digits = port.unicodeScalars.allSatisfy { ("0"..."9").contains($0) }
            guard digits, !port.isEmpty, port.count <= 5, let number = Int(port), (1...65535).contains(number)
            else { return .badPort(port: port) }
        }
        return nil
    }

    /// The characters of `path` a URL may not carry as they are, each once, in order of
    /// appearance; a `%` counts when two hex digits do not follow it.
    static func unencodedCharacters(in path: String) -> [Character] {
        var found: [Character] = []
        for (index, character) in zip(path.indices, path) where !isAllowed(character, at: index, in: path) {
            if !found.contains(character) { found.append(character) }
        }
        return found
    }

    /// `path` with every character a URL may not carry percent-encoded (UTF-8), and a `%` that
    /// starts no escape written `%25`.
    static func percentEncoded(_ path: String) -> String {
        var out = ""
        for (index, character) in zip(path.indices, path) {
            if isAllowed(character, at: index, in: path) {
                out.append(character)
            } else {
                for byte in String(character).utf8 { out += URLPathText.escape(byte) }
            }
        }
        return out
    }

    private static func isAllowed(_ character: Character, at index: String.Index, in path: String) -> Bool {
        let bytes = Array(String(character).utf8)
        guard bytes.count == 1 else { return false }
        if URLPathText.isAllowed(bytes[0]) { return true }
        guard character == "%" else { return false }
        let digits = path[path.index(after: index)...].prefix(2)
        return digits.count == 2 && digits.unicodeScalars.allSatisfy(isHexDigit)
    }

    private static func isAlphanumeric(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
    }

    private static func isHexDigit(_ scalar: Unicode.Scalar) -> Bool {
        ("0"..."9").contains(scalar) || ("a"..."f").contains(scalar) || ("A"..."F").contains(scalar)
    }

    private static func withSlash(_ url: String) -> String {
        url.hasSuffix("/") ? url : url + "/"
    }
}

/// Why a `base_url` is refused, with what would be right; see ``BaseURL``.
enum BaseURLProblem: Sendable, Hashable {
    /// No `http://` or `https://` at the start.
    case notHTTP(suggestion: String)
    case noHost
    /// `user:password@` before the host: every page would publish it.
    case credentials(suggestion: String)
    /// A `?query` or `#fragment`: nothing can follow the path of a base URL.
    case queryOrFragment(part: String, suggestion: String)
    case nonASCIIHost(host: String)
    case badHost(host: String)
    case badPort(port: String)
    /// Characters in the path that a URL must percent-encode.
    case unencoded(characters: [Character], suggestion: String)
    /// A URL that lacks only its last `/`.
    case noFinalSlash(suggestion: String)

    /// The message after `base_url '<value>'`.
    var detail: String {
        switch self {
        case .notHTTP(let suggestion):
            "is not an absolute http or https URL; write it in full, like '\(suggestion)'"
        case .noHost:
            "has no host name; write it like 'https://example.org/photos/'"
        case .credentials(let suggestion):
            "holds a user name or password, which every page would publish; write '\(suggestion)'"
        case .queryOrFragment(let part, let suggestion):
            "ends with '\(part)', but nothing may follow the path of a base URL; write '\(suggestion)'"
        case .nonASCIIHost(let host):
            "has a host name that is not ASCII ('\(host)'); write it in its ASCII form, "
                + "which starts with 'xn--' (`idn2 '\(host)'` prints it)"
        case .badHost(let host):
            "has a host name that is not one ('\(host)'): letters, digits, '-' and '.' only"
        case .badPort(let port):
            "has a port that is not a number from 1 to 65535 ('\(port)')"
        case .noFinalSlash(let suggestion):
            "does not end in '/': every link starts with it, and its last part would be taken as "
                + "a page instead of a folder; write '\(suggestion)'"
        case .unencoded(let characters, let suggestion):
            "has \(Self.list(characters)) in its path, which a URL must percent-encode; "
                + "if \(characters.count == 1 ? "it is" : "they are") meant, write '\(suggestion)'"
        }
    }

    /// `'"', '<' and a space`.
    private static func list(_ characters: [Character]) -> String {
        let named = characters.map { character -> String in
            switch character {
            case " ": "a space"
            case _
            where character.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }):
                character.unicodeScalars.map { scalar in
                    let digits = String(scalar.value, radix: 16, uppercase: true)
                    return "U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
                }
                .joined(separator: " ")
            default: "'\(character)'"
            }
        }
        guard let last = named.last, named.count > 1 else { return named.joined() }
        return named.dropLast().joined(separator: ", ") + " and " + last
    }
}
