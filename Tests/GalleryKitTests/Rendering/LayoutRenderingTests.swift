import Foundation
import Testing

@testable import GalleryKit

/// Album layouts in the rendered pages: justified rows in the page's own stylesheet, uniform
/// grid tiles, and per-photo classes whose values the stylesheet holds.
@Suite struct LayoutRenderingTests {
    private func pageCSS(_ html: String, in files: [String: String]) throws -> String {
        try RenderFixture.pageCSS(html, in: files)
    }

    private func classes(of tag: String, in html: String) -> [String] {
        html.components(separatedBy: "<\(tag) class=\"").dropFirst().compactMap {
            $0.split(separator: "\"").first.map(String.init)
        }
    }

    @Test func justifiedIsTheDefaultAndItsRowsAreInThePageStylesheet() throws {
        let site = RenderFixture.site()
        #expect(site.root.albums[0].layout == .justified)
        let files = try RenderFixture.render(site: site)
        let html = try #require(files["iceland/index.html"])
        #expect(html.contains(#"<section class="photos gk-photos" aria-label="Photos">"#))
        #expect(html.contains(#"<ul class="gk-justified gk-grid">"#))
        let css = try pageCSS(html, in: files)
        // Two shown photos (the broken one is left out): one row holding both, in every band
        // that differs from the one below it; the bands are container queries.
        #expect(css.contains(".gk-justified > :nth-child(n+1):nth-child(-n+2) { --gk-row: "))
        #expect(css.contains("@container gk-photos (min-width: 465px) {"))
        let tiles = classes(of: "li", in: html).filter { $0.hasPrefix("card gk-tile ") }
        #expect(tiles.count == 2)
        // Each tile's class carries its photo's aspect ratio; DSC_0142 is 1200 x 1600.
        let untitled = PageStyles.className(for: try RenderFixture.shown(RenderFixture.untitled))
        #expect(tiles.contains("card gk-tile \(untitled)"))
        #expect(css.contains(".\(untitled) { --gk-ratio: 0.75; --gk-focus: 50% 50%;"))
        #expect(html.components(separatedBy: "gk-frame-natural \(untitled)").count == 2)
    }

    @Test func rowsFollowTheRowHeightSetting() throws {
        var site = RenderFixture.site()
        let photos = (0..<12).map { index in
            PhotoSource(
                sourcePath: "iceland/p\(index).jpg", fileName: "p\(index).jpg", slug: "p\(index)",
                urlPath: "iceland/p\(index)/", alt: "Photo \(index)")
        }
        site.root.albums[0].photos = photos
        var derivatives = RenderFixture.photos
        for photo in photos {
            derivatives[photo.sourcePath] = PhotoDerivatives(
                width: 1500, height: 1000, exif: ExifSummary(),
                renditions: RenderFixture.renditions(
                    "d4/\(photo.slug)", width: 1500, height: 1000, widths: [480, 960], formats: [.jpeg]))
        }
        func rowRules(_ height: Double) throws -> Int {
            site.config.layouts.rowHeight = height
            let files = try RenderFixture.render(site: site, photos: derivatives)
            let css = try pageCSS(try #require(files["iceland/index.html"]), in: files)
            let firstBand = css.components(separatedBy: "@container")[0]
            return firstBand.components(separatedBy: "{ --gk-row:").count - 1
        }
        // On a phone, 3:2 photos go two to a row at 240 px (144 px on phones) and one to a row
        // at 400 px: 12 photos make 6 and 12 rows.
        #expect(try rowRules(240) == 6)
        #expect(try rowRules(400) == 12)
    }

    @Test func gridTilesAreUniformCropsWithoutRows() throws {
        var site = RenderFixture.site()
        site.root.albums[0].layout = .grid
        let files = try RenderFixture.render(site: site)
        let html = try #require(files["iceland/index.html"])
        #expect(html.contains(#"<ul class="grid gk-grid-photos gk-grid">"#))
        #expect(!html.contains("gk-justified") && !html.contains("gk-tile"))
        // Two photo tiles and the sub-album's cover, all 3:2 crops.
        #expect(html.components(separatedBy: "gk-blurup gk-frame-cover").count == 4)
        let css = try pageCSS(html, in: files)
        #expect(!css.contains("--gk-row") && !css.contains("@container"))
    }

    @Test func everyPhotoClassOnAPageHasItsValues() throws {
        let files = try RenderFixture.render()
        for (path, html) in files where path.hasSuffix(".html") {
            let names = Set(
                html.components(separatedBy: " gk-p-").dropFirst().compactMap {
                    $0.prefix { $0.isHexDigit }.count == 10 ? "gk-p-" + $0.prefix(10) : nil
                })
            if names.isEmpty { continue }
            let css = try pageCSS(html, in: files)
            for name in names {
                #expect(css.contains(".\(name) { --gk-ratio: "), "\(path): \(name) has no values")
            }
        }
    }
}
