extension ContextBuilder {
    /// The list of tags (`tags/`): `tags`, each an album card (`href`, `title`, `count`,
    /// cover `image`), and `hasTags`.
    func tagsContext() -> TemplateValue { tagsPage().context }

    /// ``tagsContext()`` with its stylesheet (the covers' values).
    func tagsPage() -> PageRender {
        let root = TagIndex.rootAlbum
        var context = chrome(urlPath: root.urlPath, title: root.title, trail: [(site.config.title, "")])
        var styles = PageStyles()
        var order = LoadingOrder()
        let flow = PageFlow { PageFlow.albumHeader($0, descriptionCharacters: 0, folded: false) }
        let cards = albumCards(tags.tags.map(\.album), flow: flow, order: &order, styles: &styles)
        context["tagList"] = .dictionary([
            "title": .string(root.title), "count": .string(DisplayFormat.count(tags.tags.count, "tag")),
        ])
        context["tags"] = .array(cards)
        context["hasTags"] = .bool(!cards.isEmpty)
        return finish(context, styles: styles, album: nil)
    }

    /// The photo's tags as links (`name`, `href`), for its page.
    func tagLinks(of photo: ProcessedPhoto) -> [TemplateValue] {
        tags.tags(of: photo.source.sourcePath).map { tag in
            .dictionary(["name": .string(tag.name), "href": .string(links.href(tag.urlPath))])
        }
    }

    /// A private album's photo's tags, as words without links: no tag page lists its photos
    /// (a page shown to everyone cannot), and the words are sealed with its page.
    func sealedTags(of photo: ProcessedPhoto, in album: Album) -> [TemplateValue] {
        guard site.config.tagPages else { return [] }
        var seen: Set<String> = []
        return (photo.source.keywords(embedded: photo.described) + album.tags).compactMap { name in
            // `href` false, not absent: a missing key would be looked up in the page's context.
            seen.insert(name.lowercased()).inserted
                ? .dictionary(["name": .string(name), "href": .bool(false)]) : nil
        }
    }
}
