/// What the site navigation links to, and where every other page is listed.
///
/// The navigation in every page's header stays small whatever the size of the site: Home, the
/// top-level albums, then the top-level pages, at most ``limit`` of them. (It used to list every
/// page at every depth on every page: 2,000 pages made 173 MB of output.) Every page that is not
/// in it is listed on the page of the album whose folder holds it, or on the home page, and
/// breadcrumbs lead back up from any depth; so every page is two links from the home page.
struct SiteNavigation: Sendable {
    /// Most entries after Home.
    static let limit = 12

    /// One link: a title and a site-relative URL path.
    struct Link: Sendable, Hashable {
        var title: String
        var urlPath: String
    }

    /// The navigation after Home, in order.
    let links: [Link]
    /// Pages not in ``links``, by the source path of the album that lists them (`""` is the
    /// home page), each list sorted by URL path.
    let listedPages: [String: [Page]]

    /// - Parameter timeline: the site has a timeline: its link comes last, always shown.
    init(site: Site, pages: [Page], timeline: Bool = false) {
        // A protected album's title is one of its words: it is not in the navigation (its lock
        // card is on the home page).
        let albums = site.root.listedAlbums.filter(\.isPublic).map {
            Link(title: $0.title, urlPath: $0.urlPath)
        }
        let topLevel = pages.filter { !$0.sourcePath.contains("/") }
        let candidates = albums + topLevel.map { Link(title: $0.title, urlPath: $0.urlPath) }
        let timelineLink = timeline ? [Link(title: "Timeline", urlPath: TimelineIndex.urlPath)] : []
        links = Array(candidates.prefix(Self.limit - timelineLink.count)) + timelineLink
        let linked = Set(links.map(\.urlPath))
        let folders = Set(site.root.allAlbums.map(\.sourcePath))
        var listed: [String: [Page]] = [:]
        for page in pages where !linked.contains(page.urlPath) {
            listed[Self.listingAlbum(of: page.sourcePath, albums: folders), default: []].append(page)
        }
        listedPages = listed
    }

    /// The innermost album folder that holds `sourcePath` (`""`, the home page, when none does).
    static func listingAlbum(of sourcePath: String, albums: Set<String>) -> String {
        var folder = parentPath(sourcePath)
        while !folder.isEmpty && !albums.contains(folder) {
            folder = parentPath(folder)
        }
        return folder
    }
}
