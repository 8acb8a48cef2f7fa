extension ContextBuilder {
    /// The list of places (`places/`): `placeList` (`title`, `count`), `countries`, each with
    /// `name`, `href` (its own page, or false), `places` (`name`, `href`, `count`), and
    /// `hasPlaces`; the places of no country last, as "Other places".
    func placesPage() -> PageRender {
        let root = PlaceIndex.rootAlbum
        var context = chrome(urlPath: root.urlPath, title: root.title, trail: [(site.config.title, "")])
        var countries: [(name: String, href: TemplateValue, places: [TemplateValue])] = []
        // Places of no country (a sidecar's one-word name, no GPS) go last, together.
        let ordered =
            places.places.filter { $0.name.country != nil } + places.places.filter { $0.name.country == nil }
        for place in ordered {
            let country = place.name.country ?? "Other places"
            if countries.last?.name != country { countries.append((country, .bool(false), [])) }
            let link = TemplateValue.string(links.href(place.urlPath))
            if place.name.locality == nil, place.name.region == nil {
                countries[countries.count - 1].href = link
            } else {
                countries[countries.count - 1].places.append(
                    .dictionary([
                        "name": .string(place.name.shortName), "href": link,
                        "count": .string(DisplayFormat.count(place.photos.count, "photo")),
                    ]))
            }
        }
        context["placeList"] = .dictionary([
            "title": .string(root.title),
            "count": .string(DisplayFormat.count(places.places.count, "place")),
        ])
        context["countries"] = .array(
            countries.map { country in
                .dictionary([
                    "name": .string(country.name), "href": country.href, "places": .array(country.places),
                    "hasPlaces": .bool(!country.places.isEmpty),
                ])
            })
        context["hasPlaces"] = .bool(!countries.isEmpty)
        if let map = maps.site { context["map"] = .string(map) }
        return finish(context, styles: PageStyles(), album: nil)
    }

    /// Where the photo was taken (`name`, `href`), for its page; nil when it has no place. A
    /// private album's photo's place is words without a link: no place page lists its photos,
    /// and the words are sealed with its page.
    func placeLink(of photo: ProcessedPhoto, in album: Album) -> TemplateValue? {
        guard let name = places.placeOfPhoto[photo.source.sourcePath] else { return nil }
        // `href` false, not absent: a missing key would be looked up in the page's context.
        let page = album.isPublic && !album.unlisted ? places.place(named: name) : nil
        return .dictionary([
            "name": .string(name.display),
            "href": page.map { .string(links.href($0.urlPath)) } ?? .bool(false),
        ])
    }

    /// The places of the album's photos (`name`, `href`, `separator`), most photos first; none
    /// for a tag's or a place's page.
    func placeLinks(of album: Album) -> [TemplateValue] {
        guard !album.sourcePath.hasPrefix("."), !places.isEmpty else { return [] }
        let sorted = places.counts(of: shownPhotos(album).map(\.source)).map(\.name)
        let linked = album.isPublic && !album.unlisted
        return sorted.enumerated().map { index, name in
            let page = linked ? places.place(named: name) : nil
            return .dictionary([
                "name": .string(name.shortName),
                "href": page.map { .string(links.href($0.urlPath)) } ?? .bool(false),
                "separator": .string(index + 1 < sorted.count ? ", " : ""),
            ])
        }
    }
}
