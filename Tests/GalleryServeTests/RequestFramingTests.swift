import Foundation
import Testing

@testable import GalleryServe

#if canImport(Glibc)
    import Glibc
#endif

/// Requests whose body length is ambiguous (RFC 9112 section 6.3): the server must answer 400
/// and close, or a body could be read as a second, smuggled request.
@Suite struct RequestFramingTests {
    /// What came back on one connection: everything read, and whether the server closed it
    /// (rather than the read timing out on a connection left open).
    struct Exchange {
        var text: String
        var closed: Bool

        var statuses: [Int] {
            text.components(separatedBy: "HTTP/1.1 ").dropFirst().compactMap { Int($0.prefix(3)) }
        }
    }

    static func exchange(_ raw: String, port: Int) async throws -> Exchange {
        try await offThePool {
            let fd = try RawHTTPClient(port: port).connectSocket(timeoutSeconds: 3)
            defer { close(fd) }
            RawHTTPClient.send(raw, on: fd)
            var data: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 16_384)
            while true {
                let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
                if n > 0 {
                    data.append(contentsOf: chunk[0..<n])
                    continue
                }
                return Exchange(text: String(decoding: data, as: UTF8.self), closed: n == 0)
            }
        }
    }

    /// A request the server must not see: it is hidden in the body of the first.
    static let smuggled = "GET /robots.txt HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
    /// A body that is five bytes by one length and a second request by the other.
    static let plain = "hello" + smuggled
    /// A valid chunked body (so a chunked reading accepts it), followed by the hidden request.
    static let chunked = "5\r\nhello\r\n0\r\n\r\n" + smuggled

    @Test(arguments: [
        // Two different lengths: the body (or what follows it) would be a second request.
        ("Content-Length: 5\r\nContent-Length: \(plain.utf8.count)\r\n", plain),
        ("Content-Length: \(plain.utf8.count)\r\nContent-Length: 5\r\n", plain),
        ("Content-Length: 5\r\nContent-Length: 5\r\n", plain),
        // libmicrohttpd rejects a list itself (and repeats its status line when it does).
        ("Content-Length: 5, \(plain.utf8.count)\r\n", plain),
        // Both framings at once: which one a proxy in front used is unknown.
        ("Content-Length: 5\r\nTransfer-Encoding: chunked\r\n", chunked),
        ("Transfer-Encoding: chunked\r\nContent-Length: \(chunked.utf8.count)\r\n", chunked),
        // A transfer coding that does not end in chunked: no way to find the end.
        ("Transfer-Encoding: gzip\r\n", plain),
        ("Transfer-Encoding: gzip, chunked\r\n", chunked),
    ])
    func ambiguousBodyLengthsGet400AndTheConnectionCloses(framing: String, body: String) async throws {
        let fixture = try SiteFixture()
        let server = try fixture.startServer()
        defer { server.stop() }
        for method in ["POST", "GET"] {
            let request = "\(method) /index.html HTTP/1.1\r\nHost: 127.0.0.1\r\n\(framing)\r\n\(body)"
            let answer = try await Self.exchange(request, port: server.port)
            let label = "\(method) with \(framing.debugDescription)"
            #expect(answer.statuses.first == 400, "\(label): \(answer.text)")
            #expect(answer.statuses.allSatisfy { $0 == 400 }, "\(label): \(answer.text)")
            #expect(answer.closed, "\(label): the connection stayed open")
            #expect(
                !answer.text.contains("0123456789abcdefghij"), "\(label): the hidden request was answered")
        }
    }

    @Test func aSingleLengthStillKeepsTheConnectionAlive() async throws {
        let fixture = try SiteFixture()
        let server = try fixture.startServer()
        defer { server.stop() }
        let request =
            "POST /index.html HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 5\r\n\r\nhello"
            + "GET /robots.txt HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
        let answer = try await Self.exchange(request, port: server.port)
        #expect(answer.statuses == [405, 200])
        #expect(answer.text.contains("0123456789abcdefghij"))
    }

    @Test(arguments: [
        ([String](), [String](), true), (["0"], [], true), (["12"], [], true), ([], ["chunked"], true),
        ([], ["Chunked"], true), ([], [" chunked "], true), ([], ["gzip, chunked"], false),
        (["5", "5"], [], false), (["5", "6"], [], false), (["5, 6"], [], false), (["-1"], [], false),
        (["+5"], [], false), ([""], [], false), (["5"], ["chunked"], false), ([], ["gzip"], false),
        ([], ["chunked, gzip"], false), ([], ["chunked", "gzip"], false),
    ])
    func framingRules(contentLengths: [String], transferEncodings: [String], valid: Bool) {
        let framing = RequestFraming(contentLengths: contentLengths, transferEncodings: transferEncodings)
        #expect(framing.isValid == valid)
    }
}
