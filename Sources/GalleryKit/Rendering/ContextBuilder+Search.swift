/// A list the search page offers for browsing: what it offers without JavaScript, and while
/// the field is empty.
struct SearchBrowseList: Sendable {
    /// `albums`, `tags` or `places` (the section's id is `gk-search-<id>`).
    var id: String
    /// The section's heading.
    var title: String
    var links: [(name: String, urlPath: String, count: String)]
}

extension ContextBuilder {
    /// The search page (`search/`): `searchPage` (`title`, `index`: where its index files are,
    /// `root`: the site root the index's paths are relative to) and `lists` (``searchLists``,
    /// each `id`, `title`, `links`: `name`, `href`, `count`); `assets.searchJS` is set.
    func searchPage() -> PageRender {
        let root = SearchIndex.rootAlbum
        var context = chrome(
            urlPath: root.urlPath, title: root.title, trail: [(site.config.title, "")], searching: true)
        context["searchPage"] = .dictionary([
            "title": .string(root.title), "index": .string(links.href(SearchIndex.urlPath)),
            "root": .string(links.href("")),
        ])
        context["lists"] = .array(
            searchLists().map { list in
                .dictionary([
                    "id": .string(list.id), "title": .string(list.title),
                    "links": .array(
                        list.links.map { link in
                            .dictionary([
                                "name": .string(link.name), "href": .string(links.href(link.urlPath)),
                                "count": .string(link.count),
                            ])
                        }),
                ])
            })
        return finish(context, styles: PageStyles(), album: nil)
    }

    /// What the search page lists, those that are not empty: the listed public albums (depth
    /// first, the home page's left out), the tags, the places; each link's name, path and count.
    func searchLists() -> [SearchBrowseList] {
        let albums = site.root.listedPublicAlbums.filter { !$0.urlPath.isEmpty }
        return [
            SearchBrowseList(
                id: "albums", title: "Albums",
                links: albums.map { ($0.title, $0.urlPath, countLabel($0)) }),
            SearchBrowseList(
                id: "tags", title: "Tags",
                links: tags.tags.map { ($0.name, $0.urlPath, DisplayFormat.count($0.photos.count, "photo")) }),
            SearchBrowseList(
                id: "places", title: "Places",
                links: places.places.map {
                    ($0.name.display, $0.urlPath, DisplayFormat.count($0.photos.count, "photo"))
                }),
        ].filter { !$0.links.isEmpty }
    }
}
