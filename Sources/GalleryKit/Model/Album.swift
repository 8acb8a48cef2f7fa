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
    /// Ken Burns settings from the album's `kenburns:` (nil fields inherit from site.yml).
    var kenBurns = KenBurnsSettings()
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
}
