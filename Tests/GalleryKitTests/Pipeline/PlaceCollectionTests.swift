import Foundation
import Testing

@testable import GalleryKit

/// How photos get their places and place pages: GPS positions named by the gazetteer,
/// sidecars that name or hide, private and unlisted albums on no place page, colliding slugs,
/// a content folder already at places/.
@Suite struct PlaceCollectionTests {
    typealias Photos = TagCollectionTests

    static let finder = PlaceFinder(gazetteer: PlaceFinderTests.gazetteer, level: .city)
    static let chamonix = (45.9237, 6.8694)
    static let paris = (48.8590, 2.3800)

    static func photo(_ name: String, in album: String = "a", place: PlaceOverride? = nil) -> PhotoSource {
        var source = Photos.photo(name, in: album, tags: [])
        source.tags = nil
        source.place = place
        return source
    }

    static func at(_ photo: PhotoSource, _ position: (Double, Double)) -> GPSCoordinate {
        GPSCoordinate(latitude: position.0, longitude: position.1, source: photo.sourcePath)
    }

    static func collect(
        _ albums: [Album], coordinates: [GPSCoordinate], finder: PlaceFinder? = finder,
        diagnostics: DiagnosticCollector = DiagnosticCollector()
    ) -> PlaceIndex {
        let photos = albums.flatMap(\.photos)
        return PlaceCollection.collect(
            Photos.site(albums), derivatives: Photos.derivatives(photos), coordinates: coordinates,
            finder: finder,
            diagnostics: diagnostics)
    }

    @Test func positionsBecomePlacePagesByCountry() {
        let photos = [Self.photo("one"), Self.photo("two"), Self.photo("three")]
        let album = Album(sourcePath: "a", urlPath: "a/", title: "A", photos: photos)
        let index = Self.collect(
            [album],
            coordinates: [
                Self.at(photos[0], Self.chamonix), Self.at(photos[1], Self.paris),
                Self.at(photos[2], Self.chamonix),
            ])
        #expect(
            index.places.map(\.urlPath) == ["places/france/chamonix-mont-blanc/", "places/france/paris/"])
        #expect(index.places.first?.photos.map(\.slug) == ["one", "three"])
        #expect(index.placeOfPhoto["a/two.jpg"]?.display == "Paris, Île-de-France, France")
        #expect(index.namedByGeoNames)
    }

    @Test func sidecarsNameOrHide() {
        let photos = [
            Self.photo("named", place: .named("Aiguille du Midi")),
            Self.photo("country", place: .named("Zermatt, Valais, Switzerland")),
            Self.photo("hidden", place: .hidden),
            Self.photo("nowhere", place: .named("Home")),
        ]
        let album = Album(sourcePath: "a", urlPath: "a/", title: "A", photos: photos)
        let index = Self.collect(
            [album], coordinates: [Self.at(photos[0], Self.chamonix), Self.at(photos[2], Self.paris)])
        #expect(
            index.placeOfPhoto["a/named.jpg"] == PlaceName(locality: "Aiguille du Midi", country: "France"))
        #expect(
            index.placeOfPhoto["a/country.jpg"]
                == PlaceName(locality: "Zermatt, Valais", country: "Switzerland"))
        #expect(index.placeOfPhoto["a/hidden.jpg"] == nil)
        #expect(
            Set(index.places.map(\.urlPath)) == [
                "places/france/aiguille-du-midi/", "places/switzerland/zermatt-valais/", "places/home/",
            ])
        // The country came from GeoNames: the site credits it.
        #expect(index.namedByGeoNames)
        let sidecarsOnly = Self.collect([album], coordinates: [], finder: nil)
        #expect(!sidecarsOnly.namedByGeoNames)
        #expect(sidecarsOnly.placeOfPhoto["a/named.jpg"] == PlaceName(locality: "Aiguille du Midi"))
    }

    @Test func privateAndUnlistedAlbumsAreOnNoPlacePageButKeepTheirPlaces() {
        let open = [Self.photo("one")]
        let secret = [Self.photo("two", in: "b")]
        let hidden = [Self.photo("three", in: "c")]
        var locked = Album(sourcePath: "b", urlPath: "b/", title: "B", photos: secret)
        locked.protection = AlbumProtection(root: "b", password: "pw")
        var unlisted = Album(sourcePath: "c", urlPath: "c/", title: "C", photos: hidden)
        unlisted.unlisted = true
        let index = Self.collect(
            [Album(sourcePath: "a", urlPath: "a/", title: "A", photos: open), locked, unlisted],
            coordinates: [
                Self.at(open[0], Self.chamonix), Self.at(secret[0], Self.paris),
                Self.at(hidden[0], Self.paris),
            ])
        #expect(index.places.map(\.urlPath) == ["places/france/chamonix-mont-blanc/"])
        #expect(index.places.flatMap(\.photos).map(\.slug) == ["one"])
        #expect(index.placeOfPhoto["b/two.jpg"]?.locality == "Paris")
        #expect(index.placeOfPhoto["c/three.jpg"]?.locality == "Paris")
    }

    @Test func collidingNamesGetTheirRegionThenANumber() {
        let photos = [
            Self.photo("one", place: .named("Springfield, United States")),
            Self.photo("two", place: .named("Spring field, United States")),
            Self.photo("three", place: .named("Springfield!, United States")),
        ]
        let index = Self.collect(
            [Album(sourcePath: "a", urlPath: "a/", title: "A", photos: photos)], coordinates: [], finder: nil)
        #expect(
            index.places.map(\.slugPath) == [
                "united-states/spring-field", "united-states/springfield", "united-states/springfield-2",
            ])
    }

    @Test func aContentFolderAtPlacesKeepsItsURL() {
        let photos = [Self.photo("one", in: "places")]
        let diagnostics = DiagnosticCollector()
        let index = Self.collect(
            [Album(sourcePath: "places", urlPath: "places/", title: "Places", photos: photos)],
            coordinates: [Self.at(photos[0], Self.chamonix)], diagnostics: diagnostics)
        #expect(index.places.isEmpty)
        #expect(index.placeOfPhoto["places/one.jpg"] != nil)
        #expect(
            diagnostics.diagnostics.contains { $0.severity == .warning && $0.message.contains("/places/") })
    }
}
