import Foundation
import Testing

@testable import GalleryKit

/// `places:` and `privacy.hide_places_within` in site.yml, and a sidecar's `place:`.
@Suite struct PlaceSettingsTests {
    private func read(_ yaml: String) -> (SiteConfig, [String]) {
        let (reporter, collector) = collectingReporter("site.yml")
        let config = SiteConfigReader.read(yaml, reporter: reporter)
        return (config, collector.diagnostics.rendered)
    }

    @Test func placesAreOffUnlessAsked() {
        #expect(read("title: x").0.places == nil)
        #expect(read("places: off").0.places == nil)
        #expect(read("places: false").0.places == nil)
        #expect(read("places: city").0.places == .city)
        #expect(read("places: Region").0.places == .region)
        #expect(read("places: country").0.places == .country)
    }

    @Test func aWrongLevelNamesTheChoices() {
        let (config, messages) = read("places: town")
        #expect(config.places == nil)
        #expect(
            messages == [
                "site.yml:1:9: warning: 'places' should be city, region, country or off, not 'town'; using the default"
            ])
    }

    @Test func hiddenCirclesAreRead() {
        let (config, messages) = read(
            """
            privacy:
              hide_places_within:
                - {lat: 45.92, lon: 6.87, km: 2}
                - lat: -33.9
                  lon: 151.2
                  km: 0.5
            """)
        #expect(messages.isEmpty)
        #expect(
            config.placeExclusions == [
                PlaceExclusion(latitude: 45.92, longitude: 6.87, kilometres: 2),
                PlaceExclusion(latitude: -33.9, longitude: 151.2, kilometres: 0.5),
            ])
    }

    @Test func aCircleWithoutItsRadiusHidesEveryPlaceAndIsAnError() {
        let (config, messages) = read(
            """
            privacy:
              hide_places_within: [{lat: 45.92, lon: 6.87}]
            """)
        #expect(config.placeExclusions.count == 1)
        #expect(config.placeExclusions.first?.kilometres == .infinity)
        #expect(
            messages.contains {
                $0.hasPrefix("site.yml:2:24: error: privacy.hide_places_within: a circle needs")
            })
        let (_, typo) = read("privacy:\n  hide_places_within: [{lat: 1, lon: 2, radius: 3}]\n")
        #expect(typo.contains { $0.contains("unknown key 'privacy.hide_places_within.radius'") })
        #expect(typo.contains { $0.contains("error: privacy.hide_places_within") })
    }

    @Test func aSidecarNamesOrHidesThePlace() throws {
        let content = try TemporaryContent([
            "a/one.jpg": "", "a/one.md": "---\nplace: Aiguille du Midi, France\n---\n",
            "a/two.jpg": "", "a/two.md": "---\nplace: false\n---\n",
            "a/three.jpg": "", "a/three.md": "---\nplace: [1, 2]\n---\n",
            "a/four.jpg": "", "a/four.md": "Place: Zermatt\n\nA sigal header.\n",
        ])
        let (site, diagnostics) = try content.load()
        let photos = Dictionary(
            uniqueKeysWithValues: (site.root.albums.first?.photos ?? []).map { ($0.fileName, $0.place) })
        #expect(photos["one.jpg"] == .named("Aiguille du Midi, France"))
        #expect(photos["two.jpg"] == .hidden)
        #expect(photos["three.jpg"] == .some(nil))
        #expect(photos["four.jpg"] == .named("Zermatt"))
        #expect(
            diagnostics.map(\.description).contains {
                $0.hasPrefix("a/three.md:2:8: warning: 'place' should be the place's name, or false for none")
            })
    }
}
