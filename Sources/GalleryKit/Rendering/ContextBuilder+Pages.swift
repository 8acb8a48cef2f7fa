import Foundation

/// A page's template context and its own generated stylesheet (`assets.pageCSS`), when it
/// has one; the shared sheets it links (`assets.photoCSS`) are ``ContextBuilder/photoSheets``'.
struct PageRender: Sendable {
    var context: TemplateValue
    var stylesheet: OutputFile?
}

extension ContextBuilder {
    /// The home page: the home page's Markdown, then album covers, then the root's photos.
    func homeContext() -> TemplateValue { homePage().context }

    /// ``homeContext()`` with its stylesheet.
    func homePage() -> PageRender {
        let root = site.root
        var context = chrome(
            urlPath: "", title: nil, description: site.home?.description ?? "",
            image: cover(of: root))
        var styles = PageStyles()
        var order = LoadingOrder()
        let prose = ProseFold(html: site.home?.html ?? "", fold: true)
        var flow = PageFlow {
            PageFlow.homeHeader($0, textCharacters: prose.visibleCharacters, folded: prose.isFolded)
        }
        let albums = albumCards(root.listedAlbums, flow: flow, order: &order, styles: &styles, kenBurns: true)
        if !albums.isEmpty {
            let current = flow
            flow.advance {
                current.gridHeight(.cards, count: albums.count, extra: Self.albumCardText, $0)
                    + Self.sectionHeading
            }
        }
        let photos = photoList(
            shownPhotos(root), justified: false, flow: &flow, order: &order, styles: &styles
        ).cards
        var home: [String: TemplateValue] = ["title": .string(site.home?.title ?? site.config.title)]
        prose.add(to: &home)
        context["home"] = .dictionary(home)
        context["albums"] = .array(albums)
        context["hasAlbums"] = .bool(!albums.isEmpty)
        context["photos"] = .array(photos)
        context["hasPhotos"] = .bool(!photos.isEmpty)
        addListedPages(of: root, to: &context)
        return finish(context, styles: styles, album: root.sourcePath)
    }

    /// The context with `assets.photoCSS` linking the shared sheets of `album`'s own photos
    /// the page shows (``PhotoSheets``), sorted, and `assets.pageCSS` its own sheet
    /// with everything else, when there is anything else. `album` is nil for a page whose
    /// photos' values are all its own (album and tag pages).
    func finish(_ context: [String: TemplateValue], styles: PageStyles, album: String?) -> PageRender {
        var context = context
        let shared = Set(styles.photos.values.compactMap { photoSheets.sheet(of: $0.source, in: album) })
        let file = styles.pageSheet { photoSheets.sheet(of: $0, in: album) != nil }
        if case .dictionary(var assets) = context["assets"] {
            if !shared.isEmpty {
                assets["photoCSS"] = .array(shared.sorted().map { .string(links.href($0)) })
            }
            if let file { assets["pageCSS"] = .string(links.href(file.path)) }
            context["assets"] = .dictionary(assets)
        }
        return PageRender(context: .dictionary(context), stylesheet: file)
    }

    /// `pages` and `hasPages`: the pages in this album's folder (or below it, outside any
    /// sub-album) that the site navigation does not link to, each `title` and `href`.
    func addListedPages(of album: Album, to context: inout [String: TemplateValue]) {
        let pages = navigation.listedPages[album.sourcePath] ?? []
        context["pages"] = .array(
            pages.map { .dictionary(["title": .string($0.title), "href": .string(links.href($0.urlPath))]) })
        context["hasPages"] = .bool(!pages.isEmpty)
    }

    /// A Markdown page: `page.title`, `page.html`, `page.date`, `page.datetime`.
    func pageContext(_ page: Page) -> TemplateValue {
        // Home, then the albums down to the one whose page lists this page.
        let listing = SiteNavigation.listingAlbum(
            of: page.sourcePath, albums: Set(site.root.allAlbums.map(\.sourcePath)))
        var context = chrome(
            urlPath: page.urlPath, title: page.title, description: page.description,
            trail: trail(albumChain(to: listing)))
        var value: [String: TemplateValue] = ["title": .string(page.title)]
        ProseFold(html: page.html, fold: false).add(to: &value)
        if let date = page.date {
            value["date"] = .string(DisplayFormat.longDate(date))
            value["datetime"] = .string(DisplayFormat.isoDay(date))
        }
        context["page"] = .dictionary(value)
        return .dictionary(context)
    }

    /// An album: `album` (title, date, html, count), its photos, then its sub-albums.
    func albumContext(_ album: Album, ancestors: [Album]) -> TemplateValue {
        albumPage(album, ancestors: ancestors).context
    }

