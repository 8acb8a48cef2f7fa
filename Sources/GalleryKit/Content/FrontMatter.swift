import Foundation

/// The metadata at the top of a Markdown file and the Markdown after it.
///
/// Three forms are read: YAML between `---` lines, TOML between `+++` lines (as Hugo writes
/// it), and sigal's `Key: value` header lines that end at the first blank line (keys
/// case-insensitive; `Thumbnail` means `cover`).
struct FrontMatter {
    enum Style { case none, yaml, toml, sigal }

    /// The metadata as a YAML mapping (sigal headers are turned into one), nil when absent or broken.
    var fields: YAMLNode?
    var style: Style
    /// The Markdown body.
    var body: String

    /// sigal key names that mean one of ours.
    static let sigalKeys: [String: String] = ["thumbnail": "cover"]

    /// Keys that may open a sigal header (lowercased): sigal's own and galleryc's. Any key may
    /// follow, but the first must be one of these, so a page that starts with "Note: ..." keeps
    /// its first line.
    static let headerKeys: Set<String> = [
        "title", "thumbnail", "date", "description", "author", "order", "partialorder", "location", "cover",
        "alt", "focus", "hidden", "draft", "layout", "sort", "hero", "template", "slug", "summary", "tags",
        "place",
    ]

    /// Splits `text` (the whole .md file) and parses its metadata, reporting syntax problems.
    static func parse(_ text: String, reporter: IssueReporter) -> FrontMatter {
        // "\r\n" is one Character in Swift, so split on both line ends.
        var lines = text.split(
            omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
        if let first = lines.first, first.hasPrefix("\u{FEFF}") { lines[0] = first.dropFirst() }
        guard let first = lines.first else { return FrontMatter(fields: nil, style: .none, body: "") }
        if first.trimmingTrailingSpaces == "---" {
            return parseFenced(lines, style: .yaml, reporter: reporter)
        }
        if first.trimmingTrailingSpaces == "+++" {
            return parseFenced(lines, style: .toml, reporter: reporter)
        }
        if let (key, _) = sigalKey(in: first), headerKeys.contains(key.lowercased()) {
            return parseSigal(lines)
        }
        return FrontMatter(fields: nil, style: .none, body: text)
    }

    /// YAML up to a `---` (or `...`) line, or TOML up to a `+++` line.
    private static func parseFenced(_ lines: [Substring], style: Style, reporter: IssueReporter)
        -> FrontMatter
    {
        let closing: Set<Substring> = style == .toml ? ["+++"] : ["---", "..."]
        guard let end = lines.dropFirst().firstIndex(where: { closing.contains($0.trimmingTrailingSpaces) })
        else {
            reporter.report(.unclosedFrontMatter(fence: style == .toml ? "+++" : "---"), line: 1, column: 1)
            return FrontMatter(fields: nil, style: style, body: lines.dropFirst().joined(separator: "\n"))
        }
        let text = lines[1..<end].joined(separator: "\n")
        let body = lines[(end + 1)...].joined(separator: "\n")
        do throws(SyntaxError) {
            let node =
                style == .toml
                ? try TOMLParser.parse(text, lineOffset: 1) : try YAMLParser.parse(text, lineOffset: 1)
            return FrontMatter(fields: node, style: style, body: body)
        } catch {
            reporter.report(
                .syntax(error.message, context: "front matter"), line: error.line, column: error.column)
            return FrontMatter(fields: nil, style: style, body: body)
        }
    }

    /// sigal (Python-Markdown's meta extension): `Key: value` lines, indented lines continue
    /// the previous value, the first blank line ends the header.
    private static func parseSigal(_ lines: [Substring]) -> FrontMatter {
        var pairs: [YAMLPair] = []
        var index = 0
        while index < lines.count {
            let line = lines[index]
            if line.allSatisfy({ $0 == " " || $0 == "\t" }) {
                index += 1
                break
            }
            if let (key, valueStart) = sigalKey(in: line) {
                let name = sigalKeys[key.lowercased()] ?? key
                let value = line[valueStart...].trimmingCharacters(in: .whitespaces)
                let valueColumn = line.distance(from: line.startIndex, to: valueStart) + 1
                pairs.append(
                    YAMLPair(
                        key: YAMLNode(.scalar(name, plain: true), line: index + 1, column: 1),
                        value: YAMLNode(.scalar(value, plain: true), line: index + 1, column: valueColumn)))
            } else if let last = pairs.popLast(), line.first == " " || line.first == "\t" {
                var value = last.value
                let extra = line.trimmingCharacters(in: .whitespaces)
                value.value = .scalar((value.scalar ?? "") + " " + extra, plain: true)
                pairs.append(YAMLPair(key: last.key, value: value))
            } else {
                break
            }
            index += 1
        }
        let body = index < lines.count ? lines[index...].joined(separator: "\n") : ""
        let fields = YAMLNode(.mapping(pairs), line: 1, column: 1)
        return FrontMatter(fields: fields, style: .sigal, body: body)
    }

    /// The key of a `Key: value` line and where its value starts, or nil.
    private static func sigalKey(in line: Substring) -> (String, String.Index)? {
        guard let colon = line.firstIndex(of: ":"), let first = line.first, first.isASCII, first.isLetter
        else {
            return nil
        }
        let key = line[..<colon]
        guard key.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") }) else {
            return nil
        }
        let afterColon = line.index(after: colon)
        guard afterColon == line.endIndex || line[afterColon] == " " || line[afterColon] == "\t" else {
            return nil
        }
        var valueStart = afterColon
        while valueStart < line.endIndex, line[valueStart] == " " || line[valueStart] == "\t" {
            valueStart = line.index(after: valueStart)
        }
        return (String(key), valueStart)
    }
}

extension Substring {
    fileprivate var trimmingTrailingSpaces: Substring {
        var result = self
        while let last = result.last, last == " " || last == "\t" { result = result.dropLast() }
        return result
    }
}
