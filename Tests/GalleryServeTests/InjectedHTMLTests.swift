import Foundation
import Testing

@testable import GalleryServe

#if canImport(Glibc)
    import Glibc
#endif

/// HTML pages get the live-reload tag while they are streamed from disk: the same bytes as
/// injecting into the whole file, without holding the page in memory.
@Suite struct InjectedHTMLTests {
    /// Documents where `</body>` is missing, repeated, upper-case, at the very start or end,
    /// or (with small chunks) split between two reads.
    static let documents: [String] = [
        "", "<p>", "</body>", "</BODY>", "<body>x</body>", "<body>x</BoDy>\n", "a</body>b</body>c",
        "</body></body></body>", "<html><body><p>x</p></body></html>\n", "</bod", "</body", "x</body >",
        String(repeating: "abc", count: 50) + "</body>" + String(repeating: "z", count: 31),
        "</body>" + String(repeating: "q", count: 200),
    ]

    static func write(_ bytes: [UInt8], in folder: URL, name: String) throws -> String {
        let url = folder.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url.path
    }

    /// Reads a whole window through `read(at:count:)`, `piece` bytes at a time.
    static func readAll(_ page: InjectedHTML, piece: Int) -> [UInt8]? {
        var result: [UInt8] = []
        while UInt64(result.count) < UInt64(page.window.count) {
            guard let bytes = page.read(at: UInt64(result.count), count: piece), !bytes.isEmpty,
                bytes.count <= piece
            else { return nil }
            result += bytes
        }
        return result
    }

    @Test(arguments: [1, 3, 7, 8, 64, 65_536])
    func streamsTheBytesOfInjectIntoTheWholeFile(chunk: Int) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("inject-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (index, document) in Self.documents.enumerated() {
            let bytes = Array(document.utf8)
            let expected = LiveReloadScript.inject(into: bytes)
            let path = try Self.write(bytes, in: folder, name: "\(index).html")
            let file = try #require(OpenFile(path: path))
            #expect(InjectedHTML.length(ofFileOfSize: file.size) == UInt64(expected.count))
            let whole = InjectedHTML(file: file, searchChunk: chunk)
            #expect(Self.readAll(whole, piece: chunk) == expected, "\(document.debugDescription)")
            // Every range, including those that start or end inside the tag.
            for lower in stride(from: 0, to: expected.count, by: max(1, expected.count / 9)) {
                for upper in stride(from: lower + 1, through: expected.count, by: max(1, expected.count / 7))
                {
                    let part = InjectedHTML(
                        file: file, window: UInt64(lower)..<UInt64(upper), searchChunk: chunk)
                    #expect(Self.readAll(part, piece: chunk) == Array(expected[lower..<upper]))
                }
            }
        }
    }

    @Test func aFileThatShrankIsAnErrorNotAShortBody() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("inject-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try Self.write(Array("<body>hello</body>".utf8), in: folder, name: "page.html")
        let file = try #require(OpenFile(path: path))
        #expect(truncate(path, 4) == 0)  // truncated in place, not replaced by a rename
        #expect(Self.readAll(InjectedHTML(file: file), piece: 64) == nil)
    }

    /// A large page served over HTTP: the injected bytes, ranges across the tag, HEAD, ETag.
    @Test func largePagesAreServedWithTheSameBytesRangesAndValidators() async throws {
        let fixture = try SiteFixture()
        // `</body>` 100 KB before the end: beyond the first backward read.
        var page = Array("<!doctype html><html><body>".utf8)
        page += Array(repeating: UInt8(ascii: "a"), count: 3_000_000)
        page += Array("</body>".utf8) + Array(repeating: UInt8(ascii: "z"), count: 100_000)
        try Data(page).write(to: fixture.site.appendingPathComponent("large.html"))
        let expected = LiveReloadScript.inject(into: page)
        let server = try fixture.startServer()
        defer { server.stop() }
        let client = RawHTTPClient(port: server.port)

        let whole = try await client.fetch("GET", "/large.html")
        #expect(whole.status == 200)
        #expect(whole.header("Content-Length") == String(expected.count))
        #expect(whole.body == expected)
        let head = try await client.fetch("HEAD", "/large.html")
        #expect(head.body.isEmpty && head.header("Content-Length") == String(expected.count))
        #expect(head.header("ETag") == whole.header("ETag"))
        let tag = try #require(whole.header("ETag"))
        #expect(try await client.fetch("GET", "/large.html", headers: ["If-None-Match": tag]).status == 304)

        let tagAt = page.count - 100_000 - 7
        let ranges = [(tagAt - 10, tagAt + 20), (0, 99), (expected.count - 50, expected.count - 1)]
        for (lower, upper) in ranges {
            let part = try await client.fetch(
                "GET", "/large.html", headers: ["Range": "bytes=\(lower)-\(upper)"])
            #expect(part.status == 206)
            #expect(part.header("Content-Range") == "bytes \(lower)-\(upper)/\(expected.count)")
            #expect(part.body == Array(expected[lower...upper]))
        }
    }

    static func residentKiB() -> Int {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }

    /// Issue: each response read the page whole and copied it to inject the tag; 16 slow
    /// readers of a 57 MB page held 1.56 GB. Here 8 readers of a 24 MB page that read 64 KB
    /// and stop: before, the process grew by more than 190 MB.
    @Test func slowReadersOfALargePageDoNotHoldItInMemory() async throws {
        let fixture = try SiteFixture()
        let paragraph = Array("<p>A line of a very long page, repeated until it is large.</p>\n".utf8)
        var page = Array("<!doctype html><html><body>\n".utf8)
        page.reserveCapacity(24_000_000 + 64)
        while page.count < 24_000_000 { page += paragraph }
        page += Array("</body></html>\n".utf8)
        try Data(page).write(to: fixture.site.appendingPathComponent("huge.html"))
        let size = page.count
        page = []
        let server = try fixture.startServer()
        defer { server.stop() }
        let port = server.port
        _ = try await RawHTTPClient(port: port).fetch("GET", "/")

        let before = Self.residentKiB()
        let (after, headers) = try await offThePool {
            let sockets = try (0..<8).map { _ in
                try RawHTTPClient(port: port).connectSocket(timeoutSeconds: 10)
            }
            defer { sockets.forEach { close($0) } }
            var heads: [String] = []
            for fd in sockets {
                RawHTTPClient.send("GET /huge.html HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", on: fd)
            }
            for fd in sockets {
                var chunk = [UInt8](repeating: 0, count: 65_536)
                let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
                heads.append(String(decoding: chunk[0..<max(0, n)], as: UTF8.self))
            }
            Thread.sleep(forTimeInterval: 0.5)
            return (Self.residentKiB(), heads)
        }
        let tagged = size + LiveReloadScript.tagBytes.count
        #expect(
            headers.allSatisfy { $0.hasPrefix("HTTP/1.1 200") && $0.contains("Content-Length: \(tagged)") })
        #expect(
            after - before < 48 * 1024, "8 slow readers grew the process by \((after - before) / 1024) MB")
    }
}
