import GalleryKit

/// One `--option` a subcommand accepts; `valueName` is nil for flags.
struct OptionSpec {
    var name: String
    var valueName: String?

    static func options(of subcommand: Subcommand) -> [OptionSpec] {
        switch subcommand {
        case .build:
            [
                OptionSpec(name: "--output", valueName: "dir"),
                OptionSpec(name: "--templates", valueName: "dir"),
                OptionSpec(name: "--jobs", valueName: "n"),
                OptionSpec(name: "--cache-dir", valueName: "dir"),
                OptionSpec(name: "--shard", valueName: "k/n"),
                OptionSpec(name: "--strict"),
                OptionSpec(name: "--keep-going"),
                OptionSpec(name: "--drafts"),
                OptionSpec(name: "--follow-links"),
                OptionSpec(name: "--quiet"),
                OptionSpec(name: "--verbose"),
            ]
        case .serve:
            [
                OptionSpec(name: "--port", valueName: "port"),
                OptionSpec(name: "--host", valueName: "host"),
                OptionSpec(name: "--output", valueName: "dir"),
                OptionSpec(name: "--templates", valueName: "dir"),
                OptionSpec(name: "--cache-dir", valueName: "dir"),
                OptionSpec(name: "--drafts"),
                OptionSpec(name: "--follow-links"),
                OptionSpec(name: "--unlock"),
            ]
        case .`init`: []
        }
    }
}

extension CommandParser {
    static func makeBuild(_ parsed: Parsed) -> Result<Command, UsageError> {
        if parsed.wantsHelp { return .success(.help(.build)) }
        var command = BuildCommand()
        if let path = parsed.positional { command.contentPath = path }
        if let path = parsed.values["--output"] { command.outputPath = path }
        command.templatesPath = parsed.values["--templates"]
        command.cachePath = parsed.values["--cache-dir"]
        if let text = parsed.values["--jobs"] {
            guard let jobs = Int(text), jobs > 0 else {
                return .failure(
                    UsageError(
                        "invalid value '\(text)' for '--jobs <n>': expected a whole number greater than 0",
                        subcommand: .build))
            }
            command.jobs = jobs
        }
        if let text = parsed.values["--shard"] {
            guard let shard = Shard(parsing: text) else {
                return .failure(
                    UsageError(
                        "invalid value '\(text)' for '--shard <k/n>': expected this machine's share and the "
                            + "number of shares, such as 2/4 (1 ≤ k ≤ n ≤ \(Shard.maximumCount))",
                        subcommand: .build))
            }
            command.shard = shard
        }
        command.strict = parsed.flags.contains("--strict")
        command.keepGoing = parsed.flags.contains("--keep-going")
        command.includeDrafts = parsed.flags.contains("--drafts")
        command.followLinks = parsed.flags.contains("--follow-links")
        command.quiet = parsed.flags.contains("--quiet")
        command.verbose = parsed.flags.contains("--verbose")
        if command.quiet && command.verbose {
            return .failure(
                UsageError("'--quiet' and '--verbose' cannot be used together", subcommand: .build))
        }
        if command.strict && command.keepGoing {
            return .failure(
                UsageError(
                    "'--strict' and '--keep-going' cannot be used together: one fails on warnings, "
                        + "the other publishes despite errors", subcommand: .build))
        }
        return .success(.build(command))
    }

    static func makeInit(_ parsed: Parsed) -> Result<Command, UsageError> {
        if parsed.wantsHelp { return .success(.help(.`init`)) }
        return .success(.initSite(path: parsed.positional ?? "./content"))
    }

    static func makeServe(_ parsed: Parsed) -> Result<Command, UsageError> {
        if parsed.wantsHelp { return .success(.help(.serve)) }
        var command = ServeCommand()
        if let path = parsed.positional { command.contentPath = path }
        if let path = parsed.values["--output"] { command.outputPath = path }
        command.templatesPath = parsed.values["--templates"]
        command.cachePath = parsed.values["--cache-dir"]
        if let text = parsed.values["--port"] {
            guard let port = Int(text), (0...65535).contains(port) else {
                return .failure(
                    UsageError(
                        "invalid value '\(text)' for '--port <port>': expected a port number from 0 to 65535 (0 picks a free port)",
                        subcommand: .serve))
            }
            command.port = port
        }
        if let host = parsed.values["--host"] { command.host = host }
        command.includeDrafts = parsed.flags.contains("--drafts")
        command.followLinks = parsed.flags.contains("--follow-links")
        command.unlock = parsed.flags.contains("--unlock")
        return .success(.serve(command))
    }
}
