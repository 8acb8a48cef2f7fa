import Foundation
import Testing

@testable import GalleryServe

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

        let stalled = try client.connectSocket()
        defer { close(stalled) }
        RawHTTPClient.send("GET / HTTP/1.1\r\nHost: loc", on: stalled)
        // Timed on the reading thread: how soon the server closes, not how soon a busy
        // cooperative pool gets back to this test.
        let (leftover, waited) = try await offThePool {
            let start = Date()
            return (RawHTTPClient.readAll(stalled), Date().timeIntervalSince(start))
        }
        #expect(leftover.isEmpty)
        #expect(waited < 4)

        // Well past the idle timeout, the event stream is still there (keep-alive comments).
        try await Task.sleep(for: .milliseconds(1_500))
        server.publish(.built())
        let text = try await RawHTTPClient.awaitText(stream, until: "event: reload")
        #expect(text.contains(": keep-alive"))
        #expect(text.contains("event: reload"))
    }
}
