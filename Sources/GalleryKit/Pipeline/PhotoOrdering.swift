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
        // First position wins: two names that differ only in Unicode normalisation compare
        // equal as Swift strings (the content stage reports them; this must not trap).
        let position = Dictionary(
            byName.enumerated().map { ($1.sourcePath, $0) }, uniquingKeysWith: { first, _ in first })
        func date(_ photo: PhotoSource) -> Date? { photos[photo.sourcePath]?.exif.dateTaken }
        func byDate(_ a: PhotoSource, _ b: PhotoSource, newestFirst: Bool) -> Bool {
            switch (date(a), date(b)) {
            case (let x?, let y?) where x != y: return newestFirst ? x > y : x < y
            case (.some, nil): return true
            case (nil, .some): return false
            default: return position[a.sourcePath, default: 0] < position[b.sourcePath, default: 0]
            }
        }
        switch album.sort {
        case .name: album.photos = byName
        case .nameDescending: album.photos = byName.reversed()
        case .date: album.photos = byName.sorted { byDate($0, $1, newestFirst: false) }
        case .dateDescending: album.photos = byName.sorted { byDate($0, $1, newestFirst: true) }
        }
        if album.date == nil {
            album.date = album.photos.compactMap(date).max()
        }
        album.albums = album.albums.map { order($0, photos: photos) }.sorted(by: AlbumBuilder.newestFirst)
        return album
    }
}
