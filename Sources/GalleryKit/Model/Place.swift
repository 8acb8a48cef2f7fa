import Foundation

/// How precisely a photo's GPS position is named (site.yml's `places:`; `off`, the default, is
/// nil): the town, its first-level region, or the country.
enum PlaceLevel: String, Sendable, Hashable, CaseIterable {
    case city, region, country
}

/// A circle whose photos get no place (`privacy.hide_places_within: [{lat, lon, km}]`): home,
/// a friend's house.
struct PlaceExclusion: Sendable, Hashable {
    var latitude: Double
    var longitude: Double
    var kilometres: Double
}

/// What a photo's sidecar says of its place: `place: Aiguille du Midi` names it, `place: false`
/// gives it none.
enum PlaceOverride: Sendable, Hashable {
    case named(String)
    case hidden
}

/// Where a photo was taken, in words; never a coordinate.
///
/// `locality` is the town (or the sidecar's name), `region` the first-level division, `country`
/// the country; any may be missing (a region-level name has no locality, a sidecar's
/// one-word name no country). The place page is `places/<country>/<name>/`.
struct PlaceName: Sendable, Hashable {
    var locality: String?
    var region: String?
    var country: String?

    init(locality: String? = nil, region: String? = nil, country: String? = nil) {
        self.locality = locality.flatMap { $0.isEmpty ? nil : $0 }
        self.region = region.flatMap { $0.isEmpty ? nil : $0 }
        self.country = country.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// `Chamonix-Mont-Blanc, Auvergne-Rhône-Alpes, France`; a region named like its town
    /// (Hamburg, Hamburg) is said once.
    var display: String {
        var parts: [String] = []
        if let locality { parts.append(locality) }
        if let region, region != locality { parts.append(region) }
        if let country, country != parts.last { parts.append(country) }
        return parts.joined(separator: ", ")
    }

    /// The words that name the place within its country: the town, else the region.
    var shortName: String { locality ?? region ?? country ?? "" }
}

/// A place of the site and the photos taken there (`places/<country>/<place>/`).
struct SitePlace: Sendable, Hashable {
    var name: PlaceName
    /// `france/chamonix-mont-blanc`: unique among the site's places.
    var slugPath: String
    /// The photos of listed, public albums taken there, in site order.
    var photos: [PhotoSource]
    /// Where a map marks it; nil for a sidecar's name on photos without a position.
    var point: MapPoint?

    /// `places/france/chamonix-mont-blanc/`.
    var urlPath: String { PlaceIndex.urlPath + slugPath + "/" }

    /// The place drawn as an album, so that its page is an album page (justified rows and the
    /// theme's album template). Its source path starts with a dot, which no content folder can
    /// have, so it never collides with a real album.
    var album: Album {
        Album(sourcePath: ".places/" + slugPath, urlPath: urlPath, title: name.display, photos: photos)
    }
}

/// Every place of the site's photos; empty when `places:` is off or no photo has one.
///
/// `placeOfPhoto` names every photo that has a place, a private or unlisted album's too (its
/// own page says where it was taken); `places` holds only what public, listed albums show, so
/// that no place page lists a private photo.
struct PlaceIndex: Sendable, Hashable {
    /// Where the list of places is published.
    static let urlPath = "places/"

    /// Sorted by country, then name.
    var places: [SitePlace] = []
    /// Each photo's place, by source path.
    var placeOfPhoto: [String: PlaceName] = [:]
    /// Some photo's place was named from GeoNames' data (not only by sidecars): the site then
    /// credits GeoNames, as its licence asks.
    var namedByGeoNames = false

    /// Where each name's page is in `places`.
    private var pageOfName: [PlaceName: Int] = [:]

    init(places: [SitePlace] = [], placeOfPhoto: [String: PlaceName] = [:], namedByGeoNames: Bool = false) {
        self.places = places
        self.placeOfPhoto = placeOfPhoto
        self.namedByGeoNames = namedByGeoNames
        for (index, place) in places.enumerated() { pageOfName[place.name] = index }
    }

    /// True when no photo has a place.
    var isEmpty: Bool { placeOfPhoto.isEmpty }

    /// The places of `photos`, each with how many of them were taken there: most photos
    /// first, then in the order first met.
    func counts(of photos: [PhotoSource]) -> [(name: PlaceName, count: Int)] {
        var counts: [PlaceName: Int] = [:]
        var order: [PlaceName] = []
        for photo in photos {
            guard let name = placeOfPhoto[photo.sourcePath] else { continue }
            if counts[name] == nil { order.append(name) }
            counts[name, default: 0] += 1
        }
        return order.enumerated()
            .sorted { a, b in (counts[a.element] ?? 0, b.offset) > (counts[b.element] ?? 0, a.offset) }
            .map { ($0.element, counts[$0.element] ?? 0) }
    }

    /// The page that lists every place, drawn as an album.
    static var rootAlbum: Album { Album(sourcePath: ".places", urlPath: urlPath, title: "Places") }

    /// The place page of `name`, when it has one.
    func place(named name: PlaceName) -> SitePlace? {
        pageOfName[name].map { places[$0] }
    }
}

/// A point on the Earth, in degrees: where a map marks a place (a town of the gazetteer, or the
/// middle of a region's or a country's towns), never a photo's own position.
struct MapPoint: Sendable, Hashable {
    var latitude: Double
    var longitude: Double

    /// The middle of points on the sphere (the mean of their unit vectors), so that points on
    /// both sides of the antimeridian meet there and not at Greenwich.
    struct Mean: Sendable {
        private var x = 0.0
        private var y = 0.0
        private var z = 0.0

        init() {}

        mutating func add(_ point: MapPoint) {
            let (phi, lambda) = (point.latitude * Double.pi / 180, point.longitude * Double.pi / 180)
            x += cos(phi) * cos(lambda)
            y += cos(phi) * sin(lambda)
            z += sin(phi)
        }

        /// The mean point; (0, 0) for none.
        var point: MapPoint {
            let horizontal = (x * x + y * y).squareRoot()
            return MapPoint(
                latitude: atan2(z, horizontal) * 180 / Double.pi, longitude: atan2(y, x) * 180 / Double.pi)
        }
    }
}

/// The maps drawn for this build, as inline SVG: each album's that shows one (by source path)
/// and the site's, on `places/`.
struct SiteMaps: Sendable, Hashable {
    var albums: [String: String] = [:]
    var site: String?

    init(albums: [String: String] = [:], site: String? = nil) {
        self.albums = albums
        self.site = site
    }
}
