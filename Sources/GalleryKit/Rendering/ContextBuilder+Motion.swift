import Foundation

extension ContextBuilder {
    /// The photos of an album's hero slider: the `hero:` photos in their order, else every
    /// photo of a `layout: slider` album; empty when the album has no slider.
    func heroPhotos(_ album: Album) -> [ProcessedPhoto] {
        let shown = shownPhotos(album)
        if !album.hero.isEmpty {
            return album.hero.compactMap { name in shown.first { $0.source.fileName == name } }
        }
        return album.layout == .slider ? shown : []
    }

    /// The slider: `slides` (index, number, id, href, title, image, background, current,
    /// `video` for a clip: its badge, whose preview the script plays on the current slide),
    /// `count`; nil when the album has none. The first slide is in the first viewport (the
    /// LCP candidate: high priority); the others are beside it, out of view, and lazy.
    func heroContext(_ album: Album, order: inout LoadingOrder, styles: inout PageStyles) -> TemplateValue? {
        let photos = heroPhotos(album)
        guard !photos.isEmpty else { return nil }
        let sizes = ImageSizes()
        var slides: [TemplateValue] = []
        for (index, photo) in photos.enumerated() {
            let text = PhotoText(photo)
            let plan = styles.add(kenBurns.plan(photo, role: .hero, album: album))
            var slide: [String: TemplateValue] = [
                "index": .int(index), "number": .int(index + 1), "id": .string("gk-slide-\(index + 1)"),
                "href": .string(links.href(photo.source.urlPath)),
                "title": .string(text.title(position: index + 1, of: photos.count)),
                "current": .bool(index == 0),
            ]
            if let image = image(
                photo, alt: text.alt(position: index + 1, of: photos.count),
                sizes: sizes.slide(photoAspect: photo.aspectRatio),
                loading: order.next(inFirstViewport: index == 0), styles: &styles,
                motion: ImageMotion(frame: .slide, kenBurns: plan))
            {
                slide["image"] = image
            }
            slide["photoClass"] = .string(styles.add(photo))
            if let small = ImageContext.renditions(of: photo, in: .jpeg).first
                ?? photo.renditions.min(by: { $0.width < $1.width })
            {
                slide["background"] = .string(links.href(small.path))
            }
            if let placeholder = photo.placeholder { slide["placeholder"] = .string(placeholder) }
            if let video = photo.video { slide["video"] = VideoContext.badge(video, links: links) }
            slides.append(.dictionary(slide))
        }
        if photos.count > 1 { addNoScriptDotRules(count: photos.count, styles: &styles) }
        return .dictionary([
            "slides": .array(slides), "count": .int(photos.count),
            "hasMany": .bool(photos.count > 1),
        ])
    }

    /// Without scripts, the dot of the slide in view is the current one: the dots are scroll
    /// markers, so `:target-current` is that slide's dot; where scroll markers are missing, it
    /// is the dot of the slide the address targets (`#gk-slide-N`, one rule per slide), and
    /// the first until a dot is followed. In the page stylesheet rather than the theme's
    /// because the fallback needs a rule per slide.
    private func addNoScriptDotRules(count: Int, styles: inout PageStyles) {
        let current = "background: radial-gradient(circle, #fff 0 0.4rem, transparent 0.42rem);"
        let other =
            "background: radial-gradient(circle, rgb(255 255 255 / 0.5) 0 0.3rem, transparent 0.32rem);"
        let markers = "@supports selector(:target-current)"
        styles.add(
            selector: ":root:not(.gk-js) .gk-slider-dots a[aria-current=\"true\"]:not(:target-current)",
            declarations: other, within: markers)
        styles.add(
            selector: ":root:not(.gk-js) .gk-slider-dots a:target-current", declarations: current,
            within: markers)
        let fallback = "@supports not selector(:target-current)"
        styles.add(
            selector:
                ":root:not(.gk-js) .gk-slider:has(.gk-slide:target) .gk-slider-dots a[aria-current=\"true\"]",
            declarations: other, within: fallback)
        for number in 1...count {
            styles.add(
                selector:
                    ":root:not(.gk-js) .gk-slider:has(.gk-slide:nth-child(\(number)):target) "
                    + ".gk-slider-dots li:nth-child(\(number)) a",
                declarations: current, within: fallback)
        }
    }

    /// A story album's photos, full screen one after another: `href`, `title`, `caption`,
    /// `image` (with Ken Burns and the photo's View Transition name), `video` for a clip (its
    /// poster is the image; the badge says it is a video).
    /// Each fills the screen, so only the first is in the first viewport. A photo without a
    /// title is named by its place in the album (`firstPosition` for the first, of `total`).
    func storyItems(
        _ album: Album, photos: [ProcessedPhoto], firstPosition: Int = 1, total: Int? = nil,
        flow: inout PageFlow, order: inout LoadingOrder, styles: inout PageStyles
    ) -> [TemplateValue] {
        let total = total ?? photos.count
        let sizes = ImageSizes()
        let current = flow
        // Each item is a screen tall, on phones too.
        func height(_ photo: ProcessedPhoto, _ screen: PageFlow.Screen) -> Double { screen.height }
        func top(_ index: Int, _ screen: PageFlow.Screen) -> Double {
            photos.prefix(index).reduce(0) { $0 + height($1, screen) }
        }
        flow.advance { top(photos.count, $0) }
        return photos.enumerated().map { index, photo in
            let visible = current.isInFirstViewport { top(index, $0) }
            let text = PhotoText(photo)
            let plan = styles.add(kenBurns.plan(photo, role: .story, album: album))
            var item: [String: TemplateValue] = [
                "href": .string(links.href(photo.source.urlPath)),
                "title": .string(text.title(position: firstPosition + index, of: total)),
            ]
            if !text.captionHTML.isEmpty { item["caption"] = .string(text.captionHTML) }
            // The caption keeps away from the subject (galleryc.css places it by these).
            styles.add(
                selector: ".gk-story-item.\(PageStyles.className(for: photo))",
                declarations: StoryCaption(focus: photo.focus).declarations)
            if let image = image(
                photo, alt: text.alt(position: firstPosition + index, of: total),
                sizes: sizes.story(photoAspect: photo.aspectRatio),
                loading: order.next(inFirstViewport: visible), styles: &styles,
                motion: ImageMotion(
                    frame: .story, kenBurns: plan,
                    transitionName: MotionStylesheet.viewTransitionName(for: photo.source.sourcePath)))
            {
                item["image"] = image
            }
            if let video = photo.video { item["video"] = VideoContext.badge(video, links: links) }
            return .dictionary(item)
        }
    }
}
