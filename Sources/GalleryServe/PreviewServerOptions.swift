import Foundation

/// Where the preview server listens and what it serves.
public struct PreviewServerOptions: Sendable {
    /// The address to bind: an IPv4 or IPv6 literal, or `localhost`. Loopback by default.
    var host: String
    /// The TCP port; 0 picks any free port (read the real one from ``PreviewServer/url``).
    var port: Int
    /// The built site (`public/`), the only folder whose files are served.
    var siteDirectory: URL
    /// Content and template folders watched by ``PreviewSession`` (not by the server itself).
    var watchDirectories: [URL]
    /// Seconds a connection may stay idle (or a request stay unfinished) before it is closed.
    /// However steadily a client trickles bytes, its request must also arrive whole within
    /// 10 s (see ``ConnectionLimits``).
    var connectionTimeout: Int
    /// Connection limits and the request deadline; lowered by tests.
    var limits = ConnectionLimits()

    /// Creates options; see the properties for the meaning of each.
    public init(
        host: String = "127.0.0.1", port: Int = 8000, siteDirectory: URL, watchDirectories: [URL] = [],
        connectionTimeout: Int = 15
    ) {
        self.watchDirectories = watchDirectories
        self.host = host
        self.port = port
        self.siteDirectory = siteDirectory
        self.connectionTimeout = connectionTimeout
    }
}
