/// Names where each photo was taken (``PlaceIndex``): its sidecar's `place:`, else the place
/// its GPS position falls in at the site's `places:` level (``PlaceFinder``), and gathers the
/// photos of listed, public albums into place pages (`places/<country>/<place>/`).
///
/// Every photo's place is kept, a private album's too: its own page, sealed with the album,
/// says where it was taken; only the place pages leave such photos out. A sidecar's name
/// `Zermatt, Switzerland` is the place `Zermatt` in the country `Switzerland`; a name without
/// a comma stands in the country its GPS position is in, if it has one.
///
/// Place names whose slugs collide (two Springfields of one country) get the region's slug
/// after theirs, then a number. A content folder or page already at `places/` keeps that URL:
/// no place pages, and a warning.
enum PlaceCollection {
    static func collect(
        _ site: Site, derivatives: [String: PhotoDerivatives], coordinates: [GPSCoordinate],
        finder: PlaceFinder?,
        diagnostics: DiagnosticCollector
    ) -> PlaceIndex {
        var positions: [String: GPSCoordinate] = [:]
        for coordinate in coordinates where positions[coordinate.source] == nil {
            positions[coordinate.source] = coordinate
        }
        var placeOfPhoto: [String: PlaceName] = [:]
        var namedByGeoNames = false
        var points: [PlaceName: MapPoint] = [:]
        var photosOfPlace: [PlaceName: [PhotoSource]] = [:]
        for album in site.root.allAlbums {
            for photo in album.photos {
                // Most photos of most sites have neither: no look-up of their derivatives.
                let position = positions.isEmpty ? nil : positions[photo.sourcePath]
                guard position != nil || photo.place != nil else { continue }
                guard let made = derivatives[photo.sourcePath], !made.renditions.isEmpty else { continue }
                let located = position.flatMap {
                    finder?.locate(latitude: $0.latitude, longitude: $0.longitude)
                }
                let found = located?.name
                let place: PlaceName?
                switch photo.place {
                case .hidden?: place = nil
                case .named(let text)?: place = named(text, country: found?.country)
                case nil: place = found
                }
                guard let place else { continue }
                if let found, place.country == found.country { namedByGeoNames = true }
                // A sidecar's name is marked at the town its position is named after.
                if let located, points[place] == nil { points[place] = located.point }
                placeOfPhoto[photo.sourcePath] = place
                if !album.unlisted, album.isPublic { photosOfPlace[place, default: []].append(photo) }
            }
        }
        guard !photosOfPlace.isEmpty else {
            return PlaceIndex(placeOfPhoto: placeOfPhoto, namedByGeoNames: namedByGeoNames)
        }
        let taken = site.contentPath(under: PlaceIndex.urlPath)
        if let taken {
            diagnostics.emit(
                .warning, SourceLocation(file: site.config.sourcePath ?? "."),
                "photos have places, but /\(taken) is already a page or album of the site, so no place "
                    + "pages are written (rename it, or set `places: off` in site.yml)")
            return PlaceIndex(placeOfPhoto: placeOfPhoto, namedByGeoNames: namedByGeoNames)
        }
        let names = photosOfPlace.keys.sorted(by: order)
        var used: Set<String> = []
        var places: [SitePlace] = []
        for name in names {
            let path = slugPath(of: name, avoiding: used)
            used.insert(path)
            places.append(
                SitePlace(name: name, slugPath: path, photos: photosOfPlace[name] ?? [], point: points[name]))
        }
        return PlaceIndex(places: places, placeOfPhoto: placeOfPhoto, namedByGeoNames: namedByGeoNames)
    }

    /// A sidecar's `place:`: the last of two or more comma-separated parts is the country.
    static func named(_ text: String, country found: String?) -> PlaceName {
        let parts = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter {
            !$0.isEmpty
        }
        guard parts.count >= 2, let country = parts.last else {
            return PlaceName(locality: text, country: found)
        }
        return PlaceName(locality: parts.dropLast().joined(separator: ", "), country: country)
    }

    /// Countries in name order, then places in name order, each country's own page first.
    private static func order(_ a: PlaceName, _ b: PlaceName) -> Bool {
        let keys = { (name: PlaceName) in
            [
                name.country ?? name.shortName,
                name.locality == nil && name.region == nil ? "" : name.shortName, name.display,
            ]
            .map { $0.lowercased() }
        }
        for (x, y) in zip(keys(a), keys(b)) where x != y {
            return NaturalOrder.less(x, y) || (!NaturalOrder.less(y, x) && x < y)
        }
        return false
    }

    /// `france/chamonix-mont-blanc`, `france` for a country, `aiguille-du-midi` for a name of no
    /// country; unique among `used`.
    private static func slugPath(of name: PlaceName, avoiding used: Set<String>) -> String {
        let country = name.country.map(slug)
        let own = name.locality ?? name.region
        let base = [country, own.map(slug)].compactMap { $0 }.joined(separator: "/")
        var candidates = [base]
        if let region = name.region, name.locality != nil { candidates.append(base + "-" + slug(region)) }
        for candidate in candidates where !used.contains(candidate) { return candidate }
        var number = 2
        while used.contains(base + "-\(number)") { number += 1 }
        return base + "-\(number)"
    }

    /// The URL name of a place name; one with nothing URL-safe in it (`東京`) gets `place-` and
    /// 8 hex digits of its SHA-256.
    static func slug(_ name: String) -> String {
        let slug = Slug.make(from: name)
        return slug.isEmpty ? "place-" + SHA256.hex(name).prefix(8) : slug
    }
}
