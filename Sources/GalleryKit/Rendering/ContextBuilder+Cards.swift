import Foundation

extension ContextBuilder {
    /// A thumbnail: `href`, `title` (else `Photo 3 of 12`), `image`, and `caption` when the
    /// photo has a title.
    /// - Parameters:
    ///   - position: the photo's place in its album (from 1) of `count`, for its name when it
    ///     has no title.
    ///   - frame: `.natural` for a justified tile (`tile` is true), `.cover` for a grid tile.
    ///   - sizes: how wide the layout draws it; `loading`: from the page's ``LoadingOrder``.
    func photoCard(
        _ photo: ProcessedPhoto, position: Int, of count: Int, frame: ImageFrame, sizes: String,
        loading: ImageLoading, styles: inout PageStyles
    ) -> TemplateValue {
        let text = PhotoText(photo)
        var card: [String: TemplateValue] = [
            "href": .string(links.href(photo.source.urlPath)),
            "title": .string(text.title(position: position, of: count)),
        ]
        if let title = text.title { card["caption"] = .string(title) }
        let motion = ImageMotion(
            frame: frame, transitionName: MotionStylesheet.viewTransitionName(for: photo.source.sourcePath)
        )
        if frame == .natural { card["tile"] = .bool(true) }
        if let image = image(
            photo, alt: text.alt(position: position, of: count), sizes: sizes, loading: loading,
            styles: &styles, motion: motion)
        {
            card["image"] = image
        }
        if let video = photo.video { card["video"] = VideoContext.badge(video, links: links) }
        if photo.live != nil { card["liveBadge"] = .bool(true) }
        return .dictionary(card)
    }

    /// A sub-album in a grid: `href`, `title`, `date`, `datetime`, `count` and the cover
    /// `image`, cropped to 3:2 around its focal point (with Ken Burns when `kenBurns`); one of
    /// `count` cards, which decides how wide the cards are drawn. A password-protected album
    /// seen from a page not sealed with its key is a lock card (`locked`): its URL and its
    /// count, none of its words or pixels.
    func albumCard(
        _ album: Album, loading: (ProcessedPhoto) -> ImageLoading, styles: inout PageStyles,
        kenBurns animated: Bool = false, among count: Int, within sealedRoot: String? = nil
    ) -> TemplateValue {
        if let protection = album.protection, protection.root != sealedRoot {
            return .dictionary([
                "href": .string(links.href(album.urlPath)), "title": .string(Self.lockedTitle),
                "count": .string(countLabel(album)), "locked": .bool(true),
            ])
        }
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
            let image = image(
                cover, alt: PhotoText(cover).alt,
                sizes: ImageSizes().gridTile(.cards, count: count, photoAspect: cover.aspectRatio),
                loading: loading(cover), styles: &styles,
                motion: ImageMotion(
                    frame: .cover,
                    kenBurns: animated ? styles.add(kenBurns.plan(cover, role: .cover, album: album)) : nil)
            )
        {
            card["image"] = image
        }
        return .dictionary(card)
    }

    /// Album cards for `albums` at the flow's current place: a uniform grid of covers with a
    /// title and a count under each; the ones in the first viewport load eagerly.
    func albumCards(
        _ albums: [Album], flow: PageFlow, order: inout LoadingOrder, styles: inout PageStyles,
        kenBurns animated: Bool = false, within sealedRoot: String? = nil
    ) -> [TemplateValue] {
        let tops = PageFlow.screens.map {
            flow.gridTops(.cards, count: albums.count, extra: Self.albumCardText, $0)
        }
        return albums.enumerated().map { index, album in
            let visible = flow.isInFirstViewport { screen in
                tops[PageFlow.screens.firstIndex(of: screen) ?? 0][index]
            }
            return albumCard(
                album, loading: { _ in order.next(inFirstViewport: visible) }, styles: &styles,
                kenBurns: animated, among: albums.count, within: sealedRoot)
        }
    }

    /// What a protected album is called where its own title may not be shown.
    static let lockedTitle = "Private album"

    /// The height of an album card's title and count lines under its cover.
    static let albumCardText = 60.0

    /// ``ImageContext/make(_:alt:sizes:loading:links:motion:)`` with the photo's values added to
    /// the page's stylesheet under its class (`photoClass`).
    func image(
        _ photo: ProcessedPhoto, alt: String, sizes: String, loading: ImageLoading,
        styles: inout PageStyles, motion: ImageMotion = ImageMotion()
    ) -> TemplateValue? {
        guard
            case .dictionary(var context) = ImageContext.make(
                photo, alt: alt, sizes: sizes, loading: loading, links: links, motion: motion)
        else { return nil }
        // The photo's class carries its View Transition name (``PhotoClass``).
        context["photoClass"] = .string(styles.add(photo))
        return .dictionary(context)
    }

    /// `12 photos`, `1 photo · 2 albums`, `3 photos · 1 video`, `Empty`.
    func countLabel(_ album: Album) -> String {
        let shown = shownPhotos(album)
        let videoCount = shown.count { $0.video != nil }
        let photoCount = shown.count - videoCount
        var parts: [String] = []
        if photoCount > 0 { parts.append(DisplayFormat.count(photoCount, "photo")) }
        if videoCount > 0 { parts.append(DisplayFormat.count(videoCount, "video")) }
        let albumCount = album.listedAlbums.count
        if albumCount > 0 { parts.append(DisplayFormat.count(albumCount, "album")) }
        return parts.isEmpty ? "Empty" : parts.joined(separator: " · ")
    }
}
