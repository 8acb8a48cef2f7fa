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
        context["tagList"] = .dictionary(["title": .string(root.title), "count": .string(tagCount)])
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

    private var tagCount: String {
        tags.tags.count == 1 ? "1 tag" : "\(tags.tags.count) tags"
    }
}
