import Foundation
import Testing

@testable import GalleryServe

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct ServerSafetyTests {
    @Test func neverServesOutsideTheSite() async throws {
        let fixture = try SiteFixture()
        let server = try fixture.startServer()
        defer { server.stop() }
        let cases: [String] = [
            "/../secret.txt", "/album/../../secret.txt", "/%2e%2e/secret.txt", "/%2E%2E/secret.txt",
            "/%252e%252e/secret.txt", "/..%2fsecret.txt", "/..\\secret.txt", "/..%5csecret.txt",
            "/index.html%00.txt", "/%00", "/%c0%ae%c0%ae/secret.txt", "/%c0%af..%c0%afsecret.txt",
            "/etc/passwd", "//etc/passwd", "/etc/", "/leak.txt", "/%2e%2e%2f%2e%2e%2fetc%2fpasswd",
        ]
        for path in cases {
            let response = try await RawHTTPClient(port: server.port).fetch("GET", path)
            #expect([400, 404].contains(response.status), "\(path) -> \(response.status)")
            #expect(!response.text.contains(SiteFixture.secret))
            #expect(!response.text.contains("root:"))
        }
    }

    @Test func doubleEncodedDotsStayLiteral() async throws {
        let fixture = try SiteFixture()
        let folder = fixture.site.appendingPathComponent("%2e%2e")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("literal".utf8).write(to: folder.appendingPathComponent("secret.txt"))
        let server = try fixture.startServer()
        defer { server.stop() }
        let response = try await RawHTTPClient(port: server.port).fetch("GET", "/%252e%252e/secret.txt")
        #expect(response.status == 200)
        #expect(response.text == "literal")
    }

    @Test func loopbackServerChecksTheHostHeader() async throws {
        let fixture = try SiteFixture()
        let server = try fixture.startServer()
        defer { server.stop() }
        let cases: [(String, Int)] = [
            ("127.0.0.1", 200), ("localhost", 200), ("localhost:8000", 200), ("127.0.0.1:1", 200),
            ("[::1]:8000", 200), ("LOCALHOST", 200), ("evil.example", 403), ("evil.example:8000", 403),
            ("localhost.evil.example", 403), ("127.0.0.1.nip.io", 403), ("localhost:80x", 403),
        ]
        for (host, status) in cases {
            let response = try await RawHTTPClient(port: server.port).fetch("GET", "/", host: host)
            #expect(response.status == status, "Host: \(host)")
        }
    }

    @Test func aSlowClientDoesNotBlockOthers() async throws {
        let fixture = try SiteFixture()
        let server = try fixture.startServer()
        defer { server.stop() }
        let client = RawHTTPClient(port: server.port)
        let slow = try client.connectSocket()  // connect() does not block once the listener is up
        defer { close(slow) }
        RawHTTPClient.send("GET / HTTP/1.1\r\nHost: localh", on: slow)
        // Timed on the client's own thread: resuming the test task can wait for a busy
        // cooperative pool when the whole suite runs in parallel, which says nothing about the
        // server.
        let (status, seconds) = try await offThePool {
            let start = Date()
            let response = try client.request("GET", "/robots.txt")
            return (response.status, Date().timeIntervalSince(start))
        }
        #expect(status == 200)
        #expect(seconds < 2)
    }

    @Test func twoHundredConcurrentConnectionsAllSucceed() async throws {
        let fixture = try SiteFixture()
        let server = try fixture.startServer()
        defer { server.stop() }
        let port = server.port
        let statuses = try await offThePool {
            let client = RawHTTPClient(port: port)
            let sockets = try (0..<200).map { _ in try client.connectSocket(timeoutSeconds: 20) }
            defer { sockets.forEach { close($0) } }
            for fd in sockets {
                RawHTTPClient.send("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n", on: fd)
            }
            return try sockets.map { try RawHTTPClient.parse(RawHTTPClient.readAll($0)).status }
        }
        #expect(statuses.count == 200)
        #expect(statuses.allSatisfy { $0 == 200 })
    }
}
