import Foundation
import GalleryKit
import GalleryServe

/// The real `galleryc serve`: builds, serves the output folder on loopback, watches the content
/// and template folders, and rebuilds and reloads open pages after every change.
enum PreviewServing {
    /// Runs the preview until the task is cancelled (Ctrl-C or SIGTERM, through the CLI's
    /// interrupt handler).
    static let serve: SiteServeFunction = { request, _ in
        let options = request.options
        var watched = [options.contentDirectory]
        if let templates = options.templatesDirectory { watched.append(templates) }
        let serverOptions = PreviewServerOptions(
            host: request.host, port: request.port, siteDirectory: options.outputDirectory,
            watchDirectories: watched)
        // Kept across rebuilds: the open cache and the previous site, recycled as the next
        // staging folder, so an edit costs content, render and the files that changed.
        let builds = BuildSession()
        defer { builds.close() }
        let session = PreviewSession(options: serverOptions) { changed in
            await rebuild(request, session: builds, changedPaths: changed)
        }
        // A port in use or a folder that cannot be watched ends here as a ServeError, which
        // the CLI prints with its message.
        _ = try await session.run(
            onReady: { url in request.log("Serving \(url) (Ctrl-C to stop)") },
            until: {
                while !Task.isCancelled {
                    try? await Task.sleep(for: .milliseconds(100))
                }
                return 0
            })
    }

    /// One build for the server: prints its diagnostics and turns the outcome into what the
    /// open pages are told.
    private static func rebuild(
        _ request: ServeRequest, session: BuildSession, changedPaths: Set<String>
    ) async -> SiteState {
        let diagnostics = DiagnosticCollector()
        do {
            let summary = try await SiteBuilder.build(
                request.options, session: session, diagnostics: diagnostics, progress: { _ in })
            request.printDiagnostics(diagnostics.diagnostics)
            let seconds =
                Double(summary.duration.components.attoseconds) / 1e18
                + Double(summary.duration.components.seconds)
            request.log(
                "Built \(summary.pageCount) pages, \(summary.photoCount) photos in "
                    + String(format: "%.2f s", seconds))
            if ProcessInfo.processInfo.environment["GALLERYC_TIMINGS"].map({ !$0.isEmpty && $0 != "0" })
                ?? false
            {
                request.log("timings: " + summary.phases.map(\.description).joined(separator: ", "))
            }
            // A change to stylesheets only lets open pages swap the stylesheet in place.
            let onlyCSS =
                !changedPaths.isEmpty && changedPaths.allSatisfy { $0.lowercased().hasSuffix(".css") }
            return .built(changedFiles: onlyCSS ? ["assets/galleryc.css"] : [])
        } catch {
            request.printDiagnostics(diagnostics.diagnostics)
            var errors = diagnostics.diagnostics.filter { $0.severity >= .warning }
            if errors.isEmpty {
                errors = [Diagnostic(.error, SourceLocation(file: "galleryc"), "\(error)")]
            }
            return .failed(errors)
        }
    }
}

extension GalleryCommandLine {
    /// The preview server behind `galleryc serve`.
    public static var previewServer: SiteServeFunction { PreviewServing.serve }
}
