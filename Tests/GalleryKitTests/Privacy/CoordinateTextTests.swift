import Testing

@testable import GalleryKit

/// Source coordinates written out in published text are found in the usual notations, and
/// numbers that merely look similar are not.
@Suite struct CoordinateTextTests {
    static let eiffel = GPSCoordinate(latitude: 48.858222, longitude: 2.29448, source: "paris/tower.jpg")
    static let santiago = GPSCoordinate(latitude: -33.459833, longitude: -70.67, source: "chile/plaza.jpg")
    let scanner = GPSLeakScanner(sourceCoordinates: [Self.eiffel, Self.santiago])

    func leak(_ text: String, path: String = "page/index.html") -> GPSLeak? {
        scanner.scan(path: path, bytes: Array(text.utf8))
    }

    @Test(arguments: [
        #"<p>Taken at 48.858, 2.294.</p>"#,
        #"<p>Taken at 48.8582, 2.2945.</p>"#,
        #"<a href="https://www.openstreetmap.org/?mlat=48.85822&amp;mlon=2.29450#map=18">map</a>"#,
        #"{"type":"Point","coordinates":[2.2945,48.858222]}"#,
        "{\n  \"latitude\" : 48.858222,\n  \"longitude\" : 2.2945\n}",
        #"<span data-lat="48.858" class="x y z">N</span> <span data-lon="2.294">E</span>"#,
        #"48°51'29.6"N 2°17'40.2"E"#,
        #"48° 51′ 30″ N, 2° 17′ 40″ E"#,
        #"48&deg;51&prime;29.6&Prime; N&nbsp;2&deg;17&prime;40.2&Prime; E"#,
        #"48&#176; 51&#39; 29.6&quot; N / 2&#176; 17&#39; 40.2&quot; E"#,
        #"{"place":"48\u00b051'29.6\"N 2\u00b017'40.2\"E"}"#,
        #"48°51.493'N 2°17.670'E"#,
        "<dd>48.858&deg; N, 2.294&deg; E</dd>",
    ])
    func findsTheEiffelTowerInText(text: String) throws {
        let found = try #require(leak(text))
        #expect(found.reason == .coordinates(Self.eiffel))
        #expect(found.location.file == "page/index.html")
        #expect(
            found.message == "published file contains GPS coordinates (48.858, 2.294) from paris/tower.jpg")
    }

    @Test(arguments: [
        "<p>-33.460, -70.670</p>", "<p>33.459 S, 70.670 W</p>", "-70.67000 -33.45983",
        #"33°27'35.4"S 70°40'12"W"#,
    ])
    func eitherSignConventionMatches(text: String) {
        #expect(leak(text)?.reason == .coordinates(Self.santiago))
    }

    @Test(arguments: [
        "<p>Taken near 48.858 in some unrelated sense.</p>",
        "<p>48.85, 2.29</p>",
        "<p>48.857, 2.294</p>",
        "<p>48.858, 2.296</p>",
        "<img width=\"1600\" height=\"48\" srcset=\"a.jpg 2294w\"> 0.123 0.456",
        "148.858, 2.294",
        "48.858, 12.294",
        "1.48.858 2.294.1",
        "48.858" + String(repeating: " ", count: 250) + "2.294",
        #"48°51'N 2°17'E"#,
        #"48°51.5'N 2°17.7'E"#,
        "lat 48.858; nothing else",
    ])
    func nearMissesAreNotLeaks(text: String) {
        #expect(leak(text) == nil)
    }

    @Test func nullIslandIsNotSearchedInText() {
        let scanner = GPSLeakScanner(sourceCoordinates: [
            GPSCoordinate(latitude: 0, longitude: 0, source: "a.jpg")
        ])
        let css = ".a { opacity: 0.000; transform: translate(0.000px, 0.000px); }"
        #expect(scanner.scan(path: "assets/site.css", bytes: Array(css.utf8)) == nil)
    }

    @Test func impossibleSourceCoordinatesAreIgnored() {
        let odd = [
            GPSCoordinate(latitude: .nan, longitude: 2.294),
            GPSCoordinate(latitude: 48.858, longitude: .infinity),
            GPSCoordinate(latitude: 1e300, longitude: -1e300),
        ]
        let scanner = GPSLeakScanner(sourceCoordinates: odd)
        #expect(scanner.scan(path: "a.html", bytes: Array("48.858, 2.294".utf8)) == nil)
        #expect(GPSLeak(.coordinates(odd[2]), file: "a.html").message.contains("1e+300"))
    }

    @Test func sameNumberForBothHalvesNeedsTwoNumbers() {
        let scanner = GPSLeakScanner(sourceCoordinates: [GPSCoordinate(latitude: 12.345, longitude: 12.345)])
        #expect(scanner.scan(path: "a.txt", bytes: Array("12.345".utf8)) == nil)
        let found = scanner.scan(path: "a.txt", bytes: Array("12.345,12.345".utf8))
        #expect(
            found?.message == "published file contains GPS coordinates (12.345, 12.345) from a source photo")
    }

    @Test func aTextWithoutSourceCoordinatesIsClean() {
        let scanner = GPSLeakScanner(sourceCoordinates: [])
        #expect(
            scanner.scan(path: "feed.xml", bytes: Array("<georss:point>48.858 2.294</georss:point>".utf8))
                == nil)
    }
}
