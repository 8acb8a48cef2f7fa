import GalleryKit
import Testing

@testable import GalleryCLI

private func build(_ change: (inout BuildCommand) -> Void) -> Command {
    var command = BuildCommand()
    change(&command)
    return .build(command)
}

private func serve(_ change: (inout ServeCommand) -> Void) -> Command {
    var command = ServeCommand()
    change(&command)
    return .serve(command)
}

@Suite struct CommandParserTests {
    @Test(arguments: [
        ([], Command.help(nil)),
        (["--help"], .help(nil)),
        (["-h"], .help(nil)),
        (["help"], .help(nil)),
        (["help", "build"], .help(.build)),
        (["help", "serve"], .help(.serve)),
        (["build", "--help"], .help(.build)),
        (["build", "site", "--output", "out", "-h"], .help(.build)),
        (["build", "--bogus", "--help"], .help(.build)),
        (["serve", "--help"], .help(.serve)),
        (["--version"], .version),
    ])
    func helpAndVersion(arguments: [String], expected: Command) {
        #expect(CommandParser.parse(arguments) == .success(expected))
    }

    @Test(arguments: [
        (["build"], build { _ in }),
        (["build", "site"], build { $0.contentPath = "site" }),
        (["build", "--output", "out"], build { $0.outputPath = "out" }),
        (["build", "--output=out"], build { $0.outputPath = "out" }),
        (["build", "--output=a=b"], build { $0.outputPath = "a=b" }),
        (["build", "--templates", "t"], build { $0.templatesPath = "t" }),
        (["build", "--templates=t"], build { $0.templatesPath = "t" }),
        (["build", "--jobs", "3"], build { $0.jobs = 3 }),
        (["build", "--jobs=12"], build { $0.jobs = 12 }),
        (["build", "--shard", "2/4"], build { $0.shard = Shard(index: 2, count: 4) }),
        (["build", "--shard=1/1"], build { $0.shard = Shard(index: 1, count: 1) }),
        (["build", "--strict"], build { $0.strict = true }),
        (["build", "--drafts"], build { $0.includeDrafts = true }),
        (["build", "--keep-going"], build { $0.keepGoing = true }),
        (["build", "--follow-links"], build { $0.followLinks = true }),
        (["build", "--quiet"], build { $0.quiet = true }),
        (["build", "--verbose"], build { $0.verbose = true }),
        (["build", "--output", "a", "--output", "b"], build { $0.outputPath = "b" }),
        (["build", "--output", "-"], build { $0.outputPath = "-" }),
        (["build", "--", "--weird-name"], build { $0.contentPath = "--weird-name" }),
        (
            ["build", "--strict", "my site", "--jobs", "2", "--drafts", "--output=../www", "--verbose"],
            build {
                $0.contentPath = "my site"
                $0.strict = true
                $0.jobs = 2
                $0.includeDrafts = true
                $0.outputPath = "../www"
                $0.verbose = true
            }
        ),
    ])
    func buildOptions(arguments: [String], expected: Command) {
        #expect(CommandParser.parse(arguments) == .success(expected))
    }

    @Test(arguments: [
        (["serve"], serve { _ in }),
        (["serve", "site"], serve { $0.contentPath = "site" }),
        (["serve", "--port", "9000"], serve { $0.port = 9000 }),
        (["serve", "--port", "0"], serve { $0.port = 0 }),
        (["serve", "--port=1"], serve { $0.port = 1 }),
        (["serve", "--host", "0.0.0.0"], serve { $0.host = "0.0.0.0" }),
        (["serve", "--host=::1"], serve { $0.host = "::1" }),
        (["serve", "--follow-links"], serve { $0.followLinks = true }),
        (["serve", "--unlock"], serve { $0.unlock = true }),
        (
            ["serve", "--output", "o", "--templates=t", "--drafts"],
            serve {
                $0.outputPath = "o"
                $0.templatesPath = "t"
                $0.includeDrafts = true
            }
        ),
    ])
    func serveOptions(arguments: [String], expected: Command) {
        #expect(CommandParser.parse(arguments) == .success(expected))
    }

