import Foundation

/// How an album orders its photos (`sort:` in the album's index.md).
enum PhotoSort: String, Sendable, Hashable, CaseIterable {
    /// EXIF date taken, then file name (the default).
    case date
    /// File name, natural order (`2.jpg` before `10.jpg`).
    case name
    /// Newest first.
    case dateDescending = "-date"
    /// Reverse file name.
    case nameDescending = "-name"
}

/// How an album page is laid out (`layout:` in the album's index.md).
enum AlbumLayout: String, Sendable, Hashable, CaseIterable {
    /// Rows of uncropped photos, each row as wide as the column, breaks chosen at build time
    /// (the default).
    case justified
    /// Uniform tiles, each photo cropped to 3:2 around its focal point.
    case grid
    /// A hero slider of every photo, then the photos in justified rows.
    case slider
    /// Each photo fills the screen, with its caption over it.
    case story
}

/// A folder of photos, possibly holding sub-albums too.
struct Album: Sendable, Hashable {
    /// Folder path relative to the content folder; empty for the content root.
    var sourcePath: String
    /// URL path relative to the site root, ending in `/`; empty for the root.
    var urlPath: String
    var title: String
    var date: Date?
    /// File name of the cover photo (`cover:`); the first photo when absent.
    var cover: String?
    var sort: PhotoSort
    var layout: AlbumLayout
    /// File names of the photos for the hero slider (`hero:`).
    var hero: [String]
    var draft: Bool
    /// Built and reachable by its URL but listed nowhere: not in its parent, the home page,
    /// the navigation, the sitemap or the feed, and its pages ask search engines not to index
    /// them (`unlisted:`, Hugo's `private:`). Not access control: anyone with the URL sees it.
    /// Albums below an unlisted album are unlisted too.
    var unlisted = false
    /// A map of the album's places on its page (`map:`); nil takes site.yml's `maps:`.
    var map: Bool?
    /// The password that seals this album (`password:` or `password_env:`, its own or the
    /// nearest protected ancestor's); nil for a public album. See ``AlbumProtection``.
    var protection: AlbumProtection?
    /// Offer the album's originals as one ZIP (`downloads.zip`, in the album's front matter or
    /// site.yml); nil inherits site.yml's.
    var zipDownload: Bool?
    /// Order among sibling albums (`weight:`): lower first, then the unweighted ones.
    var weight: Int?
    /// Ken Burns settings from the album's `kenburns:` (nil fields inherit from site.yml).
    var kenBurns = KenBurnsSettings()
    /// `tags:` (and Hugo's `categories:`) of the album: every photo of it has them, besides
    /// its own keywords.
    var tags: [String] = []
    /// Photos per album page (`page_size:`); nil: site.yml's `layouts.page_size`, else one page.
    var pageSize: Int?
    /// The index.md body, rendered from Markdown.
    var descriptionHTML: String
    /// Photos in display order (already sorted by `sort`), hidden ones excluded.
    var photos: [PhotoSource]
    /// Sub-albums, sorted by date (newest first), then title.
    var albums: [Album]

    init(
        sourcePath: String, urlPath: String, title: String, date: Date? = nil,
        cover: String? = nil, sort: PhotoSort = .date, layout: AlbumLayout = .justified,
        hero: [String] = [], draft: Bool = false, descriptionHTML: String = "",
        photos: [PhotoSource] = [], albums: [Album] = []
    ) {
        self.sourcePath = sourcePath
        self.urlPath = urlPath
        self.title = title
        self.date = date
        self.cover = cover
        self.sort = sort
        self.layout = layout
        self.hero = hero
        self.draft = draft
        self.descriptionHTML = descriptionHTML
        self.photos = photos
        self.albums = albums
    }

    /// This album and every album below it, depth first, parents before children.
    var allAlbums: [Album] {
        [self] + albums.flatMap(\.allAlbums)
    }

    /// This album and every album below it, unlisted.
    mutating func markUnlisted() {
        unlisted = true
        for index in albums.indices { albums[index].markUnlisted() }
    }

    /// Whether the album is public: not sealed by a password.
    var isPublic: Bool { protection == nil }

    /// This album and every album below it that is listed and public, parents before
    /// children: what pages shown to everyone may list (below an unlisted or protected album
    /// every album is unlisted or protected too).
    var listedPublicAlbums: [Album] {
        allAlbums.filter { !$0.unlisted && $0.isPublic }
    }

    /// The albums below this one that are listed, in order.
    var listedAlbums: [Album] { albums.filter { !$0.unlisted } }
}

/// A password-protected album (issue 24): its pages' main content, its photos' renditions,
/// placeholders, posters, clips, originals and ZIP are published only encrypted, with
/// AES-256-GCM under a key derived from the password (PBKDF2-HMAC-SHA256); the browser asks
/// for the password and decrypts them in the page. Albums below a protected album share its
/// protection (and so its key) unless they set a password of their own.
struct AlbumProtection: Sendable, Hashable {
    /// The source path of the album whose front matter set the password: the root of the
    /// albums sealed with one key, which the cache keeps the salt of.
    var root: String
    /// The password. Never printed, never in a fingerprint, never published.
    var password: String
}
