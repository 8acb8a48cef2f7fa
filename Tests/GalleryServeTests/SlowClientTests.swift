import Foundation
import Testing

@testable import GalleryServe

#if canImport(Glibc)
    import Glibc
#endif

/// Slow clients against the connection limits, at a small scale (torture/ has the full one:
/// 2,100 trickling connections).
@Suite struct SlowClientTests {
    static func startServer(_ fixture: SiteFixture, limits: ConnectionLimits) throws -> PreviewServer {
        var options = PreviewServerOptions(port: 0, siteDirectory: fixture.site)
        options.limits = limits
        return try PreviewServer(options: options)
    }

    /// Sends `first`, then `line` every `every` seconds until the server closes the connection
    /// (or `limit` seconds pass); returns how long the connection lasted.
    static func trickle(port: Int, first: String, line: String, every: Double, limit: Double) throws -> Double
    {
        let fd = try RawHTTPClient(port: port).connectSocket(timeoutSeconds: 1)
        defer { close(fd) }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        let start = Date()
        RawHTTPClient.send(first, on: fd)
        while Date().timeIntervalSince(start) < limit {
            Thread.sleep(forTimeInterval: every)
            var byte: UInt8 = 0
            let got = read(fd, &byte, 1)
            if got == 0 || (got < 0 && errno != EAGAIN) { break }
            let sent = line.utf8CString.withUnsafeBytes {
                Glibc.send(fd, $0.baseAddress, $0.count - 1, Int32(MSG_NOSIGNAL))
            }
            if sent < 0 && errno != EAGAIN { break }
        }
        return Date().timeIntervalSince(start)
    }

    /// Issue: a request trickled one header line at a time never hit the idle timeout, so it
    /// could hold its connection forever. Now it must arrive whole within the deadline, headers
    /// and body; event streams and connections that keep making requests are not affected.
    @Test func aTricklingRequestIsClosedAtTheDeadline() async throws {
        let fixture = try SiteFixture()
        var limits = ConnectionLimits()
        limits.requestDeadline = .seconds(2)
        let server = try Self.startServer(fixture, limits: limits)
        defer { server.stop() }
        let port = server.port
        let stream = try RawHTTPClient(port: port).connectSocket(timeoutSeconds: 10)
        defer { close(stream) }
        RawHTTPClient.send("GET /_galleryc/events HTTP/1.1\r\nHost: localhost\r\n\r\n", on: stream)
        _ = try await RawHTTPClient.awaitText(stream, until: "retry:")

        async let headers = offThePool {
            try Self.trickle(
                port: port, first: "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n", line: "X-Slow: still here\r\n",
                every: 0.3, limit: 8)
        }
        async let body = offThePool {
            try Self.trickle(
                port: port, first: "POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 1000\r\n\r\n",
                line: "x", every: 0.3, limit: 8)
        }
        // A keep-alive connection that asks for a page every second: each request's clock
        // starts when the previous response ended, so it is never cut.
        async let requests = offThePool {
            let fd = try RawHTTPClient(port: port).connectSocket(timeoutSeconds: 5)
            defer { close(fd) }
            var answered = 0
            for _ in 0..<5 {
                RawHTTPClient.send("GET /robots.txt HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", on: fd)
                if RawHTTPClient.read(fd, until: "abcdefghij").hasSuffix("abcdefghij") { answered += 1 }
                Thread.sleep(forTimeInterval: 1)
            }
            return answered
        }
        let (headerSeconds, bodySeconds, answered) = try await (headers, body, requests)
        #expect((1.5..<4).contains(headerSeconds), "trickled headers lasted \(headerSeconds) s")
        #expect((1.5..<4).contains(bodySeconds), "a trickled body lasted \(bodySeconds) s")
        #expect(answered == 5)

        server.publish(.built())
        #expect(try await RawHTTPClient.awaitText(stream, until: "event: reload").contains("event: reload"))
    }

    /// Issue: slow clients above the connection limit blocked everyone. All clients here share
    /// 127.0.0.1, so the per-address limit alone would keep the normal requests out too: a new
    /// connection closes the address's oldest one still waiting for its request instead.
    @Test func slowClientsAboveTheLimitsDoNotKeepOutANewRequest() async throws {
        let fixture = try SiteFixture()
        var limits = ConnectionLimits()
        limits.total = 48
        limits.perAddress = 24
        limits.headroom = 4
        limits.requestDeadline = .seconds(60)  // only the limits are tested here
        let server = try Self.startServer(fixture, limits: limits)
        defer { server.stop() }
        let port = server.port
        let (statuses, slowest) = try await offThePool {
            let client = RawHTTPClient(port: port)
            var slow: [Int32] = []
            defer { slow.forEach { close($0) } }
            for _ in 0..<60 {
                guard let fd = try? client.connectSocket(timeoutSeconds: 1) else { continue }
                RawHTTPClient.send("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ", on: fd)
                slow.append(fd)
            }
            Thread.sleep(forTimeInterval: 0.3)
            var statuses: [Int] = []
            var slowest = 0.0
            for _ in 0..<5 {
                let start = Date()
                statuses.append((try? client.request("GET", "/robots.txt").status) ?? 0)
                slowest = max(slowest, Date().timeIntervalSince(start))
            }
            return (statuses, slowest)
        }
        #expect(statuses == [200, 200, 200, 200, 200])
        #expect(slowest < 2)
    }

    @Test func limitsShrinkToFitTheOpenFileLimit() {
        var limit = rlimit()
        #expect(getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0)
        let fitted = ConnectionLimits().fittedToOpenFileLimit()
        var after = rlimit()
        _ = getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &after)
        #expect(2 * fitted.total + ConnectionLimits.reservedDescriptors <= Int(after.rlim_cur))
        #expect(fitted.perAddress <= fitted.total)
        #expect(fitted.perAddress - fitted.headroom > 0)
    }
}
