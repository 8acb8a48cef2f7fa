extension ContextBuilder {
    /// The search page (`search/`): `searchPage` (`title`, `index`: where its index files are,
    /// `root`: the site root the index's paths are relative to), `tags` and `places` (each
    /// `name`, `href`, `count`: what the page lists for browsing, and all it offers without
    /// JavaScript), `hasTags`, `hasPlaces`; `assets.searchJS` is set.
    func searchPage() -> PageRender {
        let root = SearchIndex.rootAlbum
        var context = chrome(
            urlPath: root.urlPath, title: root.title, trail: [(site.config.title, "")], searching: true)
        context["searchPage"] = .dictionary([
            "title": .string(root.title), "index": .string(links.href(SearchIndex.urlPath)),
            "root": .string(links.href("")),
        ])
        let tagLinks: [TemplateValue] = tags.tags.map { tag in
            .dictionary([
                "name": .string(tag.name), "href": .string(links.href(tag.urlPath)),
                "count": .string(DisplayFormat.count(tag.photos.count, "photo")),
            ])
        }
        let placeLinks: [TemplateValue] = places.places.map { place in
            .dictionary([
                "name": .string(place.name.display), "href": .string(links.href(place.urlPath)),
                "count": .string(DisplayFormat.count(place.photos.count, "photo")),
            ])
        }
        context["tags"] = .array(tagLinks)
        context["hasTags"] = .bool(!tagLinks.isEmpty)
        context["places"] = .array(placeLinks)
        context["hasPlaces"] = .bool(!placeLinks.isEmpty)
        return finish(context, styles: PageStyles(), album: nil)
    }
}
