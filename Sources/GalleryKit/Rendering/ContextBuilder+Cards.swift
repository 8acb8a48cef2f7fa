import Foundation

extension ContextBuilder {
    /// A thumbnail in a grid: `href`, `title`, `image`, and `caption` when the sidecar titled
    /// the photo.
    func photoCard(_ photo: ProcessedPhoto, position: Int, of count: Int, budget: inout EagerBudget)
        -> TemplateValue
    {
        let text = PhotoText(photo)
        var card: [String: TemplateValue] = [
            "href": .string(links.href(photo.source.urlPath)),
            "title": .string(text.title(position: position, of: count)),
        ]
        if let title = text.title { card["caption"] = .string(title) }
        let motion = ImageMotion(
            frame: .natural, transitionName: MotionStylesheet.viewTransitionName(for: photo.source.sourcePath)
        )
        if let image = ImageContext.make(
            photo, alt: text.alt(position: position, of: count), slot: .grid, loading: budget.next(),
            links: links,
            motion: motion)
        {
            card["image"] = image
        }
        if let video = photo.video { card["video"] = VideoContext.badge(video, links: links) }
        return .dictionary(card)
    }

    /// The cards of `photos`, in order, numbered from 1.
    func cards(_ photos: [ProcessedPhoto], budget: inout EagerBudget) -> [TemplateValue] {
        photos.enumerated().map { index, photo in
            photoCard(photo, position: index + 1, of: photos.count, budget: &budget)
        }
    }

    /// A sub-album in a grid: `href`, `title`, `date`, `datetime`, `count` and the cover
    /// `image`, cropped to 3:2 around its focal point (with Ken Burns when `kenBurns`).
    func albumCard(_ album: Album, budget: inout EagerBudget, kenBurns animated: Bool = false)
        -> TemplateValue
    {
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
                cover, alt: PhotoText(cover).alt, slot: .grid, loading: budget.next(), links: links,
                motion: ImageMotion(
                    frame: .cover,
                    kenBurns: animated ? kenBurns.plan(cover, role: .cover, album: album).animationName : nil)
            )
        {
            card["image"] = image
        }
        return .dictionary(card)
    }

    /// `12 photos`, `1 photo · 2 albums`, `3 photos · 1 video`, `Empty`.
    func countLabel(_ album: Album) -> String {
        let shown = shownPhotos(album)
        let videoCount = shown.count { $0.video != nil }
        let photoCount = shown.count - videoCount
        var parts: [String] = []
        if photoCount > 0 { parts.append(photoCount == 1 ? "1 photo" : "\(photoCount) photos") }
        if videoCount > 0 { parts.append(videoCount == 1 ? "1 video" : "\(videoCount) videos") }
        let albumCount = album.listedAlbums.count
        if albumCount > 0 { parts.append(albumCount == 1 ? "1 album" : "\(albumCount) albums") }
        return parts.isEmpty ? "Empty" : parts.joined(separator: " · ")
    }
}
