import Testing

@testable import GalleryServe

@Suite struct RequestParsingTests {
    @Test(arguments: [
        ("/a/b.html", RequestPath.Outcome.segments(["a", "b.html"], trailingSlash: false)),
        ("/", .segments([], trailingSlash: true)),
        ("/album/", .segments(["album"], trailingSlash: true)),
        ("/caf%C3%A9.html?x=1", .segments(["café.html"], trailingSlash: false)),
        ("/%252e%252e/x", .segments(["%2e%2e", "x"], trailingSlash: false)),
        ("/../x", .notFound), ("/%2e%2e/x", .notFound), ("/.git/config", .notFound),
        ("/a%00b", .badRequest), ("/a\\b", .badRequest), ("/%5c", .badRequest), ("/%c0%ae", .badRequest),
        ("/%zz", .badRequest), ("/%4", .badRequest), ("relative", .badRequest),
    ])
    func decodesPathsOnce(raw: String, expected: RequestPath.Outcome) {
        #expect(RequestPath.resolve(HTTPRequest(method: "GET", rawPath: raw, headers: [:]).path) == expected)
    }

    @Test(arguments: [
        ("bytes=0-0", ByteRange.partial(lower: 0, upper: 0)), ("bytes=5-", .partial(lower: 5, upper: 9)),
        ("bytes=-4", .partial(lower: 6, upper: 9)), ("bytes=2-100", .partial(lower: 2, upper: 9)),
        ("bytes=10-", .unsatisfiable), ("bytes=-0", .unsatisfiable), ("bytes=5-2", .whole),
        ("bytes=0-1,4-5", .whole), ("items=0-1", .whole),
    ])
    func parsesRanges(header: String, expected: ByteRange) {
        #expect(ByteRange.parse(header, length: 10) == expected)
    }

    @Test func httpDatesRoundTrip() {
        #expect(HTTPDate.format(secondsSince1970: 784_111_777) == "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(HTTPDate.parse("Sun, 06 Nov 1994 08:49:37 GMT") == 784_111_777)
        #expect(HTTPDate.parse("yesterday") == nil)
    }

    @Test func scriptGoesBeforeTheLastBodyTagOrAtTheEnd() {
        let tag = LiveReloadScript.tag
        let html = Array("<body>x</BODY>".utf8)
        #expect(
            String(decoding: LiveReloadScript.inject(into: html), as: UTF8.self) == "<body>x\(tag)</BODY>")
        #expect(
            String(decoding: LiveReloadScript.inject(into: Array("<p>".utf8)), as: UTF8.self) == "<p>\(tag)")
    }
}
