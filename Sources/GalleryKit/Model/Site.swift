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

    init(config: SiteConfig, home: Page?, pages: [Page], root: Album) {
        self.config = config
        self.home = home
        self.pages = pages
        self.root = root
    }
}
