/// Everything the content stage found: settings, pages and the album tree.
public struct Site: Sendable, Hashable {
    public var config: SiteConfig
    /// The home page (`index.md` at the root), if there is one.
    public var home: Page?
    /// Every other page.
    public var pages: [Page]
    /// The content root as an album: its photos show on the home page, its sub-albums are the
    /// site's albums.
    public var root: Album

    public init(config: SiteConfig, home: Page?, pages: [Page], root: Album) {
        self.config = config
        self.home = home
        self.pages = pages
        self.root = root
    }
}
