import Foundation

/// Orders each album's photos once their EXIF dates are known (the content stage can only
/// order by name), and gives undated albums the date of their newest photo.
enum PhotoOrdering {
    /// Returns `site` with every album's photos in its `sort:` order.
    ///
    /// `date` sorts by EXIF date taken, oldest first, then by name (the content stage's natural
    /// order); photos without a date come after the dated ones, in name order. `-date` puts the
    /// newest first (undated still last), `name` keeps the natural order and `-name` reverses
    /// it. Sub-albums are then ordered newest first (an undated album takes its newest photo's
    /// date), undated ones last, ties by title.
    static func apply(to site: Site, photos: [String: PhotoDerivatives]) -> Site {
        var site = site
        site.root = order(site.root, photos: photos)
        return site
    }

    private static func order(_ album: Album, photos: [String: PhotoDerivatives]) -> Album {
        var album = album
        let byName = album.photos
        // Each photo's date looked up once, not in every comparison.
        let dates = byName.map { photos[$0.sourcePath]?.exif.dateTaken }
        /// Whether the photo at `a` (in name order) goes before the one at `b`; equal dates
        /// keep the name order.
        func byDate(_ a: Int, _ b: Int, newestFirst: Bool) -> Bool {
            switch (dates[a], dates[b]) {
            case (let x?, let y?) where x != y: return newestFirst ? x > y : x < y
            case (.some, nil): return true
            case (nil, .some): return false
            default: return a < b
            }
        }
        switch album.sort {
        case .name: album.photos = byName
        case .nameDescending: album.photos = byName.reversed()
        case .date:
            album.photos = byName.indices.sorted { byDate($0, $1, newestFirst: false) }.map { byName[$0] }
        case .dateDescending:
            album.photos = byName.indices.sorted { byDate($0, $1, newestFirst: true) }.map { byName[$0] }
        }
        if album.date == nil {
            album.date = dates.compactMap { $0 }.max()
        }
        album.albums = album.albums.map { order($0, photos: photos) }.sorted(by: AlbumBuilder.newestFirst)
        return album
    }
}
