import Foundation

/// How an album orders its photos (`sort:` in the album's index.md).
public enum PhotoSort: String, Sendable, Hashable, CaseIterable {
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
public enum AlbumLayout: String, Sendable, Hashable, CaseIterable {
    case grid
    case slider
    case story
}

/// A folder of photos, possibly holding sub-albums too.
public struct Album: Sendable, Hashable {
    /// Folder path relative to the content folder; empty for the content root.
    public var sourcePath: String
    /// URL path relative to the site root, ending in `/`; empty for the root.
    public var urlPath: String
    public var title: String
    public var date: Date?
    /// File name of the cover photo (`cover:`); the first photo when absent.
    public var cover: String?
    public var sort: PhotoSort
    public var layout: AlbumLayout
    /// File names of the photos for the hero slider (`hero:`).
    public var hero: [String]
    public var draft: Bool
    /// Ken Burns settings from the album's `kenburns:` (nil fields inherit from site.yml).
    public var kenBurns = KenBurnsSettings()
    /// The index.md body, rendered from Markdown.
    public var descriptionHTML: String
    /// Photos in display order (already sorted by `sort`), hidden ones excluded.
    public var photos: [PhotoSource]
    /// Sub-albums, sorted by date (newest first), then title.
    public var albums: [Album]

    public init(
        sourcePath: String, urlPath: String, title: String, date: Date? = nil,
        cover: String? = nil, sort: PhotoSort = .date, layout: AlbumLayout = .grid,
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
    public var allAlbums: [Album] {
        [self] + albums.flatMap(\.allAlbums)
    }
}
