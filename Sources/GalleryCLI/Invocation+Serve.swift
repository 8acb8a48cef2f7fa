import GalleryKit

extension Invocation {
    /// `galleryc serve`: hands the request to the preview server and waits until it stops.
    func runServe(_ command: ServeCommand) async -> Int32 {
        guard
            let options = options(
                content: command.contentPath, output: command.outputPath, templates: command.templatesPath,
                cache: command.cachePath, jobs: nil, strict: false, keepGoing: false,
                drafts: command.includeDrafts, followLinks: command.followLinks)
        else { return 1 }
        let formatter = formatter(contentPath: command.contentPath)
        guard let serve else {
            console.writeError(
                formatter.formatMessage(.error, "'galleryc serve' is not available in this build"))
            return 1
        }
        let console = console
        let request = ServeRequest(
            host: command.host, port: command.port, options: options,
            printDiagnostics: { diagnostics in
                for diagnostic in diagnostics where diagnostic.severity != .note {
                    console.writeError(formatter.format(diagnostic))
                }
            },
            log: { console.writeError($0 + "\n") }, showsTimings: showsTimings)
        let collector = DiagnosticCollector()
        do {
            try await serve(request, collector)
            return 0
        } catch {
            for diagnostic in collector.diagnostics where diagnostic.severity != .note {
                console.writeError(formatter.format(diagnostic))
            }
            let message = (error as? any LocatedError).map { formatter.format($0.diagnostic) }
            console.writeError(message ?? formatter.formatMessage(.error, "\(error)"))
            return 1
        }
    }
}