    /// ``albumContext(_:ancestors:)`` with its stylesheet (the photos' values and, for
    /// justified rows, the rows).
    ///
    /// An album split by `page_size:` has one such page per slice (``albumPageSlices(_:)``):
    /// the first has the description, the hero slider, the sub-albums and the listed pages; every
    /// page has its photos, `pagination` and `rel` prev/next links.
    func albumPage(_ album: Album, ancestors: [Album], slice: AlbumPageSlice? = nil) -> PageRender {
        let slice = slice ?? albumPageSlices(album)[0]
        let first = slice.index == 0
        let title = first ? album.title : "\(album.title), page \(slice.index + 1) of \(slice.count)"
        var context = chrome(
            urlPath: album.urlPath, title: title, trail: trail(ancestors), image: cover(of: album),
            unlisted: album.unlisted)
        addPagination(slice, of: album, to: &context)
        var styles = PageStyles()
        var order = LoadingOrder()
        let prose = ProseFold(html: first ? album.descriptionHTML : "", fold: true)
        var flow = PageFlow {
            PageFlow.albumHeader($0, descriptionCharacters: prose.visibleCharacters, folded: prose.isFolded)
        }
        let hero = first ? heroContext(album, order: &order, styles: &styles) : nil
        if hero != nil {
            let current = flow
            flow.advance { current.sliderHeight($0) }
        }
        let total = shownPhotos(album).count
        let story =
            album.layout == .story
            ? storyItems(
                album, photos: Array(slice.photos), firstPosition: slice.photos.startIndex + 1, total: total,
                flow: &flow, order: &order, styles: &styles) : []
        let shown = story.isEmpty ? Array(slice.photos) : []
        let justified = album.layout == .justified || album.layout == .slider
        let photos = photoList(
            shown, justified: justified, flow: &flow, order: &order, styles: &styles,
            firstPosition: slice.photos.startIndex + 1, total: total
        ).cards
        if !photos.isEmpty { flow.advance { _ in Self.sectionHeading } }
        let albums =
            first
            ? albumCards(
                album.listedAlbums, flow: flow, order: &order, styles: &styles, within: album.protection?.root
            )
            : []
        var value: [String: TemplateValue] = [
            "title": .string(album.title), "count": .string(countLabel(album)),
            "layout": .string(album.layout.rawValue),
            "isJustified": .bool(justified), "isGrid": .bool(album.layout == .grid),
            "isSlider": .bool(album.layout == .slider), "isStory": .bool(album.layout == .story),
        ]
        prose.add(to: &value)
        let places = first ? placeLinks(of: album) : []
        value["places"] = .array(places)
        value["hasPlaces"] = .bool(!places.isEmpty)
        if first, let map = maps.albums[album.sourcePath] { value["map"] = .string(map) }
        if let zip = downloads.byAlbum[album.sourcePath] {
            value["download"] = .dictionary([
                "href": .string(links.href(zip.path)), "size": .string(byteCountText(zip.byteCount)),
                "count": .string(DisplayFormat.count(zip.photoCount, "photo")),
            ])
        }
        if let date = album.date {
            value["date"] = .string(DisplayFormat.longDate(date))
            value["datetime"] = .string(DisplayFormat.isoDay(date))
        }
        context["album"] = .dictionary(value)
        if let hero { context["hero"] = hero }
        context["story"] = .array(story)
        context["hasStory"] = .bool(!story.isEmpty)
        context["photos"] = .array(photos)
        context["hasPhotos"] = .bool(!photos.isEmpty)
        context["albums"] = .array(albums)
        context["hasAlbums"] = .bool(!albums.isEmpty)
        if first {
            addListedPages(of: album, to: &context)
        } else {
            context["hasPages"] = .bool(false)
        }
        // An album page's photos' values are in its own sheet, with its rows: every sheet
        // before the first paint is one more request on the connection the first photos need
        // (Benchmarks/webperf.sh, 150 photos on Fast 3G: five stylesheets instead of three
        // moved the laptop's LCP from 1.9 to 2.6 s). The shared sheets serve the photo pages.
        return finish(context, styles: styles, album: nil)
    }

    /// A photo page: `photo` (title, image, caption, exif rows, position, `original` when
    /// published), `album` (the way
    /// back), `previous` and `next`.
    func photoContext(
        _ photo: ProcessedPhoto, at index: Int, of siblings: [ProcessedPhoto], in album: Album,
        ancestors: [Album]
    ) -> TemplateValue {
        photoPage(photo, at: index, of: siblings, in: album, ancestors: ancestors).context
    }

