import Foundation

/// `images.min_rating`: leaves out photos rated below it (`xmp:Rating` from the `.xmp`
/// sidecar, else the file). An unrated photo counts as 0 and a rejected one (-1) as -1, so
/// with `min_rating: 1` only rated photos are published. Without the setting every photo is.
/// Video clips carry no rating galleryc reads, and the key is an image setting: they are kept.
///
/// The rating is known only once the image stage has read each file, so the renditions of
/// a photo left out were already made (and cached); they are removed from the staging folder
/// here, and the photo is taken out of every album and of the derivatives that the later
/// phases publish and scan.
enum RatingFilter {
    static func apply(
        _ minimum: Int?, to site: Site, derivatives: [String: PhotoDerivatives], staging: URL
    ) -> (site: Site, derivatives: [String: PhotoDerivatives]) {
        guard let minimum else { return (site, derivatives) }
        var dropped: Set<String> = []
        func filter(_ album: Album) -> Album {
            var album = album
            album.photos = album.photos.filter { photo in
                if photo.isVideo { return true }
                let rating = photo.rating(embedded: derivatives[photo.sourcePath]?.described) ?? 0
                if rating >= minimum { return true }
                dropped.insert(photo.sourcePath)
                return false
            }
            album.albums = album.albums.map(filter)
            return album
        }
        var site = site
        site.root = filter(site.root)
        var kept = derivatives
        let removed = dropped.sorted().compactMap { kept.removeValue(forKey: $0) }
        // Two photos with the same bytes and slug share their files: keep what a kept one uses.
        let stillUsed = Set(kept.values.flatMap(\.publishedFiles).map(\.path))
        for file in removed.flatMap(\.publishedFiles) where !stillUsed.contains(file.path) {
            _ = unlink(staging.appendingPathComponent(file.path).path)
        }
        return (site, kept)
    }
}