    @Test func defaultsAreContentAndPublic() {
        #expect(BuildCommand().contentPath == "./content")
        #expect(BuildCommand().outputPath == "./public")
        #expect(ServeCommand().port == 8000)
        #expect(ServeCommand().host == "127.0.0.1")
    }

    @Test(arguments: [
        (
            ["build", "--ouput", "x"], "unknown option '--ouput'. Did you mean '--output'?",
            Subcommand?.some(.build)
        ),
        (["build", "--colour"], "unknown option '--colour'", .build),
        (["build", "-o", "x"], "unknown option '-o'", .build),
        (["build", "--port", "80"], "unknown option '--port'", .build),
        (["serve", "--strict"], "unknown option '--strict'", .serve),
        (["serve", "--keep-going"], "unknown option '--keep-going'", .serve),
        (
            ["build", "--strict", "--keep-going"],
            "'--strict' and '--keep-going' cannot be used together: one fails on warnings, the other "
                + "publishes despite errors", .build
        ),
        (["serve", "--prot", "80"], "unknown option '--prot'. Did you mean '--port'?", .serve),
        (["build", "--output"], "missing value for '--output <dir>'", .build),
        (["build", "--output", "--strict"], "missing value for '--output <dir>'", .build),
        (["build", "--output="], "missing value for '--output <dir>'", .build),
        (["build", "--templates"], "missing value for '--templates <dir>'", .build),
        (["build", "--jobs"], "missing value for '--jobs <n>'", .build),
        (["serve", "--host"], "missing value for '--host <host>'", .serve),
        (
            ["build", "--jobs", "0"],
            "invalid value '0' for '--jobs <n>': expected a whole number greater than 0",
            .build
        ),
        (
            ["build", "--jobs=lots"],
            "invalid value 'lots' for '--jobs <n>': expected a whole number greater than 0", .build
        ),
        (["build", "--jobs", "-2"], "missing value for '--jobs <n>'", .build),
        (
            ["build", "--shard", "5/4"],
            "invalid value '5/4' for '--shard <k/n>': expected this machine's share and the number of "
                + "shares, such as 2/4 (1 ≤ k ≤ n ≤ 1000)", .build
        ),
        (
            ["build", "--shard=0/4"],
            "invalid value '0/4' for '--shard <k/n>': expected this machine's share and the number of "
                + "shares, such as 2/4 (1 ≤ k ≤ n ≤ 1000)", .build
        ),
        (
            ["build", "--shard", "two"],
            "invalid value 'two' for '--shard <k/n>': expected this machine's share and the number of "
                + "shares, such as 2/4 (1 ≤ k ≤ n ≤ 1000)", .build
        ),
        (
            ["serve", "--port", "70000"],
            "invalid value '70000' for '--port <port>': expected a port number from 0 to 65535 (0 picks a free port)",
            .serve
        ),
        (["build", "--strict=yes"], "the flag '--strict' does not take a value", .build),
        (["build", "a", "b"], "unexpected argument 'b'", .build),
        (["build", "--quiet", "--verbose"], "'--quiet' and '--verbose' cannot be used together", .build),
        (["bild"], "unknown subcommand 'bild'. Did you mean 'build'?", nil),
        (["deploy"], "unknown subcommand 'deploy'", nil),
        (["--verison"], "unknown option '--verison'. Did you mean '--version'?", nil),
        (["help", "srve"], "unknown subcommand 'srve'. Did you mean 'serve'?", nil),
        (["help", "build", "extra"], "unexpected argument 'extra'", nil),
    ])
    func usageErrors(arguments: [String], message: String, subcommand: Subcommand?) {
        #expect(CommandParser.parse(arguments) == .failure(UsageError(message, subcommand: subcommand)))
    }
}
