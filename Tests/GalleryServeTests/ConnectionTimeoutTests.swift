import Foundation
import GalleryServe
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct ConnectionTimeoutTests {
    @Test func stalledRequestsAreClosedButEventStreamsStayOpen() async throws {
        let fixture = try SiteFixture()
        let server = try PreviewServer(
            options: PreviewServerOptions(port: 0, siteDirectory: fixture.site, connectionTimeout: 1))
        defer { server.stop() }
        let client = RawHTTPClient(port: server.port)

        let stream = try client.connectSocket()
        defer { close(stream) }
        RawHTTPClient.send("GET /_galleryc/events HTTP/1.1\r\nHost: localhost\r\n\r\n", on: stream)
        _ = try await RawHTTPClient.awaitText(stream, until: "retry:")

        // Its own receive timeout (30 s) is well past the bound below, so a server that never
        // closed it would fail the test rather than look closed.
        let stalled = try client.connectSocket(timeoutSeconds: 30)
        defer { close(stalled) }
        RawHTTPClient.send("GET / HTTP/1.1\r\nHost: loc", on: stalled)
        let start = Date()
        let leftover = try await offThePool { RawHTTPClient.readAll(stalled) }
        #expect(leftover.isEmpty)
        // The idle timeout is 1 s; the bound leaves room for a loaded 2-core CI machine running
        // the other suites (ffmpeg included) at once: a server without the timeout holds it for 30 s.
        #expect(Date().timeIntervalSince(start) < 10)

        // Well past the idle timeout, the event stream is still there (keep-alive comments).
        try await Task.sleep(for: .milliseconds(1_500))
        server.publish(.built())
        let text = try await RawHTTPClient.awaitText(stream, until: "event: reload")
        #expect(text.contains(": keep-alive"))
        #expect(text.contains("event: reload"))
    }
}
