import Foundation
import GalleryKit

/// The `galleryc` command line: parses the arguments, runs the command and returns the exit
/// code (0 success, 1 failed build, 64 usage error). Everything it touches is passed in, so
/// tests run it without a process, a real site or a terminal.
public enum GalleryCommandLine {
    /// The exit code of a command line that cannot be parsed (`EX_USAGE`).
    static let usageExitCode: Int32 = 64

    /// Runs `galleryc` for this process: real arguments, environment, stdout and stderr,
    /// `SiteBuilder.build` and the preview server. The one entry point `main.swift` uses:
    /// everything else of GalleryCLI is internal (its tests use `@testable import`).
    ///
    /// The first Ctrl-C or SIGTERM cancels the running task (a build then stops its children,
    /// removes its work and staging folders and exits 130; `serve` returns); a second one exits
    /// at once, after killing the children and removing the temporary folders
    /// (``InterruptHandler``).
    public static func main() async -> Int32 {
        let task = Task {
            await run(
                Array(CommandLine.arguments.dropFirst()),
                build: { options, diagnostics, progress in
                    try await SiteBuilder.build(options, diagnostics: diagnostics, progress: progress)
                },
                serve: PreviewServing.serve, environment: ProcessInfo.processInfo.environment,
                console: .standard)
        }
        let interrupts = InterruptHandler { task.cancel() }
        defer { interrupts.stop() }
        return await task.value
    }

    /// The exit code after an interrupt (128 + SIGINT), as shells report it.
    static let interruptedExitCode: Int32 = 130

    /// Runs one command line.
    /// - Parameters:
    ///   - arguments: the arguments after the executable name.
    ///   - build: runs a build.
    ///   - serve: runs the preview server; nil makes `serve` report that it is unavailable.
    ///   - environment: read for `NO_COLOR`, `TERM`, `GALLERYC_THEME_DIR`, `SOURCE_DATE_EPOCH`.
    ///   - console: where stdout and stderr text goes.
    ///   - currentDirectory: relative paths are resolved against it and shown relative to it.
    ///   - executableURL: where the theme is looked for when `GALLERYC_THEME_DIR` is not set.
    /// - Returns: the process exit code.
    static func run(
        _ arguments: [String], build: @escaping SiteBuildFunction, serve: SiteServeFunction?,
        environment: [String: String], console: Console,
        currentDirectory: String = FileManager.default.currentDirectoryPath,
        executableURL: URL? = ThemeLocator.currentExecutable
    ) async -> Int32 {
        let context = Invocation(
            build: build, serve: serve, environment: environment, console: console,
            currentDirectory: currentDirectory, executableURL: executableURL)
        switch CommandParser.parse(arguments) {
        case .failure(let error):
            console.writeError(HelpText.usageError(error))
            return usageExitCode
        case .success(.help(let topic)):
            console.writeOutput(HelpText.page(for: topic))
            return 0
        case .success(.version):
            console.writeOutput(HelpText.version + "\n")
            return 0
        case .success(.build(let command)):
            return await context.runBuild(command)
        case .success(.serve(let command)):
            return await context.runServe(command)
        case .success(.initSite(let path)):
            return context.runInit(path)
        }
    }
}

/// One run of the command line with everything it may use.
struct Invocation {
    var build: SiteBuildFunction
    var serve: SiteServeFunction?
    var environment: [String: String]
    var console: Console
    var currentDirectory: String
    var executableURL: URL?

    /// Colour only on a terminal, never with `NO_COLOR` (https://no-color.org) or `TERM=dumb`.
    var colour: Bool {
        console.errorIsTerminal && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
    }

    func formatter(contentPath: String) -> DiagnosticFormatter {
        DiagnosticFormatter(contentPath: contentPath, currentDirectory: currentDirectory, colour: colour)
    }

    /// `path` made absolute against the current directory, `.` segments dropped (`..` stays:
    /// only the file system knows what it means next to a symlink).
    func url(_ path: String) -> URL {
        let absolute = path.hasPrefix("/") ? path : currentDirectory + "/" + path
        let segments = absolute.split(separator: "/").filter { $0 != "." }
        return URL(fileURLWithPath: "/" + segments.joined(separator: "/"), isDirectory: true)
    }

    /// Build options shared by `build` and `serve`, or nil after printing why they cannot be made.
    func options(
        content: String, output: String, templates: String?, cache: String?, jobs: Int?, strict: Bool,
        keepGoing: Bool, drafts: Bool, followLinks: Bool
    ) -> BuildOptions? {
        let formatter = formatter(contentPath: content)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url(content).path, isDirectory: &isFolder),
            isFolder.boolValue
        else {
            console.writeError(
                formatter.formatMessage(
                    .error,
                    "cannot find the content folder '\(content)'; run galleryc in your site's folder "
                        + "or pass the content folder's path"))
            return nil
        }
        let theme: URL
        do {
            theme = try ThemeLocator(environment: environment, executableURL: executableURL).locate()
        } catch {
            console.writeError(formatter.formatMessage(.error, error.message))
            return nil
        }
        var sourceDate: Date?
        if let epoch = environment["SOURCE_DATE_EPOCH"], !epoch.isEmpty {
            guard let seconds = Int(epoch) else {
                console.writeError(
                    formatter.formatMessage(
                        .error, "SOURCE_DATE_EPOCH must be a whole number of seconds, not '\(epoch)'"))
                return nil
            }
            sourceDate = Date(timeIntervalSince1970: TimeInterval(seconds))
        }
        var options = BuildOptions(
            contentDirectory: url(content), outputDirectory: url(output),
            templatesDirectory: templates.map(url),
            themeDirectory: theme, jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount, strict: strict,
            keepGoing: keepGoing, includeDrafts: drafts, followLinks: followLinks, sourceDate: sourceDate,
            cacheDirectory: BuildOptions.cacheDirectory(
                option: cache, environment: environment,
                currentDirectory: URL(fileURLWithPath: currentDirectory)))
        // The place names of `places:`; unset, they are beside the theme (`Geodata/`).
        if let geodata = environment["GALLERYC_GEODATA_DIR"], !geodata.isEmpty {
            options.geodataDirectory = url(geodata)
        }
        return options
    }
}
