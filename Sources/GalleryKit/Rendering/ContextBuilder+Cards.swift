import Foundation

extension ContextBuilder {
    /// A thumbnail in a grid: `href`, `title`, `image`, and `caption` when the sidecar titled
    /// the photo.
    /// - Parameter frame: `.natural` for a justified tile, `.cover` for a uniform grid tile.
    func photoCard(
        _ photo: ProcessedPhoto, budget: inout EagerBudget, styles: inout PageStyles,
        frame: ImageFrame = .cover
    ) -> TemplateValue {
        let text = PhotoText(photo)
        var card: [String: TemplateValue] = [
            "href": .string(links.href(photo.source.urlPath)),
            "title": .string(text.title),
        ]
        if text.hasExplicitTitle { card["caption"] = .string(text.title) }
        let motion = ImageMotion(
            frame: frame, transitionName: MotionStylesheet.viewTransitionName(for: photo.source.sourcePath)
        )
        if frame == .natural { card["tile"] = .bool(true) }
        if let image = image(
            photo, alt: text.alt, slot: .grid, loading: budget.next(), styles: &styles, motion: motion)
        {
            card["image"] = image
        }
        return .dictionary(card)
    }

    /// A sub-album in a grid: `href`, `title`, `date`, `datetime`, `count` and the cover
    /// `image`, cropped to 3:2 around its focal point (with Ken Burns when `kenBurns`).
    func albumCard(
        _ album: Album, budget: inout EagerBudget, styles: inout PageStyles, kenBurns animated: Bool = false
    ) -> TemplateValue {
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
                cover, alt: PhotoText(cover).alt, slot: .grid, loading: budget.next(), styles: &styles,
                motion: ImageMotion(
                    frame: .cover,
                    kenBurns: animated ? kenBurns.plan(cover, role: .cover, album: album).animationName : nil)
            )
        {
            card["image"] = image
        }
        return .dictionary(card)
    }

    /// ``ImageContext/make(_:alt:slot:loading:links:motion:)`` with the photo's values added to
    /// the page's stylesheet under its class (`photoClass`).
    func image(
        _ photo: ProcessedPhoto, alt: String, slot: ImageSlot, loading: ImageLoading,
        styles: inout PageStyles, motion: ImageMotion = ImageMotion()
    ) -> TemplateValue? {
        guard
            case .dictionary(var context) = ImageContext.make(
                photo, alt: alt, slot: slot, loading: loading, links: links, motion: motion)
        else { return nil }
        let name = styles.add(photo)
        context["photoClass"] = .string(name)
        if let transition = motion.transitionName {
            styles.add(selector: ".\(name)[data-vt]", declarations: "view-transition-name: \(transition);")
        }
        return .dictionary(context)
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
