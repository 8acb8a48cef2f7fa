/// Which maps a site has and what each marks: the site's (`places/`: every place with a
/// point, sized by its photos), and each listed public album's that asks for one (`map:`, or
/// site.yml's `maps:`): the places of its own photos, sized by how many of them were taken
/// there. Private and unlisted albums have none (a private album's places are its own words).
struct SiteMapDrawing {
    var drawer: MapDrawer
    var places: PlaceIndex
    var links: LinkBuilder

    func draw(_ site: Site) -> SiteMaps {
        var maps = SiteMaps()
        maps.site = drawer.svg(
            markers: places.places.compactMap { place in
                place.point.map {
                    MapMarker(
                        point: $0, title: place.name.display, count: place.photos.count,
                        href: links.href(place.urlPath))
                }
            },
            label: "Map of every place of the site", id: "gk-map-site")
        for album in site.root.listedPublicAlbums
        where !album.urlPath.isEmpty && (album.map ?? site.config.maps) {
            let markers = places.counts(of: album.photos).compactMap { name, count -> MapMarker? in
                guard let place = places.place(named: name), let point = place.point else { return nil }
                return MapMarker(
                    point: point, title: name.display, count: count, href: links.href(place.urlPath))
            }
            if let svg = drawer.svg(
                markers: markers, label: "Map of the places of \(album.title)", id: "gk-map")
            {
                maps.albums[album.sourcePath] = svg
            }
        }
        return maps
    }
}