    /// ``photoContext(_:at:of:in:ancestors:)`` with its stylesheet.
    func photoPage(
        _ photo: ProcessedPhoto, at index: Int, of siblings: [ProcessedPhoto], in album: Album,
        ancestors: [Album]
    ) -> PageRender {
        var styles = PageStyles()
        let text = PhotoText(photo)
        let backTitle = album.urlPath.isEmpty ? site.config.title : album.title
        let title = text.title(position: index + 1, of: siblings.count)
        var context = chrome(
            urlPath: photo.source.urlPath, title: title, description: text.description ?? "",
            trail: trail(ancestors + [album]), image: photo, unlisted: album.unlisted, viewer: true)
        var value: [String: TemplateValue] = [
            "title": .string(title),
            "announcement": .string(text.announcement(position: index + 1, of: siblings.count)),
        ]
        // An untitled photo's title is its place already ("Photo 3 of 12"): said once.
        if text.title != nil { value["position"] = .string("\(index + 1) of \(siblings.count)") }
        // The heading names the photo right above it: an alt that only repeats it (an untitled
        // photo's place, a title standing in for alt text) is left empty, so that a screen
        // reader says it once; an alt of its own is kept.
        let alt = text.alt(position: index + 1, of: siblings.count)
        if let image = image(
            photo, alt: alt == title ? "" : alt,
            sizes: ImageSizes().mainImage(photoAspect: photo.aspectRatio),
            loading: .eagerHighPriority, styles: &styles,
            motion: ImageMotion(
                frame: .main,
                transitionName: MotionStylesheet.viewTransitionName(for: photo.source.sourcePath))),
            case .dictionary(var fields) = image
        {
            fields["viewerImage"] = .bool(true)
            if let preview = ImageContext.preview(photo, links: links) { fields["preview"] = preview }
            if let live = photo.live { fields["live"] = VideoContext.live(live, links: links) }
            value["image"] = .dictionary(fields)
        }
        if let video = photo.video,
            case .dictionary(var player) = VideoContext.player(photo, video: video, links: links)
        {
            // The clip's ratio and size, for the viewer's fit (galleryc.css: `.viewer .gk-video`).
            player["class"] = .string(styles.add(photo))
            value["video"] = .dictionary(player)
        }
        if !text.captionHTML.isEmpty { value["caption"] = .string(text.captionHTML) }
        let tagLinks = album.isPublic ? tagLinks(of: photo) : sealedTags(of: photo, in: album)
        value["tags"] = .array(tagLinks)
        value["hasTags"] = .bool(!tagLinks.isEmpty)
        let rows = ExifPanel.rows(photo.exif)
        value["exif"] = .array(rows)
        value["hasExif"] = .bool(!rows.isEmpty)
        let place = placeLink(of: photo, in: album)
        if let place { value["place"] = place }
        value["hasDetails"] = .bool(!rows.isEmpty || place != nil)
        if let original = photo.original { value["original"] = originalContext(original) }
        context["photo"] = .dictionary(value)
        context["album"] = .dictionary([
            "title": .string(backTitle), "href": .string(links.href(albumPagePath(album, photoIndex: index))),
        ])
        if index > 0 {
            context["previous"] = neighbour(siblings[index - 1], position: index, of: siblings.count)
        }
        if index + 1 < siblings.count {
            context["next"] = neighbour(siblings[index + 1], position: index + 2, of: siblings.count)
        }
        if let first = siblings.first, let last = siblings.last {
            context["viewer"] = .dictionary([
                "first": .string(links.href(first.source.urlPath)),
                "last": .string(links.href(last.source.urlPath)),
                "slideshowSeconds": .string(
                    DisplayFormat.number(site.config.viewer.slideshowSeconds, digits: 3)),
                "stage": .string(site.config.viewer.stage.rawValue),
            ])
        }
        return finish(context, styles: styles, album: album.sourcePath)
    }

    /// The published original (`href`, `format`, `width`, `height`, `size` such as `2.4 MB`).
    func originalContext(_ original: Rendition) -> TemplateValue {
        let size = byteCountText(Int64(original.byteCount))
        return .dictionary([
            "href": .string(links.href(original.path)),
            "format": .string(original.format.rawValue.uppercased()),
            "width": .string(String(original.width)), "height": .string(String(original.height)),
            "size": .string(size),
        ])
    }

    /// The 404 page: only the shared keys; every link is rooted, so it works at any depth.
    func notFoundContext() -> TemplateValue {
        .dictionary(chrome(urlPath: nil, title: "Page not found"))
    }

    private func neighbour(_ photo: ProcessedPhoto, position: Int, of count: Int) -> TemplateValue {
        .dictionary([
            "title": .string(PhotoText(photo).title(position: position, of: count)),
            "href": .string(links.href(photo.source.urlPath)),
        ])
    }

    /// Breadcrumb links for a page inside `albums` (outermost first, the root shown as the
    /// site's title).
    func trail(_ albums: [Album]) -> [(title: String, urlPath: String)] {
        albums.map { album in
            (album.urlPath.isEmpty ? site.config.title : album.title, album.urlPath)
        }
    }

    /// The albums from the root down to the one at `sourcePath`, both included (the root
    /// alone for `""`).
    private func albumChain(to sourcePath: String) -> [Album] {
        var chain = [site.root]
        while let last = chain.last, last.sourcePath != sourcePath,
            let next = last.albums.first(where: {
                sourcePath == $0.sourcePath || sourcePath.hasPrefix($0.sourcePath + "/")
            })
        {
            chain.append(next)
        }
        return chain
    }
}
