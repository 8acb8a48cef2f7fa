import Foundation
import GalleryKit

extension Invocation {
    /// `galleryc build`: runs the build, prints progress, diagnostics and one summary line.
    func runBuild(_ command: BuildCommand) async -> Int32 {
        guard
            var options = options(
                content: command.contentPath, output: command.outputPath, templates: command.templatesPath,
                cache: command.cachePath, jobs: command.jobs, strict: command.strict,
                keepGoing: command.keepGoing, drafts: command.includeDrafts, followLinks: command.followLinks)
        else { return 1 }
        options.shard = command.shard
        options.endsProcess = true
        let formatter = formatter(contentPath: command.contentPath)
        let outputShown = formatter.display(command.outputPath).appendingSlash
        let collector = DiagnosticCollector()
        let progress = ProgressReporter(console: console, enabled: !command.quiet)
        let summary: BuildSummary
        do {
            summary = try await build(options, collector, { progress.report($0) })
        } catch is CancellationError {
            progress.finish()
            printDiagnostics(collector.diagnostics, command, formatter)
            console.writeError(
                formatter.formatMessage(.error, "build interrupted; \(untouched(options, outputShown))"))
            return GalleryCommandLine.interruptedExitCode
        } catch {
            progress.finish()
            let diagnostics = collector.diagnostics
            printDiagnostics(diagnostics, command, formatter)
            // The build's verdict: BuildFailed (its reasons are the diagnostics) or, from a
            // build function that is not the real pipeline, an error of its own.
            var errors = collector.count(of: .error)
            var skippable = false
            if let failed = error as? BuildFailed {
                errors = max(errors, failed.errorCount)
                skippable = failed.filesCouldBeSkipped
            } else if let located = error as? any LocatedError {
                if !diagnostics.contains(located.diagnostic) {
                    console.writeError(formatter.format(located.diagnostic))
                    errors += 1
                }
            } else {
                console.writeError(formatter.formatMessage(.error, "\(error)"))
                errors += 1
            }
            let warnings = collector.count(of: .warning)
            let reason =
                errors > 0
                ? "with \(counted(errors, "error"))"
                : command.strict && warnings > 0 ? "with \(counted(warnings, "warning")) (--strict)" : ""
            let failure = ["build failed", reason].filter { !$0.isEmpty }.joined(separator: " ")
            console.writeError(
                formatter.formatMessage(.error, "\(failure); \(untouched(options, outputShown))"))
            if skippable {
                console.writeError(
                    formatter.formatMessage(
                        .note,
                        "--keep-going publishes the site without the files above; a .nomedia file "
                            + "in their folder leaves them out for good"))
            }
            return 1
        }
        progress.finish()
        printDiagnostics(collector.diagnostics, command, formatter)
        if showsTimings { console.writeError(timingsLine(summary) + "\n") }
        if !command.quiet {
            console.writeOutput(Self.summaryLine(summary, output: outputShown) + "\n")
            for note in HostLimits.notes(summary) { console.writeError(formatter.formatMessage(.note, note)) }
        }
        if summary.skippedErrorCount > 0 {
            // --keep-going: the site is out, without what failed; a script checking the exit
            // code must not take it for a complete one.
            console.writeError(
                formatter.formatMessage(
                    .error,
                    "\(outputShown) was written without what the \(counted(summary.skippedErrorCount, "error")) "
                        + "above left out (--keep-going)"))
            return 1
        }
        return 0
    }

    /// What a failed build did to the output folder, truthfully: nothing, so it is the previous
    /// site as it was, or there is none yet.
    private func untouched(_ options: BuildOptions, _ outputShown: String) -> String {
        FileManager.default.fileExists(atPath: options.outputDirectory.path)
            ? "\(outputShown) was left as it was" : "no site was written (\(outputShown) does not exist yet)"
    }

    private func printDiagnostics(
        _ diagnostics: [Diagnostic], _ command: BuildCommand, _ formatter: DiagnosticFormatter
    ) {
        let shown = diagnostics.filter { diagnostic in
            switch diagnostic.severity {
            case .error: true
            case .warning: !command.quiet || command.strict
            case .note: command.verbose
            }
        }
        let text = DiagnosticGrouping.text(shown, all: command.verbose, formatter)
        if !text.isEmpty { console.writeError(text) }
    }

    /// `Built 12 pages, 120 photos (95 cached) in 3.4 s -> public/`; with clips,
    /// `Built 12 pages, 120 photos (95 cached), 3 videos (2 cached) in 3.4 s -> public/`; when
    /// pages were kept from the site before, `Built 12 pages (3 rendered), ...`.
    static func summaryLine(_ summary: BuildSummary, output: String) -> String {
        if let shard = summary.shard { return shardLine(summary, shard: shard) }
        var line = "Built \(pagesText(summary)), \(counted(summary.photoCount, "photo"))"
        if summary.cachedPhotoCount > 0 { line += " (\(summary.cachedPhotoCount) cached)" }
        if summary.videoCount > 0 {
            line += ", \(counted(summary.videoCount, "video"))"
            if summary.cachedVideoCount > 0 { line += " (\(summary.cachedVideoCount) cached)" }
        }
        line += " in \(String(format: "%.1f", seconds(summary.duration))) s -> \(output)"
        if summary.siteFileCount > 0 {
            line += " (\(HostLimits.byteCountText(summary.siteByteCount)), "
            line += "\(DiagnosticGrouping.grouped(summary.siteFileCount)) files)"
        }
        return line
    }
}

extension Invocation {
    /// `12 pages`, and `12 pages (3 rendered)` when some were kept from the site before: how
    /// `build` and `serve` report the pages.
    static func pagesText(_ summary: BuildSummary) -> String {
        var text = counted(summary.pageCount, "page")
        if let rendered = summary.renderedPageCount, rendered < summary.pageCount {
            text += " (\(rendered) rendered)"
        }
        return text
    }

    /// `Shard 2/4: 2,510 photos (12 cached), 3 videos in 41.2 s -> .galleryc/cache/`.
    static func shardLine(_ summary: BuildSummary, shard: Shard) -> String {
        var line = "Shard \(shard): \(counted(summary.photoCount, "photo"))"
        if summary.cachedPhotoCount > 0 { line += " (\(summary.cachedPhotoCount) cached)" }
        if summary.videoCount > 0 {
            line += ", \(counted(summary.videoCount, "video"))"
            if summary.cachedVideoCount > 0 { line += " (\(summary.cachedVideoCount) cached)" }
        }
        return line + " in \(String(format: "%.1f", seconds(summary.duration))) s, kept in the cache"
    }
}

/// `GALLERYC_TIMINGS` set (and not `0`): builds print how long each phase took.
extension Invocation {
    var showsTimings: Bool { environment["GALLERYC_TIMINGS"].map { !$0.isEmpty && $0 != "0" } ?? false }
}

/// `timings: content 2.1 ms, ...`, one entry per build phase.
func timingsLine(_ summary: BuildSummary) -> String {
    "timings: " + summary.phases.map(\.description).joined(separator: ", ")
}

/// A duration in seconds.
func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

/// `1 page`, `2 pages`.
func counted(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
}

extension String {
    /// The path with exactly one trailing `/` (`public/`); `./` for the current folder.
    var appendingSlash: String {
        isEmpty ? "./" : hasSuffix("/") ? self : self + "/"
    }
}
