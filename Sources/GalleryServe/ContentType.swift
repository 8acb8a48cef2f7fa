/// Content types by file extension for what a gallery site contains.
enum ContentType {
    static let byExtension: [String: String] = [
        "html": "text/html; charset=utf-8",
        "htm": "text/html; charset=utf-8",
        "css": "text/css; charset=utf-8",
        "js": "text/javascript; charset=utf-8",
        "mjs": "text/javascript; charset=utf-8",
        "json": "application/json",
        "xml": "application/xml",
        "rss": "application/rss+xml",
        "atom": "application/atom+xml",
        "txt": "text/plain; charset=utf-8",
        "md": "text/plain; charset=utf-8",
        "jpg": "image/jpeg",
        "jpeg": "image/jpeg",
        "png": "image/png",
        "gif": "image/gif",
        "webp": "image/webp",
        "avif": "image/avif",
        "svg": "image/svg+xml",
        "ico": "image/x-icon",
        "woff": "font/woff",
        "woff2": "font/woff2",
        "webmanifest": "application/manifest+json",
        "mp4": "video/mp4",
        "webm": "video/webm",
    ]

    /// The content type for a file name; unknown extensions are `application/octet-stream`.
    static func forFile(named name: String) -> String {
        guard let dot = name.lastIndex(of: ".") else { return "application/octet-stream" }
        let ext = name[name.index(after: dot)...].lowercased()
        return byExtension[ext] ?? "application/octet-stream"
    }

    /// True for HTML, the only type that gets the live-reload script.
    static func isHTML(_ type: String) -> Bool { type.hasPrefix("text/html") }
}
