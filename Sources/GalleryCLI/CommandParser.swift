import GalleryKit

/// Turns the arguments after the executable name into a ``Command`` or a ``UsageError``.
/// Pure: no file system, no environment, no output.
///
/// Conventions follow swift-argument-parser: `--name value` and `--name=value`, `--` ends
/// options, `-h`/`--help` anywhere asks for help, the last of a repeated option wins.
enum CommandParser {
    /// Parses `arguments` (without the executable name).
    static func parse(_ arguments: [String]) -> Result<Command, UsageError> {
        guard let first = arguments.first else { return .success(.help(nil)) }
        let rest = Array(arguments.dropFirst())
        switch first {
        case "-h", "--help":
            return .success(.help(nil))
        case "--version":
            return .success(.version)
        case "help":
            return parseHelp(rest)
        case "build":
            return parseOptions(rest, for: .build).flatMap(makeBuild)
        case "serve":
            return parseOptions(rest, for: .serve).flatMap(makeServe)
        case "init":
            return parseOptions(rest, for: .`init`).flatMap(makeInit)
        default:
            if first.hasPrefix("-") {
                return .failure(unknownOption(first, among: ["--help", "--version"], subcommand: nil))
            }
            let hint = suggestion(for: first, among: Subcommand.allCases.map(\.rawValue))
            return .failure(UsageError("unknown subcommand '\(first)'\(hint)", subcommand: nil))
        }
    }

    private static func parseHelp(_ rest: [String]) -> Result<Command, UsageError> {
        guard let topic = rest.first else { return .success(.help(nil)) }
        guard let subcommand = Subcommand(rawValue: topic) else {
            let hint = suggestion(for: topic, among: Subcommand.allCases.map(\.rawValue))
            return .failure(UsageError("unknown subcommand '\(topic)'\(hint)", subcommand: nil))
        }
        if rest.count > 1 {
            return .failure(UsageError("unexpected argument '\(rest[1])'", subcommand: nil))
        }
        return .success(.help(subcommand))
    }

    /// Options and the positional argument of one subcommand, before validation.
    struct Parsed {
        var subcommand: Subcommand
        var values: [String: String] = [:]
        var flags: Set<String> = []
        var positional: String?
        var wantsHelp = false
    }

    static func parseOptions(_ tokens: [String], for subcommand: Subcommand) -> Result<Parsed, UsageError> {
        let spec = OptionSpec.options(of: subcommand)
        var parsed = Parsed(subcommand: subcommand)
        var index = 0
        var optionsEnded = false
        func fail(_ message: String) -> Result<Parsed, UsageError> {
            .failure(UsageError(message, subcommand: subcommand))
        }
        while index < tokens.count {
            let token = tokens[index]
            index += 1
            if optionsEnded || token == "-" || !token.hasPrefix("-") {
                guard parsed.positional == nil else { return fail("unexpected argument '\(token)'") }
                parsed.positional = token
                continue
            }
            if token == "--" {
                optionsEnded = true
                continue
            }
            if token == "-h" || token == "--help" {
                parsed.wantsHelp = true
                continue
            }
            let (name, inline) = splitInlineValue(token)
            guard let option = spec.first(where: { $0.name == name }) else {
                if tokens.contains("-h") || tokens.contains("--help") { return .success(parsed.helping) }
                return .failure(
                    unknownOption(name, among: spec.map(\.name) + ["--help"], subcommand: subcommand))
            }
            guard let valueName = option.valueName else {
                if inline != nil { return fail("the flag '\(name)' does not take a value") }
                parsed.flags.insert(name)
                continue
            }
            if let inline {
                guard !inline.isEmpty else { return fail("missing value for '\(name) <\(valueName)>'") }
                parsed.values[name] = inline
            } else if index < tokens.count, tokens[index] == "-" || !tokens[index].hasPrefix("-") {
                parsed.values[name] = tokens[index]
                index += 1
            } else {
                return fail("missing value for '\(name) <\(valueName)>'")
            }
        }
        return .success(parsed.wantsHelp ? parsed.helping : parsed)
    }

    private static func splitInlineValue(_ token: String) -> (String, String?) {
        guard token.hasPrefix("--"), let equals = token.firstIndex(of: "=") else { return (token, nil) }
        return (String(token[..<equals]), String(token[token.index(after: equals)...]))
    }

    static func unknownOption(_ name: String, among known: [String], subcommand: Subcommand?) -> UsageError {
        UsageError("unknown option '\(name)'\(suggestion(for: name, among: known))", subcommand: subcommand)
    }

    /// `. Did you mean '--output'?` when one known name is close to `word`, else empty.
    static func suggestion(for word: String, among known: [String]) -> String {
        let scored = known.map { ($0, EditDistance.between(word, $0)) }.filter { $0.1 <= 2 }
        guard let best = scored.min(by: { $0.1 < $1.1 }) else { return "" }
        return ". Did you mean '\(best.0)'?"
    }
}

extension CommandParser.Parsed {
    /// Help for this subcommand, whatever else was typed.
    fileprivate var helping: Self {
        var copy = self
        copy.wantsHelp = true
        return copy
    }
}
