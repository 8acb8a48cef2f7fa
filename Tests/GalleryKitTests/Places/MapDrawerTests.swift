import Foundation
import Testing

@testable import GalleryKit

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Maps drawn from the committed outlines (`Geodata/map.bin`): valid SVG, markers on their
/// places' projected positions, framed on them (across the antimeridian too), small enough
/// for a phone, and nothing outside the frame.
@Suite struct MapDrawerTests {
    static let atlas: MapAtlas = {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Geodata/map.bin")
        guard let data = FileManager.default.contents(atPath: file.path),
            let atlas = try? MapAtlas(bytes: [UInt8](data))
        else { fatalError("cannot read \(file.path)") }
        return atlas
    }()

    static let paris = MapPoint(latitude: 48.8534, longitude: 2.3488)
    static let chamonix = MapPoint(latitude: 45.9237, longitude: 6.8694)

    /// Every element of the SVG with its attributes, read by an XML parser (which fails on
    /// anything that is not well-formed).
    final class Elements: NSObject, XMLParserDelegate {
        var found: [(name: String, attributes: [String: String])] = []
        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String]
        ) {
            found.append((name, attributes))
        }
    }

    static func parse(_ svg: String) throws -> [(name: String, attributes: [String: String])] {
        let parser = XMLParser(data: Data(svg.utf8))
        let elements = Elements()
        parser.delegate = elements
        #expect(parser.parse(), "not well-formed: \(String(describing: parser.parserError))")
        return elements.found
    }

    static func gzipped(_ text: String) throws -> Int {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/gzip")
        process.arguments = ["-9", "-c"]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data(text.utf8))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return data.count
    }

    @Test func markersSitOnTheirPlacesProjectedPositions() throws {
        let markers = [
            MapMarker(point: Self.paris, title: "Paris", count: 3, href: "/places/france/paris/"),
            MapMarker(point: Self.chamonix, title: "Chamonix & co", count: 1, href: nil),
        ]
        let svg = try #require(MapDrawer(atlas: Self.atlas).svg(markers: markers, label: "Map", id: "m"))
        let elements = try Self.parse(svg)
        #expect(elements.first?.name == "svg")
        #expect(elements.first?.attributes["viewBox"] == "0 0 800 500")
        let frame = MapFrame(points: markers.map(\.point))
        let circles = elements.filter { $0.name == "circle" }
        #expect(circles.count == 2)
        for (marker, circle) in zip(markers, circles) {
            let (x, y) = frame.project(marker.point)
            #expect(abs((Double(circle.attributes["cx"] ?? "") ?? -1) - x) < 0.06)
            #expect(abs((Double(circle.attributes["cy"] ?? "") ?? -1) - y) < 0.06)
            #expect((0...800).contains(x) && (0...500).contains(y))
        }
        // The larger place is drawn first (below), each with its title; only Paris links.
        #expect(elements.filter { $0.name == "a" }.map { $0.attributes["href"] } == ["/places/france/paris/"])
        #expect(svg.contains("<title>Chamonix &amp; co, 1 photo</title>"))
        #expect(svg.contains("<title>Paris, 3 photos</title>"))
        #expect(elements.contains { $0.attributes["class"] == "gk-map-land" })
        #expect(elements.contains { $0.attributes["class"] == "gk-map-countries" })
        #expect(!svg.contains("style="))
    }

    @Test func oneTownIsFramedOnItsValleyAndTheWorldOnOneMap() throws {
        let one = MapFrame(points: [Self.chamonix])
        #expect(abs((one.north - one.south) - MapFrame.minimumSpan) < 1e-9)
        let world = MapFrame(points: [
            Self.paris, MapPoint(latitude: -33.87, longitude: 151.21),
            MapPoint(latitude: 40.71, longitude: -74.0),
        ])
        #expect(world.east - world.west <= 360.0001)
        let svg = try #require(
            MapDrawer(atlas: Self.atlas).svg(
                markers: [
                    MapMarker(point: Self.paris, title: "Paris", count: 1, href: "/p/"),
                    MapMarker(
                        point: MapPoint(latitude: -33.87, longitude: 151.21), title: "Sydney", count: 1,
                        href: "/s/"),
                    MapMarker(
                        point: MapPoint(latitude: 40.71, longitude: -74.0), title: "New York", count: 1,
                        href: "/n/"),
                ], label: "World", id: "w"))
        let size = try Self.gzipped(svg)
        #expect(size < 60_000, "the world map is \(size) bytes gzipped")
        _ = try Self.parse(svg)
    }

    @Test func placesAcrossTheAntimeridianSitSideBySide() {
        // Fiji's Labasa (179.36) and Samoa's Apia (-171.77): 9 degrees apart, not 351.
        let frame = MapFrame(points: [
            MapPoint(latitude: -16.43, longitude: 179.36), MapPoint(latitude: -13.83, longitude: -171.77),
        ])
        #expect(frame.east - frame.west < 40)
        for point in [
            MapPoint(latitude: -16.43, longitude: 179.36), MapPoint(latitude: -13.83, longitude: -171.77),
        ] {
            let (x, y) = frame.project(point)
            #expect((0...800).contains(x) && (0...500).contains(y))
        }
        let svg = MapDrawer(atlas: Self.atlas).svg(
            markers: [
                MapMarker(point: MapPoint(latitude: -16.43, longitude: 179.36), title: "Labasa", count: 1)
            ],
            label: "Fiji", id: "f")
        // Fiji's islands on both sides of 180 are both drawn: land on the map's left and right.
        #expect(svg?.contains("gk-map-land") == true)
    }

    @Test func clippingKeepsOnlyWhatIsInTheBox() {
        let box = (minX: 0.0, minY: 0.0, maxX: 10.0, maxY: 10.0)
        #expect(
            MapDrawer.clipRing([(20, 20), (30, 20), (30, 30)], to: box).allSatisfy { $0.0 >= 0 && $0.0 <= 10 }
        )
        let square = MapDrawer.clipRing([(-5, -5), (15, -5), (15, 15), (-5, 15)], to: box)
        #expect(Set(square.map { "\($0.0),\($0.1)" }) == ["0.0,0.0", "10.0,0.0", "10.0,10.0", "0.0,10.0"])
        let pieces = MapDrawer.clipLine([(-5, 5), (5, 5), (5, 20), (8, 20), (8, 5)], to: box)
        #expect(pieces.count == 2)
        #expect(pieces.first?.first?.0 == 0)
    }

    @Test func noMarkersNoMap() {
        #expect(MapDrawer(atlas: Self.atlas).svg(markers: [], label: "x", id: "x") == nil)
    }

    @Test func aDamagedMapIsRefused() throws {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Geodata/map.bin")
        let bytes = [UInt8](try #require(FileManager.default.contents(atPath: file.path)))
        #expect(throws: MapAtlas.Damaged.self) { try MapAtlas(bytes: Array(bytes.dropLast(7))) }
        #expect(throws: MapAtlas.Damaged.self) { try MapAtlas(bytes: Array(bytes.prefix(100))) }
        #expect(throws: MapAtlas.Damaged.self) { try MapAtlas(bytes: Array("GKMP".utf8) + [2, 0, 0, 0, 1]) }
    }
}

extension MapDrawerTests {
    /// Frames full of coast and boundaries stay within a phone's budget.
    @Test(arguments: [
        ("Europe", [(38.72, -9.14), (60.17, 24.94), (37.98, 23.73)]),
        ("the Aegean", [(37.98, 23.73), (36.43, 28.22), (39.64, 22.42)]),
        ("Norway's coast", [(69.65, 18.96), (60.39, 5.32)]),
        ("Indonesia", [(-6.2, 106.8), (-8.65, 115.2), (1.47, 124.84)]),
        ("the Alps", [(45.92, 6.87), (46.02, 7.75), (47.27, 11.39)]),
    ])
    func aBusyFrameStaysWithinTheBudget(name: String, places: [(Double, Double)]) throws {
        let markers = places.enumerated().map { index, place in
            MapMarker(
                point: MapPoint(latitude: place.0, longitude: place.1), title: "P\(index)", count: 1,
                href: "/p/")
        }
        let svg = try #require(MapDrawer(atlas: Self.atlas).svg(markers: markers, label: name, id: "b"))
        let size = try Self.gzipped(svg)
        #expect(size < 60_000, "\(name): \(size) bytes gzipped")
        _ = try Self.parse(svg)
    }
}
