#if canImport(Glibc)
    import Glibc
#endif

/// Answers GET and HEAD for files of the built site (HTML pages with the live-reload script
/// added): content types, folder index pages, redirects, the site's 404 page, conditional
/// requests and byte ranges. It never reads a file whose real path (symlinks resolved) lies
/// outside the site folder.
struct StaticFileResponder: Sendable {
    /// The site folder as given; resolved with `realpath` on every request, since a rebuild may
    /// create it after the server started.
    var siteDirectory: String

    func respond(to request: HTTPRequest) -> HTTPResponse {
        guard request.method == "GET" || request.method == "HEAD" else {
            return .text(405, "Method Not Allowed", headers: [("Allow", "GET, HEAD")])
        }
        guard let root = Self.realPath(siteDirectory) else { return notBuiltYet() }
        let segments: [String]
        let trailingSlash: Bool
        switch RequestPath.resolve(request.path) {
        case .badRequest: return .text(400, "Bad Request")
        case .notFound: return notFound(root: root)
        case .segments(let parts, let slash): (segments, trailingSlash) = (parts, slash)
        }
        let joined = segments.isEmpty ? root : root + "/" + segments.joined(separator: "/")
        guard let found = Self.inside(root: root, path: joined) else { return notFound(root: root) }
        var file = found
        if file.isDirectory {
            guard trailingSlash else {
                return HTTPResponse(status: 301, headers: [("Location", request.path + "/")])
            }
            guard let index = Self.inside(root: root, path: file.path + "/index.html"), !index.isDirectory
            else { return notFound(root: root) }
            file = index
        } else if trailingSlash {
            return notFound(root: root)
        }
        return serve(file, request: request)
    }

    /// A file found below the root: its real path and what `stat` says about it.
    struct FoundFile {
        var path: String
        var isDirectory: Bool
        var size: UInt64
        var modified: (seconds: Int, nanoseconds: Int)
    }

    /// Resolves `path` and returns it only when it exists and its real path is the root or
    /// lies below it.
    static func inside(root: String, path: String) -> FoundFile? {
        guard let real = realPath(path), real == root || real.hasPrefix(root + "/") else { return nil }
        var info = stat()
        guard stat(real, &info) == 0 else { return nil }
        let kind = info.st_mode & S_IFMT
        guard kind == S_IFREG || kind == S_IFDIR else { return nil }
        return FoundFile(
            path: real, isDirectory: kind == S_IFDIR, size: UInt64(info.st_size),
            modified: (info.st_mtim.tv_sec, info.st_mtim.tv_nsec))
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    private func serve(_ found: FoundFile, request: HTTPRequest, status: Int = 200) -> HTTPResponse {
        let type = ContentType.forFile(named: found.path)
        let inject = ContentType.isHTML(type)
        var file = found
        // A page that gets the script is streamed from this descriptor, so its size and
        // validators are taken from it too (the file may be replaced by a rebuild meanwhile).
        var opened: OpenFile?
        if inject {
            guard let page = OpenFile(path: found.path) else { return .text(500, "Internal Server Error") }
            (file.size, file.modified) = (page.size, page.modified)
            opened = page
        }
        let tag =
            "\"\(String(file.size, radix: 16))-\(String(file.modified.seconds, radix: 16))"
            + ".\(String(file.modified.nanoseconds, radix: 16))\(inject ? "-lr" : "")\""
        let lastModified = HTTPDate.format(secondsSince1970: file.modified.seconds)
        // Validators only for the file itself, not for the 404 page standing in for another.
        var headers = status == 200 ? [("ETag", tag), ("Last-Modified", lastModified)] : []
        if status == 200, isNotModified(request, tag: tag, modified: file.modified.seconds) {
            return HTTPResponse(status: 304, headers: headers)
        }
        headers.append(("Content-Type", type))
        let length = opened != nil ? InjectedHTML.length(ofFileOfSize: file.size) : file.size
        // The bytes lower..<upper of the file, or of the page with the script in it.
        func body(_ lower: UInt64, _ upper: UInt64) -> HTTPResponse.Body {
            if let opened { return .injectedHTML(InjectedHTML(file: opened, window: lower..<upper)) }
            return .file(path: file.path, offset: lower, length: upper - lower)
        }
        guard status == 200 else {
            return HTTPResponse(status: status, headers: headers, body: body(0, length))
        }
        headers.append(("Accept-Ranges", "bytes"))
        switch ByteRange.parse(request.headers["range"], length: length) {
        case .whole:
            return HTTPResponse(status: 200, headers: headers, body: body(0, length))
        case .unsatisfiable:
            return .text(416, "Range Not Satisfiable", headers: [("Content-Range", "bytes */\(length)")])
        case .partial(let lower, let upper):
            headers.append(("Content-Range", "bytes \(lower)-\(upper)/\(length)"))
            return HTTPResponse(status: 206, headers: headers, body: body(lower, upper + 1))
        }
    }

    private func isNotModified(_ request: HTTPRequest, tag: String, modified: Int) -> Bool {
        if let match = request.headers["if-none-match"] {
            return match.split(separator: ",").contains { candidate in
                let trimmed = candidate.trimmingSpaces()
                return trimmed == "*" || trimmed == tag || trimmed == "W/" + tag
            }
        }
        if let since = request.headers["if-modified-since"], let seconds = HTTPDate.parse(since) {
            return modified <= seconds
        }
        return false
    }

    /// The site's own `404.html` with status 404, or a plain-text 404.
    private func notFound(root: String?) -> HTTPResponse {
        if let root, let page = Self.inside(root: root, path: root + "/404.html"), !page.isDirectory {
            let request = HTTPRequest(method: "GET", rawPath: "/404.html", headers: [:])
            return serve(page, request: request, status: 404)
        }
        return .text(404, "Not Found")
    }

    /// 503 while the site folder does not exist yet (the first build is running or failed): an
    /// HTML page, so the live-reload script can show build errors and reload when it is built.
    private func notBuiltYet() -> HTTPResponse {
        let page = Array(
            """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><title>Building…</title></head>
            <body><p>galleryc is building the site; this page reloads when it is ready.</p></body></html>

            """.utf8)
        return HTTPResponse(
            status: 503, headers: [("Content-Type", "text/html; charset=utf-8"), ("Retry-After", "1")],
            body: .bytes(LiveReloadScript.inject(into: page)))
    }
}
