import Foundation
import Testing

@testable import GalleryServe

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct StaticServingTests {
    @Test func servesContentType() async throws {
        let fixture = try SiteFixture()
        let server = try fixture.startServer()
        defer { server.stop() }
        let cases: [(String, String)] = [
            ("/index.html", "text/html; charset=utf-8"), ("/style.css", "text/css; charset=utf-8"),
            ("/app.js", "text/javascript; charset=utf-8"), ("/photo.jpg", "image/jpeg"),
            ("/photo.webp", "image/webp"), ("/photo.png", "image/png"), ("/icon.svg", "image/svg+xml"),
            ("/feed.xml", "application/xml"), ("/data.json", "application/json"),
            ("/font.woff2", "font/woff2"), ("/favicon.ico", "image/x-icon"),
            ("/robots.txt", "text/plain; charset=utf-8"),
        ]
        for (path, type) in cases {
            let response = try await RawHTTPClient(port: server.port).fetch("GET", path)
            #expect(response.status == 200)
            #expect(response.header("Content-Type") == type, "\(path)")
            #expect(response.header("Cache-Control") == "no-cache")
        }
    }

    @Test func urlReportsTheRealPort() async throws {
        let fixture = try SiteFixture()
        let server = try fixture.startServer()
        defer { server.stop() }
        #expect(server.port > 0)
        #expect(server.url == "http://127.0.0.1:\(server.port)/")
    }

    @Test func aBusyPortIsAnErrorNamingIt() async throws {
        let fixture = try SiteFixture()
        let first = try fixture.startServer()
        defer { first.stop() }
        let options = PreviewServerOptions(port: first.port, siteDirectory: fixture.site)
        #expect(throws: ServeError.portInUse(host: "127.0.0.1", port: first.port)) {
            _ = try PreviewServer(options: options)
        }
        #expect(ServeError.portInUse(host: "127.0.0.1", port: 8123).description.contains("8123"))
    }

    @Test func folderServesIndexAndRedirectsWithoutSlash() async throws {
        let fixture = try SiteFixture()
        let server = try fixture.startServer()
        defer { server.stop() }
        let client = RawHTTPClient(port: server.port)
        let root = try await client.fetch("GET", "/")
        #expect(root.status == 200)
        #expect(root.text.contains("<h1>Home</h1>"))
        let album = try await client.fetch("GET", "/album/")
        #expect(album.status == 200 && album.text.contains("Album"))
        let redirect = try await client.fetch("GET", "/album")
        #expect(redirect.status == 301)
        #expect(redirect.header("Location") == "/album/")
    }

    @Test func missingFilesGetTheSitesOwn404Page() async throws {
        let fixture = try SiteFixture()
        let server = try fixture.startServer()
        defer { server.stop() }
        let response = try await RawHTTPClient(port: server.port).fetch("GET", "/no/such/page.html")
        #expect(response.status == 404)
        #expect(response.text.contains("custom 404"))
        #expect(response.header("Content-Type") == "text/html; charset=utf-8")
        #expect(response.header("ETag") == nil)
    }

    @Test func htmlGetsTheLiveReloadScriptButTheFileOnDiskDoesNot() async throws {
        let fixture = try SiteFixture()
        let server = try fixture.startServer()
        defer { server.stop() }
        let client = RawHTTPClient(port: server.port)
        let response = try await client.fetch("GET", "/")
        let tag = "<script src=\"/_galleryc/live.js\" defer></script>"
        #expect(response.text.contains(tag + "</body>"))
        #expect(Int(response.header("Content-Length") ?? "") == response.body.count)
        let onDisk = try String(
            contentsOf: fixture.site.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(onDisk == SiteFixture.indexHTML)
        let css = try await client.fetch("GET", "/style.css")
        #expect(!css.text.contains("live.js"))
        let script = try await client.fetch("GET", "/_galleryc/live.js")
        #expect(script.status == 200)
        #expect(script.header("Content-Type") == "text/javascript; charset=utf-8")
        #expect(script.text.contains("EventSource(\"/_galleryc/events\")"))
        #expect(script.text.contains("role\", \"alert\""))
    }

    @Test func etagAndLastModifiedGive304() async throws {
        let fixture = try SiteFixture()
        let server = try fixture.startServer()
        defer { server.stop() }
        let client = RawHTTPClient(port: server.port)
        let first = try await client.fetch("GET", "/style.css")
        let tag = try #require(first.header("ETag"))
        let modified = try #require(first.header("Last-Modified"))
        #expect(modified.hasSuffix(" GMT"))
        let byTag = try await client.fetch("GET", "/style.css", headers: ["If-None-Match": tag])
        #expect(byTag.status == 304)
        #expect(byTag.body.isEmpty)
        let byDate = try await client.fetch("GET", "/style.css", headers: ["If-Modified-Since": modified])
        #expect(byDate.status == 304)
        let stale = try await client.fetch("GET", "/style.css", headers: ["If-None-Match": "\"other\""])
        #expect(stale.status == 200)
        let old = try await client.fetch(
            "GET", "/style.css", headers: ["If-Modified-Since": "Sun, 06 Nov 1994 08:49:37 GMT"])
        #expect(old.status == 200)
    }

    @Test func headHasNoBodyButTheRightLength() async throws {
        let fixture = try SiteFixture()
        let server = try fixture.startServer()
        defer { server.stop() }
        let client = RawHTTPClient(port: server.port)
        for path in ["/robots.txt", "/"] {
            let get = try await client.fetch("GET", path)
            let head = try await client.fetch("HEAD", path)
            #expect(head.status == 200)
            #expect(head.body.isEmpty)
            #expect(head.header("Content-Length") == String(get.body.count))
        }
    }

    @Test func rangeRequestsGet206Or416() async throws {
        let fixture = try SiteFixture()
        let server = try fixture.startServer()
        defer { server.stop() }
        let client = RawHTTPClient(port: server.port)
        let partial = try await client.fetch("GET", "/robots.txt", headers: ["Range": "bytes=2-5"])
        #expect(partial.status == 206)
        #expect(partial.text == "2345")
        #expect(partial.header("Content-Range") == "bytes 2-5/20")
        let suffix = try await client.fetch("GET", "/robots.txt", headers: ["Range": "bytes=-3"])
        #expect(suffix.status == 206 && suffix.text == "hij")
        let beyond = try await client.fetch("GET", "/robots.txt", headers: ["Range": "bytes=100-200"])
        #expect(beyond.status == 416)
        #expect(beyond.header("Content-Range") == "bytes */20")
    }

    @Test func otherMethodsGet405WithAllow() async throws {
        let fixture = try SiteFixture()
        let server = try fixture.startServer()
        defer { server.stop() }
        let client = RawHTTPClient(port: server.port)
        for method in ["POST", "PUT", "DELETE"] {
            let response = try await client.fetch(method, "/index.html")
            #expect(response.status == 405)
            #expect(response.header("Allow") == "GET, HEAD")
        }
    }

    @Test func connectionsStayOpenForFurtherRequests() async throws {
        let fixture = try SiteFixture()
        let server = try fixture.startServer()
        defer { server.stop() }
        let port = server.port
        let text = try await offThePool {
            let fd = try RawHTTPClient(port: port).connectSocket()
            defer { close(fd) }
            RawHTTPClient.send("GET /robots.txt HTTP/1.1\r\nHost: localhost\r\n\r\n", on: fd)
            let first = RawHTTPClient.read(fd, until: "abcdefghij")
            RawHTTPClient.send(
                "GET /style.css HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n", on: fd)
            return first + String(decoding: RawHTTPClient.readAll(fd), as: UTF8.self)
        }
        #expect(text.components(separatedBy: "HTTP/1.1 200 OK").count == 3)
        #expect(text.contains("color: black"))
    }
}
