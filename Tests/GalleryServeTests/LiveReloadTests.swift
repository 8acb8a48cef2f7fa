import Foundation
import GalleryKit
import Testing

@testable import GalleryServe

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct LiveReloadTests {
    /// Opens the event stream and waits for its greeting, so later events cannot be missed.
    private func openStream(_ server: PreviewServer) async throws -> Int32 {
        let fd = try RawHTTPClient(port: server.port).connectSocket()
        RawHTTPClient.send("GET /_galleryc/events HTTP/1.1\r\nHost: localhost\r\n\r\n", on: fd)
        let greeting = try await RawHTTPClient.awaitText(fd, until: "retry:")
        #expect(greeting.contains("text/event-stream"))
        return fd
    }

    @Test func aPageReceivesReloadAfterPublish() async throws {
        let fixture = try SiteFixture()
        let server = try fixture.startServer()
        defer { server.stop() }
        let stream = try await openStream(server)
        defer { close(stream) }
        server.publish(.built())
        #expect(try await RawHTTPClient.awaitText(stream, until: "event: reload").contains("event: reload"))
    }

    @Test func stylesheetOnlyChangesSendCSS() async throws {
        let fixture = try SiteFixture()
        let server = try fixture.startServer()
        defer { server.stop() }
        let stream = try await openStream(server)
        defer { close(stream) }
        server.publish(.built(changedFiles: ["style.css", "album/extra.css"]))
        let text = try await RawHTTPClient.awaitText(stream, until: "event: css")
        #expect(text.contains("event: css"))
        #expect(!text.contains("event: reload"))
    }

    @Test func errorShowsDiagnosticsThenOkClearsThem() async throws {
        let fixture = try SiteFixture()
        let server = try fixture.startServer()
        defer { server.stop() }
        let stream = try await openStream(server)
        defer { close(stream) }
        let diagnostic = Diagnostic(
            .error, SourceLocation(file: "iceland/index.md", line: 4, column: 9),
            "front matter: \"title\" is missing")
        server.publish(.failed([diagnostic]))
        let error = try await RawHTTPClient.awaitText(stream, until: "is missing")
        #expect(error.contains("event: error"))
        #expect(error.contains("\"location\":\"iceland/index.md:4:9\""))
        #expect(error.contains(#"front matter: \"title\" is missing"#))

        // A page opened while the site is broken shows the overlay at once.
        let late = try RawHTTPClient(port: server.port).connectSocket()
        defer { close(late) }
        RawHTTPClient.send("GET /_galleryc/events HTTP/1.1\r\nHost: localhost\r\n\r\n", on: late)
        #expect(try await RawHTTPClient.awaitText(late, until: "is missing").contains("event: error"))

        server.publish(.built(changedFiles: ["style.css"]))
        let after = try await RawHTTPClient.awaitText(stream, until: "event: reload")
        #expect(after.contains("event: ok"))
        #expect(after.contains("event: reload"))
    }

    @Test func stopEndsOpenStreams() async throws {
        let fixture = try SiteFixture()
        let server = try fixture.startServer()
        let stream = try await openStream(server)
        defer { close(stream) }
        #expect(server.liveReloadClientCount == 1)
        let start = Date()
        server.stop()
        #expect(Date().timeIntervalSince(start) < 3)
        _ = try await offThePool { RawHTTPClient.readAll(stream) }
    }
}
