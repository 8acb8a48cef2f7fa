import GalleryKit
import Synchronization

/// The `galleryc serve` HTTP server: serves the built site, injects the live-reload script
/// into HTML responses, and pushes reload, stylesheet, error and ok events to open pages.
///
/// ```swift
/// let server = try PreviewServer(options: .init(siteDirectory: publicFolder))
/// print("Serving at \(server.url)")
/// server.publish(.built())        // after each rebuild
/// // ... until the preview ends
/// server.stop()
/// ```
final class PreviewServer: Sendable {
    /// The options the server was started with.
    let options: PreviewServerOptions
    /// The address to open, such as `http://127.0.0.1:8000/` (the real port when 0 was asked).
    let url: String
    /// The port actually bound.
    let port: Int

    private let daemon: HTTPDaemon
    private let hub: LiveReloadHub

    /// Binds the socket and starts serving.
    /// - Throws: ``ServeError/portInUse(host:port:)`` when the port is taken,
    ///   ``ServeError/invalidHost(_:)`` for a host that is not an IP address or `localhost`.
    init(options: PreviewServerOptions) throws(ServeError) {
        self.options = options
        let address = try SocketAddress(host: options.host)
        // Keep-alive comments must come more often than the idle timeout closes connections.
        let hub = LiveReloadHub(keepAliveInterval: min(10, max(0.5, Double(options.connectionTimeout) / 2)))
        let router = PreviewRouter(
            hostPolicy: HostPolicy(boundHost: options.host, isLoopback: address.isLoopback),
            files: StaticFileResponder(siteDirectory: options.siteDirectory.path),
            hub: hub)
        daemon = try HTTPDaemon(
            address: address, port: options.port, timeout: options.connectionTimeout,
            limits: options.limits.fittedToOpenFileLimit(), handler: router.respond(to:))
        self.hub = hub
        port = daemon.port
        url = "http://\(address.urlHost):\(daemon.port)/"
    }

    /// Tells open pages about a rebuild. A success reloads them (or only swaps stylesheets when
    /// every changed file is CSS) and clears an error overlay; a failure shows the diagnostics
    /// in an overlay while the last good files stay served.
    func publish(_ state: SiteState) {
        switch state {
        case .failed(let diagnostics):
            hub.broadcast(.error(diagnostics))
        case .built(let changedFiles):
            hub.broadcastBuilt(
                onlyCSS: !changedFiles.isEmpty
                    && changedFiles.allSatisfy { $0.lowercased().hasSuffix(".css") })
        }
    }

    /// The number of pages currently listening for live-reload events.
    var liveReloadClientCount: Int { hub.clientCount }

    /// Ends the event streams, closes every connection and the listening socket. Idempotent.
    func stop() {
        hub.close()
        daemon.stop()
    }

    deinit { stop() }
}
