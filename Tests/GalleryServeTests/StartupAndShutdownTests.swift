import GalleryServe
import Synchronization
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct StartupAndShutdownTests {
    @Test func sigtermEndsTheWaitInsteadOfTheProcess() async throws {
        // Ignored up front, so a signal sent before the waiter is installed cannot kill the
        // test process; it is resent until the waiter reports it.
        signal(SIGTERM, SIG_IGN)
        let received = Mutex<Int32?>(nil)
        let waiter = Task {
            let number = await waitForShutdownSignal()
            received.withLock { $0 = number }
        }
        for _ in 0..<200 where received.withLock({ $0 }) == nil {
            kill(getpid(), SIGTERM)
            try await Task.sleep(for: .milliseconds(25))
        }
        await waiter.value
        #expect(received.withLock { $0 } == SIGTERM)
    }

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
