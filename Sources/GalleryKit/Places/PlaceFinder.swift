/// Names a GPS position at the site's `places:` level, from the ``Gazetteer``: the nearest
/// populated place, its region and its country.
///
/// Which town: of the towns within ``cityKilometres``, the one whose reach (growing with its
/// population, ``Gazetteer``) the position is most inside: the Eiffel Tower is in Paris, not in
/// Neuilly, whose point is nearer. How far a name reaches: a town names positions within
/// ``cityKilometres`` of it; farther out
/// (a mountain hut, a boat off the coast) the position is named by the region of its nearest
/// place within ``regionKilometres``, then by its country within ``countryKilometres``;
/// beyond that (the open sea, the poles) it has no place. Near a border the nearest town may
/// be across it: places are towns, not boundaries.
struct PlaceFinder: Sendable {
    static let cityKilometres = 25.0
    static let regionKilometres = 75.0
    static let countryKilometres = 150.0

    var gazetteer: Gazetteer
    var level: PlaceLevel
    /// Circles whose positions get no place (`privacy.hide_places_within`).
    var exclusions: [PlaceExclusion] = []

    /// The name of the position at `level`, nil when it is in an excluded circle or far from
    /// every place.
    func place(latitude: Double, longitude: Double) -> PlaceName? {
        locate(latitude: latitude, longitude: longitude)?.name
    }

    /// The name of the position at `level` and where a map marks that place: the town, the
    /// middle of the region's towns, or of the country's.
    func locate(latitude: Double, longitude: Double) -> (name: PlaceName, point: MapPoint)? {
        for circle in exclusions
        where Gazetteer.kilometres(latitude, longitude, circle.latitude, circle.longitude)
            <= circle.kilometres
        {
            return nil
        }
        // Within a town's distance, the town whose reach the position is most inside; farther
        // out, the nearest, for its region or country.
        guard
            let match = gazetteer.nearest(
                latitude: latitude, longitude: longitude, within: Self.cityKilometres, byReach: true)
                ?? gazetteer.nearest(latitude: latitude, longitude: longitude, within: Self.countryKilometres)
        else { return nil }
        if level == .city, match.kilometres <= Self.cityKilometres {
            return (PlaceName(locality: match.name, region: match.region, country: match.country), match.town)
        }
        if level != .country, match.kilometres <= Self.regionKilometres, !match.region.isEmpty {
            return (PlaceName(region: match.region, country: match.country), match.regionCentre)
        }
        return (PlaceName(country: match.country), match.countryCentre)
    }
}
