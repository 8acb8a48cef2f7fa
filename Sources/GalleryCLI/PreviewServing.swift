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
        let session = PreviewSession(options: serverOptions) { changed, early in
            await rebuild(request, session: builds, changedPaths: changed, early: early)
        }
        // A port in use or a folder that cannot be watched ends here as a ServeError, which
        // the CLI prints with its message.
        _ = try await session.run(
            onReady: { url in request.log("Serving \(url) (Ctrl-C to stop)") },
            until: {
                // Task.sleep returns at once when the task is cancelled (Ctrl-C).
                while !Task.isCancelled {
                    try? await Task.sleep(for: .seconds(3600))
                }
                return 0
            })
    }

    /// One build for the server: prints its diagnostics and turns the outcome into what the
    /// open pages are told, as soon as the new site is swapped in (`early`): the manifest the
    /// next build checks its folder with, and the lines printed here, come after the reload.
    private static func rebuild(
        _ request: ServeRequest, session: BuildSession, changedPaths: Set<String>,
        early: @escaping @Sendable (SiteState) -> Void
    ) async -> SiteState {
        let diagnostics = DiagnosticCollector()
        session.noteChanges(changedPaths)
        // The server swaps stylesheets in place when only stylesheets changed.
        let built = SiteState.built(changedFiles: changedPaths.sorted())
        do {
            let summary = try await SiteBuilder.build(
                request.options, session: session, diagnostics: diagnostics, progress: { _ in },
                swapped: { early(built) })
            request.printDiagnostics(diagnostics.diagnostics)
            let videos = summary.videoCount > 0 ? ", \(counted(summary.videoCount, "video"))" : ""
            request.log(
                "Built \(Invocation.pagesText(summary)), \(counted(summary.photoCount, "photo"))\(videos) in "
                    + String(format: "%.2f s", seconds(summary.duration)))
            if request.showsTimings { request.log(timingsLine(summary)) }
            return built
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
