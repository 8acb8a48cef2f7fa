import Foundation

extension ContextBuilder {
    /// A thumbnail in a grid: `href`, `title`, `image`, and `caption` when the sidecar titled
    /// the photo.
    func photoCard(_ photo: ProcessedPhoto, budget: inout EagerBudget) -> TemplateValue {
        let text = PhotoText(photo)
        var card: [String: TemplateValue] = [
            "href": .string(links.href(photo.source.urlPath)),
            "title": .string(text.title),
        ]
        if text.hasExplicitTitle { card["caption"] = .string(text.title) }
        if let image = ImageContext.make(
            photo, alt: text.alt, slot: .grid, loading: budget.next(), links: links)
        {
            card["image"] = image
        }
        return .dictionary(card)
    }

    /// A sub-album in a grid: `href`, `title`, `date`, `datetime`, `count` and the cover
    /// `image`.
    func albumCard(_ album: Album, budget: inout EagerBudget) -> TemplateValue {
        var card: [String: TemplateValue] = [
            "href": .string(links.href(album.urlPath)),
            "title": .string(album.title),
            "count": .string(countLabel(album)),
        ]
        if let date = album.date {
            card["date"] = .string(DisplayFormat.longDate(date))
            card["datetime"] = .string(DisplayFormat.isoDay(date))
        }
        if let cover = cover(of: album),
            let image = ImageContext.make(
                cover, alt: PhotoText(cover).alt, slot: .grid, loading: budget.next(), links: links)
        {
            card["image"] = image
        }
        return .dictionary(card)
    }

    /// `12 photos`, `1 photo · 2 albums`, `Empty`.
    func countLabel(_ album: Album) -> String {
        let photoCount = shownPhotos(album).count
        var parts: [String] = []
        if photoCount > 0 { parts.append(photoCount == 1 ? "1 photo" : "\(photoCount) photos") }
        let albumCount = album.albums.count
        if albumCount > 0 { parts.append(albumCount == 1 ? "1 album" : "\(albumCount) albums") }
        return parts.isEmpty ? "Empty" : parts.joined(separator: " · ")
    }
}
