import Testing

@testable import GalleryServe

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct StartupAndShutdownTests {
    @Test func ipv6LoopbackURLUsesBrackets() throws {
        let fixture = try SiteFixture()
        do {
            let server = try fixture.startServer(host: "::1")
            defer { server.stop() }
            #expect(server.url == "http://[::1]:\(server.port)/")
        } catch ServeError.socketFailed(call: "bind", code: EADDRNOTAVAIL) {
            // No IPv6 loopback in this container: nothing to check.
        }
    }

    @Test func hostNamesOtherThanLocalhostAreRejected() {
        #expect(throws: ServeError.invalidHost("example.com")) {
            _ = try PreviewServer(
                options: PreviewServerOptions(
                    host: "example.com", siteDirectory: .init(fileURLWithPath: "/tmp")))
        }
    }
}
