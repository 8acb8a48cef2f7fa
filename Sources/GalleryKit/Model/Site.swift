/// Everything the content stage found: settings, pages and the album tree.
struct Site: Sendable, Hashable {
    var config: SiteConfig
    /// The home page (`index.md` at the root), if there is one.
    var home: Page?
    /// Every other page.
    var pages: [Page]
    /// The content root as an album: its photos show on the home page, its sub-albums are the
    /// site's albums.
    var root: Album
    /// The icon file `favicon:` names, read by the content stage; nil when there is none.
    var favicon: FaviconFile?

    init(config: SiteConfig, home: Page?, pages: [Page], root: Album, favicon: FaviconFile? = nil) {
        self.config = config
        self.home = home
        self.pages = pages
        self.root = root
        self.favicon = favicon
    }
}

/// The site's own icon, as `favicon:` in site.yml names it.
struct FaviconFile: Sendable, Hashable {
    /// File extensions browsers take as icons, and their media types.
    static let types = [
        "ico": "image/x-icon", "png": "image/png", "svg": "image/svg+xml", "jpg": "image/jpeg",
        "jpeg": "image/jpeg", "webp": "image/webp", "gif": "image/gif",
    ]
    /// Lowercased, one of ``types``' keys.
    var fileExtension: String
    var bytes: [UInt8]

    init(fileExtension: String, bytes: [UInt8]) {
        self.fileExtension = fileExtension
        self.bytes = bytes
    }

    var mediaType: String { Self.types[fileExtension] ?? "image/x-icon" }
}

extension Site {
    /// The URL path of an album or page of the content at or below `prefix` (`tags/`), which
    /// then keeps it: the pages galleryc would write there are not written.
    func contentPath(under prefix: String) -> String? {
        root.allAlbums.map(\.urlPath).first { $0.hasPrefix(prefix) }
            ?? pages.map(\.urlPath).first { $0.hasPrefix(prefix) }
    }
}
