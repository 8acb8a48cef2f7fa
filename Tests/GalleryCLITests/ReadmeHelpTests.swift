import Foundation
import Testing

@testable import GalleryCLI

/// The README's "Command line" section quotes the help pages word for word, in fenced blocks
/// whose first line is the command (`$ galleryc --help`). Each block must equal what that
/// command prints now; when HelpText changes, paste the new output into README.md.
@Suite struct ReadmeHelpTests {
    static var readme: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("README.md")
    }

    /// The quoted commands and their quoted output, from the README's "Command line" section.
    static func quotedCommands() throws -> [(arguments: [String], output: String)] {
        let text = try String(contentsOf: readme, encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let start = lines.firstIndex(of: "## Command line") else { return [] }
        let end = lines[(start + 1)...].firstIndex { $0.hasPrefix("## ") } ?? lines.count
        var result: [(arguments: [String], output: String)] = []
        var block: [String]?
        for line in lines[(start + 1)..<end] {
            if line.hasPrefix("```") {
                if let body = block, let command = body.first, command.hasPrefix("$ galleryc") {
                    let arguments = command.split(separator: " ").dropFirst(2).map(String.init)
                    result.append((arguments, body.dropFirst().map { $0 + "\n" }.joined()))
                }
                block = block == nil ? [] : nil
            } else if block != nil {
                block?.append(line)
            }
        }
        return result
    }

    @Test func readmeQuotesTheExactHelpOutput() async throws {
        let quoted = try Self.quotedCommands()
        let commands = quoted.map { $0.arguments.joined(separator: " ") }
        #expect(
            commands.contains("--help"),
            "README.md's '## Command line' section has no ```console block starting with '$ galleryc --help'")
        for (arguments, readmeText) in quoted {
            let site = try TestSite()
            let console = TestConsole()
            let code = await site.run(arguments, console: console)
            #expect(code == 0, "galleryc \(arguments.joined(separator: " ")) failed: \(console.err)")
            #expect(
                readmeText == console.out,
                """
                README.md is out of date: its quoted `galleryc \(arguments.joined(separator: " "))` \
                differs from the real output (HelpText.swift) at \
                \(Self.firstDifference(readme: readmeText, actual: console.out)). Paste the output of \
                `galleryc \(arguments.joined(separator: " "))` into README.md's Command line section.
                """)
        }
    }

    static func firstDifference(readme: String, actual: String) -> String {
        let left = readme.split(separator: "\n", omittingEmptySubsequences: false)
        let right = actual.split(separator: "\n", omittingEmptySubsequences: false)
        for index in 0..<max(left.count, right.count) {
            let got = index < left.count ? String(left[index]) : "<end>"
            let want = index < right.count ? String(right[index]) : "<end>"
            if got != want { return "line \(index + 1): README has \"\(got)\", galleryc prints \"\(want)\"" }
        }
        return "the same lines"
    }
}
