import Foundation
import Testing

@testable import GalleryKit

/// Positions named from the committed gazetteer (`Geodata/places.bin`) at each level: a
/// mountain town, a quarter of a capital, the sea off a coast and the open ocean, both sides of
/// a border, across the antimeridian, the poles; and the circles of `hide_places_within`.
@Suite struct PlaceFinderTests {
    static let gazetteer: Gazetteer = {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
                "Geodata/places.bin")
        guard let data = FileManager.default.contents(atPath: file.path),
            let gazetteer = try? Gazetteer(bytes: [UInt8](data))
        else { fatalError("cannot read \(file.path)") }
        return gazetteer
    }()

    static func name(
        _ latitude: Double, _ longitude: Double, _ level: PlaceLevel, hiding: [PlaceExclusion] = []
    )
        -> String?
    {
        PlaceFinder(gazetteer: gazetteer, level: level, exclusions: hiding)
            .place(latitude: latitude, longitude: longitude)?.display
    }

    @Test func theGazetteerHoldsTheWorldsTowns() {
        #expect(Self.gazetteer.count > 150_000)
    }

    @Test func aMountainTownAtEachLevel() {
        // The Aiguille du Midi, 5 km above Chamonix.
        #expect(Self.name(45.8786, 6.8874, .city) == "Chamonix-Mont-Blanc, Auvergne-Rhône-Alpes, France")
        #expect(Self.name(45.8786, 6.8874, .region) == "Auvergne-Rhône-Alpes, France")
        #expect(Self.name(45.8786, 6.8874, .country) == "France")
    }

    @Test func aQuarterOfACapitalIsTheCapital() {
        // GeoNames lists "Paris 11e Arrondissement" and "Roquette" as places of their own.
        #expect(Self.name(48.8590, 2.3800, .city) == "Paris, Île-de-France, France")
        // The Eiffel Tower: 3.5 km from Neuilly's point, 4 km from Paris's, inside Paris.
        #expect(Self.name(48.858222, 2.2945, .city) == "Paris, Île-de-France, France")
        // Neuilly's own centre stays Neuilly.
        #expect(Self.name(48.8846, 2.2697, .city) == "Neuilly-sur-Seine, Île-de-France, France")
        // Hamburg is a city and a state: said once.
        #expect(Self.name(53.5760, 10.0450, .city) == "Hamburg, Germany")
    }

    @Test func theSeaOffACoastIsTheNearestTownAndTheOpenOceanNothing() {
        // 10 km off Cap Ferrat, 12 km off Nice: the city's reach wins over the village's.
        #expect(Self.name(43.60, 7.30, .city) == "Nice, Provence-Alpes-Côte d'Azur, France")
        // 50 km out: no town is that near, the region still is.
        #expect(Self.name(43.30, 7.60, .city) == "Provence-Alpes-Côte d'Azur, France")
        // 300 km off Galicia.
        #expect(Self.name(45.0, -12.0, .city) == nil)
        #expect(Self.name(45.0, -12.0, .country) == nil)
    }

    @Test func bothSidesOfABorder() {
        #expect(Self.name(46.2044, 6.1432, .city) == "Genève, Geneva, Switzerland")
        #expect(Self.name(46.1934, 6.2342, .city) == "Annemasse, Auvergne-Rhône-Alpes, France")
        #expect(Self.name(46.1934, 6.2342, .country) == "France")
    }

    @Test func acrossTheAntimeridian() {
        // West of 180° in Chukotka; the nearest town, Egvekinot, is east of it (-179.12).
        #expect(Self.name(66.30, 179.80, .city) == "Chukotka, Russia")
        #expect(Self.name(66.33, -179.40, .city) == "Egvekinot, Chukotka, Russia")
        #expect(Self.name(66.30, 179.80 - 360, .region) == "Chukotka, Russia")
        #expect(Self.name(66.30, 179.80 + 360, .region) == "Chukotka, Russia")
    }

    @Test func thePolesAndTheHighArctic() {
        #expect(Self.name(90, 0, .country) == nil)
        #expect(Self.name(-90, 0, .country) == nil)
        #expect(Self.name(89.99, 135, .city) == nil)
        #expect(Self.name(78.2, 15.6, .city) == "Longyearbyen, Svalbard, Svalbard and Jan Mayen")
    }

    @Test func nonsensePositionsHaveNoPlace() {
        #expect(Self.name(.nan, 0, .city) == nil)
        #expect(Self.name(91, 0, .city) == nil)
        #expect(Self.name(0, .infinity, .city) == nil)
    }

    @Test func hiddenCirclesGiveNoPlace() {
        let home = [PlaceExclusion(latitude: 45.9237, longitude: 6.8694, kilometres: 2)]
        #expect(Self.name(45.9240, 6.8700, .city, hiding: home) == nil)
        #expect(Self.name(45.9240, 6.8700, .country, hiding: home) == nil)
        // 5 km away is outside the circle.
        #expect(Self.name(45.8786, 6.8874, .city, hiding: home) != nil)
    }

    @Test func aDamagedGazetteerIsRefused() throws {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
                "Geodata/places.bin")
        let bytes = [UInt8](try #require(FileManager.default.contents(atPath: file.path)))
        #expect(throws: Gazetteer.Damaged.self) { try Gazetteer(bytes: Array(bytes.dropLast(3))) }
        #expect(throws: Gazetteer.Damaged.self) { try Gazetteer(bytes: Array(bytes.prefix(5_000))) }
        #expect(throws: Gazetteer.Damaged.self) { try Gazetteer(bytes: Array("GKPL".utf8) + [2, 0, 0, 0]) }
        #expect(throws: Gazetteer.Damaged.self) { try Gazetteer(bytes: []) }
    }
}
