import Foundation

@testable import GalleryServe

/// A tiny built site in a temporary folder, with a secret file next to it (outside the site)
/// and symlinks pointing out of it.
final class SiteFixture {
    let root: URL
    let site: URL
    static let indexHTML =
        "<!doctype html><html><head><title>Home</title></head><body><h1>Home</h1></body></html>\n"
    static let notFoundHTML = "<!doctype html><html><body><p>Nothing here (custom 404)</p></body></html>\n"
    static let secret = "TOP-SECRET-OUTSIDE-THE-SITE"

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("serve-\(UUID().uuidString)")
        site = root.appendingPathComponent("public")
        let files: [String: String] = [
            "index.html": Self.indexHTML,
            "404.html": Self.notFoundHTML,
            "album/index.html": "<html><body><p>Album</p></body></html>",
            "style.css": "body { color: black; }",
            "app.js": "console.log(1);",
            "photo.jpg": "\u{FF}JPEG", "photo.webp": "RIFFWEBP", "photo.png": "PNG", "icon.svg": "<svg/>",
            "feed.xml": "<rss/>", "data.json": "{}", "font.woff2": "wOF2", "favicon.ico": "ICO",
            "robots.txt": "0123456789abcdefghij",
        ]
        for (path, text) in files {
            let url = site.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        try Data(Self.secret.utf8).write(to: root.appendingPathComponent("secret.txt"))
        try FileManager.default.createSymbolicLink(
            atPath: site.appendingPathComponent("etc").path, withDestinationPath: "/etc")
        try FileManager.default.createSymbolicLink(
            atPath: site.appendingPathComponent("leak.txt").path,
            withDestinationPath: root.appendingPathComponent("secret.txt").path)
    }

    func startServer(host: String = "127.0.0.1") throws -> PreviewServer {
        try PreviewServer(options: PreviewServerOptions(host: host, port: 0, siteDirectory: site))
    }

    deinit { try? FileManager.default.removeItem(at: root) }
}
