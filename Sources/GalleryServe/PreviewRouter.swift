/// Decides the answer to each request: the Host check, the live-reload endpoints, then the
/// site's files.
struct PreviewRouter: Sendable {
    let hostPolicy: HostPolicy
    let files: StaticFileResponder
    let hub: LiveReloadHub

    func respond(to request: HTTPRequest) -> HTTPResponse {
        guard hostPolicy.accepts(request.headers["host"]) else {
            return .text(403, "Forbidden: unexpected Host header")
        }
        switch String(request.path) {
        case LiveReloadScript.path:
            guard request.method == "GET" || request.method == "HEAD" else {
                return .text(405, "Method Not Allowed", headers: [("Allow", "GET, HEAD")])
            }
            return HTTPResponse(
                status: 200, headers: [("Content-Type", "text/javascript; charset=utf-8")],
                body: .bytes(Array(LiveReloadScript.source.utf8)))
        case LiveReloadScript.eventsPath:
            guard request.method == "GET" else {
                return .text(405, "Method Not Allowed", headers: [("Allow", "GET")])
            }
            return HTTPResponse(
                status: 200,
                headers: [("Content-Type", "text/event-stream; charset=utf-8"), ("X-Accel-Buffering", "no")],
                body: .eventStream(hub.makeClient()))
        default:
            var response = files.respond(to: request)
            response.headers.append(("X-Content-Type-Options", "nosniff"))
            return response
        }
    }
}
