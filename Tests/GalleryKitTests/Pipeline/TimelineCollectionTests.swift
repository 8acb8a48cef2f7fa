import Foundation
import Testing

@testable import GalleryKit

/// The timeline: photos across albums on the month of their EXIF date, dateless photos on
/// their album's (or an album above it), oldest first; unlisted and private albums left out.
@Suite struct TimelineCollectionTests {
    typealias Photos = TagCollectionTests

    static func date(_ text: String) -> Date {
        ScalarTypes.date(text) ?? Date(timeIntervalSince1970: 0)
    }

    static func collect(_ albums: [Album], taken: [String: String], timeline: Bool = true) -> TimelineIndex {
        var config = SiteConfig()
        config.timeline = timeline
        var derivatives = Photos.derivatives(albums.flatMap(\.allAlbums).flatMap(\.photos))
        for (path, text) in taken { derivatives[path]?.exif.dateTaken = date(text) }
        return TimelineCollection.collect(
            Photos.site(albums, config: config), derivatives: derivatives, diagnostics: DiagnosticCollector())
    }

    static func album(_ path: String, _ names: [String], date: String? = nil, albums: [Album] = []) -> Album {
        var album = Album(
            sourcePath: path, urlPath: path + "/", title: path,
            photos: names.map { Photos.photo($0, in: path, tags: []) }, albums: albums)
        album.date = date.map(Self.date)
        return album
    }

    @Test func photosAcrossAlbumsLandOnTheirMonthOldestFirst() {
        let index = Self.collect(
            [Self.album("iceland", ["falls", "geyser"]), Self.album("rome", ["forum"])],
            taken: [
                "iceland/falls.jpg": "2023-04-20T10:00:00", "iceland/geyser.jpg": "2023-04-02T08:00:00",
                "rome/forum.jpg": "2022-12-31T23:59:00",
            ])
        #expect(index.years.map(\.urlPath) == ["timeline/2023/", "timeline/2022/"])
        #expect(index.monthsOfYear[2023]?.map(\.urlPath) == ["timeline/2023/04/"])
        #expect(index.monthsOfYear[2023]?.first?.title == "April 2023")
        #expect(index.monthsOfYear[2023]?.first?.photos.map(\.slug) == ["geyser", "falls"])
        #expect(index.monthsOfYear[2022]?.first?.urlPath == "timeline/2022/12/")
        #expect(index.periods.count == 4)
    }

    @Test func datelessPhotosTakeTheirAlbumsDateOrAnAlbumAboveIt() {
        let inner = Self.album("trip/day-two", ["boat"])
        let index = Self.collect(
            [
                Self.album("trip", ["scan"], date: "2019-07-14", albums: [inner]),
                Self.album("loose", ["nowhen"]),
            ],
            taken: [:])
        #expect(index.years.map(\.year) == [2019])
        #expect(index.monthsOfYear[2019]?.first?.photos.map(\.slug) == ["scan", "boat"])
        #expect(index.years.first?.photos.contains { $0.slug == "nowhen" } == false)
    }

    @Test func unlistedAndPrivateAlbumsAreNotOnTheTimeline() {
        var unlisted = Self.album("quiet", ["a"])
        unlisted.unlisted = true
        var locked = Self.album("secret", ["b"])
        locked.protection = AlbumProtection(root: "secret", password: "pw")
        let index = Self.collect(
            [unlisted, locked, Self.album("open", ["c"])],
            taken: [
                "quiet/a.jpg": "2020-01-01T00:00:00", "secret/b.jpg": "2020-01-01T00:00:00",
                "open/c.jpg": "2021-05-05T00:00:00",
            ])
        #expect(index.years.map(\.year) == [2021])
    }

    @Test func offOrTakenMeansNoTimeline() {
        #expect(
            Self.collect([Self.album("a", ["x"], date: "2020-01-01")], taken: [:], timeline: false).isEmpty)
        #expect(Self.collect([Self.album("timeline", ["x"], date: "2020-01-01")], taken: [:]).isEmpty)
    }
}
