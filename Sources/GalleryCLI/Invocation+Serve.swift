import Foundation
import GalleryKit

extension Invocation {
    /// `galleryc serve`: hands the request to the preview server and waits until it stops.
    func runServe(_ command: ServeCommand) async -> Int32 {
        guard
            var options = options(
                content: command.contentPath, output: command.outputPath, templates: command.templatesPath,
                cache: command.cachePath, jobs: nil, strict: false, keepGoing: false,
                drafts: command.includeDrafts, followLinks: command.followLinks)
        else { return 1 }
        // An unlocked preview holds the private albums' keys in its pages: it is never
        // written where a site is deployed from.
        if command.unlock {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
                "galleryc-unlocked-preview-\(ProcessInfo.processInfo.processIdentifier)", isDirectory: true)
            options.outputDirectory = folder
            options.embedsAlbumKeys = true
        }
        defer {
            if command.unlock { try? FileManager.default.removeItem(at: options.outputDirectory) }
        }
        let formatter = formatter(contentPath: command.contentPath)
        guard let serve else {
            console.writeError(
                formatter.formatMessage(.error, "'galleryc serve' is not available in this build"))
            return 1
        }
        let console = console
        // Each rebuild prints what it changed: its new problems (repeated kinds grouped), and
        // one line for those the last rebuild printed already.
        let memory = DiagnosticMemory()
        let request = ServeRequest(
            host: command.host, port: command.port, options: options,
            printDiagnostics: { diagnostics in
                let (new, unchanged) = memory.changes(diagnostics.filter { $0.severity != .note })
                let text = DiagnosticGrouping.text(new, all: false, formatter)
                if !text.isEmpty { console.writeError(text) }
                if unchanged > 0 {
                    console.writeError(
                        formatter.formatMessage(
                            .note,
                            "\(DiagnosticGrouping.grouped(unchanged)) problems of the last build are still there"
                        ))
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
