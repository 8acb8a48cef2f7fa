extension ContextBuilder {
    /// The search page (`search/`): `searchPage` (`title`, `index`: where its index files are,
    /// `root`: the site root the index's paths are relative to), `albums` (the listed public
    /// albums, depth first), `tags` and `places` (each `name`, `href`, `count`: what the page
    /// lists for browsing, and all it offers without JavaScript), `hasAlbums`, `hasTags`,
    /// `hasPlaces`; `assets.searchJS` is set.
    func searchPage() -> PageRender {
        let root = SearchIndex.rootAlbum
        var context = chrome(
            urlPath: root.urlPath, title: root.title, trail: [(site.config.title, "")], searching: true)
        context["searchPage"] = .dictionary([
            "title": .string(root.title), "index": .string(links.href(SearchIndex.urlPath)),
            "root": .string(links.href("")),
        ])
        let albumLinks: [TemplateValue] = searchAlbums.map { album in
            .dictionary([
                "name": .string(album.title), "href": .string(links.href(album.urlPath)),
                "count": .string(countLabel(album)),
            ])
        }
        context["albums"] = .array(albumLinks)
        context["hasAlbums"] = .bool(!albumLinks.isEmpty)
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

    /// The albums the search page lists: the listed public ones, depth first (not below an
    /// unlisted or protected one), the home page's left out.
    var searchAlbums: [Album] {
        var albums: [Album] = []
        func list(_ album: Album) {
            guard !album.unlisted, album.isPublic else { return }
            if !album.urlPath.isEmpty { albums.append(album) }
            album.albums.forEach(list)
        }
        list(site.root)
        return albums
    }
}
