/// A request as the responder sees it: the raw (still percent-encoded) path and the few
/// headers it reads, with lower-cased names.
struct HTTPRequest: Sendable {
    var method: String
    var rawPath: String
    var headers: [String: String]

    /// The path without its query string: `/album/?x=1` is `/album/`.
    var path: Substring {
        rawPath.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
    }

    /// The header names the daemon copies out of each request.
    static let readHeaders = ["host", "if-none-match", "if-modified-since", "range"]
}

/// A response the daemon turns into a libmicrohttpd response.
struct HTTPResponse: Sendable {
    /// Where the body comes from.
    enum Body: Sendable {
        case bytes([UInt8])
        /// A slice of a file, sent with sendfile.
        case file(path: String, offset: UInt64, length: UInt64)
        /// An HTML page with the live-reload tag, read from its file as it is sent.
        case injectedHTML(InjectedHTML)
        /// The live-reload event stream for one client.
        case eventStream(LiveReloadClient)
    }

    var status: Int
    var headers: [(String, String)]
    var body: Body

    init(status: Int, headers: [(String, String)] = [], body: Body = .bytes([])) {
        self.status = status
        self.headers = headers + [("Cache-Control", "no-cache")]
        self.body = body
    }

    /// A short plain-text answer such as "404 Not Found".
    static func text(_ status: Int, _ message: String, headers: [(String, String)] = []) -> HTTPResponse {
        HTTPResponse(
            status: status,
            headers: [("Content-Type", "text/plain; charset=utf-8")] + headers,
            body: .bytes(Array("\(status) \(message)\n".utf8)))
    }

    /// The value of the first header with this name (case-insensitive).
    func header(_ name: String) -> String? {
        headers.first { $0.0.lowercased() == name.lowercased() }?.1
    }
}
