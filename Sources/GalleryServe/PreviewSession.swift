import Foundation
import Synchronization

/// The whole of `galleryc serve`: binds the server, runs the first build, watches the content
/// and template folders, rebuilds after each burst of changes and tells open pages, until
/// `shutdown` returns (the CLI's: when Ctrl-C cancels its task).
///
/// ```swift
/// let session = PreviewSession(options: options) { changed, early in
///     await runBuild(changedPaths: changed, swapped: { early(.built()) })   // -> SiteState
/// }
/// _ = try await session.run(onReady: { url in print("Serving at \(url)") }, until: { await stopped() })
/// ```
public final class PreviewSession: Sendable {
    /// Builds the site. `changedPaths` are absolute paths of the changed source files (empty
    /// for the first, full build). Returns what to show: `.built` or `.failed(diagnostics)`.
    /// A build may say it sooner with `early`, as soon as the new site is in place and before
    /// its own bookkeeping (what the next build needs): open pages are told then, once, and not
    /// again when it returns.
    public typealias Build =
        @Sendable (_ changedPaths: Set<String>, _ early: @escaping @Sendable (SiteState) -> Void) async ->
        SiteState

    /// The server, watcher and coordinator options.
    let options: PreviewServerOptions
    private let debounce: Duration
    private let build: Build

    /// - Parameters:
    ///   - options: where to listen, the site folder and the folders to watch.
    ///   - debounce: how long files must stay quiet before a rebuild starts. The watcher reports
    ///     a saved file once (`IN_CLOSE_WRITE`, or the rename of an atomic save), so 30 ms is
    ///     enough to take in an editor's "save all" or a `git checkout` in one rebuild and little
    ///     next to the 300 ms an edit may take to show; a burst longer than that costs one more
    ///     rebuild, never a lost change (``RebuildCoordinator``).
    ///   - build: the build, never run twice at once; the first call comes right after the
    ///     server starts listening.
    public init(options: PreviewServerOptions, debounce: Duration = .milliseconds(30), build: @escaping Build)
    {
        self.options = options
        self.debounce = debounce
        self.build = build
    }

    /// Serves until `shutdown` returns, then stops the watcher and the server. Signals are the
    /// CLI's (its interrupt handler cancels the task `shutdown` waits in).
    /// - Parameters:
    ///   - onReady: called with the server's URL as soon as it listens, before the first build.
    ///   - shutdown: waits for the reason to stop; returns the signal number (or any code).
    /// - Returns: what `shutdown` returned.
    /// - Throws: ``ServeError`` when the port is taken or a folder cannot be watched.
    public func run(
        onReady: @Sendable (String) -> Void = { _ in }, until shutdown: @Sendable () async -> Int32
    ) async throws(ServeError) -> Int32 {
        let server = try PreviewServer(options: options)
        defer { server.stop() }
        let build = build
        let coordinator = RebuildCoordinator(debounce: debounce) { paths in
            let told = Told()
            let state = await build(paths) { state in
                if told.first() { server.publish(state) }
            }
            if told.first() { server.publish(state) }
        }
        // Output written inside a watched folder must not trigger another rebuild.
        let output = options.siteDirectory.standardizedFileURL.path + "/"
        let watcher = try FileWatcher(directories: options.watchDirectories) { changes in
            let paths = changes.map(\.path).filter { !$0.hasPrefix(output) }
            if !paths.isEmpty { coordinator.submit(paths) }
        }
        defer { watcher.stop() }
        onReady(server.url)
        await coordinator.requestRebuild()
        return await shutdown()
    }
}

/// Whether a build's outcome was told to open pages: once per build, early or at its end.
private final class Told: Sendable {
    private let told = Mutex(false)

    /// True the first time only.
    func first() -> Bool {
        told.withLock { told in
            defer { told = true }
            return !told
        }
    }
}
