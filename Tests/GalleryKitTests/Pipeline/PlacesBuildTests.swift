import Foundation
import Testing

@testable import GalleryKit

/// Places and maps through the whole build: a photo with a GPS position becomes a place page
/// and a marker on its album's map; without galleryc's geographic data the build says so,
/// naming site.yml, and `--keep-going` publishes the site without places.
@Suite struct PlacesBuildTests {
    static func sandbox() throws -> BuildSandbox {
        let sandbox = try BuildSandbox(copying: BuildSandbox.tinySite)
        let site = try String(contentsOf: sandbox.content.appendingPathComponent("site.yml"), encoding: .utf8)
        try sandbox.put("site.yml", site + "places: city\nmaps: true\n")
        let gps = ImageBytes.app1(GPSCoordinatesTests.eiffel(bigEndian: false))
        try sandbox.put(
            "travel/pier.jpg",
            bytes: ImageBytes.splice(gps, into: try ImageTestSupport.jpeg(width: 64, height: 40)))
        try sandbox.put("travel/pier.md", "---\nalt: A pier\n---\n")
        return sandbox
    }

    @Test func aPositionBecomesAPlacePageAndAMarker() async throws {
        let sandbox = try Self.sandbox()
        let outcome = await sandbox.build()
        #expect(outcome.succeeded, "\(outcome.rendered)")
        let page = try String(
            contentsOf: sandbox.output.appendingPathComponent("travel/pier/index.html"), encoding: .utf8)
        #expect(page.contains(">Paris, Île-de-France, France</a>"))
        let album = try String(
            contentsOf: sandbox.output.appendingPathComponent("travel/index.html"), encoding: .utf8)
        #expect(album.contains("<svg class=\"gk-map\""))
        #expect(album.contains("<title>Paris, Île-de-France, France, 1 photo</title>"))
        #expect(
            FileManager.default.fileExists(
                atPath: sandbox.output.appendingPathComponent("places/france/paris/index.html").path))
    }

    @Test func withoutTheGeographicDataTheBuildSaysSo() async throws {
        let sandbox = try Self.sandbox()
        let empty = sandbox.root.appendingPathComponent("no-geodata")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let failed = await sandbox.build(geodata: empty)
        #expect(!failed.succeeded)
        #expect(
            failed.rendered.contains {
                $0.hasPrefix("site.yml: error: places: city needs galleryc's list of places")
                    && $0.contains("GALLERYC_GEODATA_DIR")
            }, "\(failed.rendered)")
        let kept = await sandbox.build(keepGoing: true, geodata: empty)
        #expect(kept.succeeded, "\(kept.rendered)")
        #expect(!FileManager.default.fileExists(atPath: sandbox.output.appendingPathComponent("places").path))
    }
}
