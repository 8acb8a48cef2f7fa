import Foundation
import Testing

@testable import GalleryKit

/// The motion markup and the generated motion stylesheet, on the render fixture turned into a
/// slider album, a story album and a home page with covers.
@Suite struct MotionRenderingTests {
    static func motionSite(
        sliderLayout: AlbumLayout = .grid, hero: [String] = ["glacier.jpg", "DSC_0142.jpg"]
    )
        -> Site
    {
        var site = RenderFixture.site()
        site.config.motion.kenBurns = KenBurnsSettings(duration: 9)
        site.root.albums[0].hero = hero
        site.root.albums[0].layout = sliderLayout
        site.root.albums[0].albums[0].layout = .story
        site.root.albums[0].albums[0].kenBurns = KenBurnsSettings(zoom: 1.6)
        return site
    }

    private func motionCSS(_ files: [String: String]) throws -> String {
        let path = try #require(
            files.keys.first { $0.hasPrefix("assets/galleryc-motion.") && $0.hasSuffix(".css") })
        return try #require(files[path])
    }

    private func kenBurnsNames(_ html: String) -> [String] {
        html.components(separatedBy: "data-kenburns=\"").dropFirst().compactMap {
            $0.split(separator: "\"").first.map(String.init)
        }
    }

    /// Each page's own stylesheet has the plans it animates, and no other; the site-wide
    /// motion stylesheet has none, so no photo ever changes it.
    @Test func everyKenBurnsElementHasItsPlanInTheLinkedStylesheet() throws {
        let files = try RenderFixture.render(site: Self.motionSite())
        let home = try #require(files["index.html"])
        let album = try #require(files["iceland/index.html"])
        let story = try #require(files["iceland/fjords/index.html"])
        #expect(home.contains("galleryc-motion.") && album.contains("galleryc-motion."))
        #expect(!(try motionCSS(files)).contains("[data-kenburns="))
        var all = ""
        for (page, html, count) in [("home", home, 1), ("slider", album, 2), ("story", story, 1)] {
            let css = try RenderFixture.pageCSS(html, in: files)
            all += css
            let names = kenBurnsNames(html)
            #expect(names.count == count, "\(page): \(names)")
            for name in names {
                #expect(css.contains("[data-kenburns=\"\(name)\"] {"), "\(page): no rule for \(name)")
                #expect(css.contains("@keyframes \(name)-zoom"))
            }
            #expect(
                css.components(separatedBy: "[data-kenburns=").count - 1 == count,
                "\(page): plans of other pages")
        }
        #expect(all.contains("animation-duration: 9s, 9s;"), "site-wide duration")
        #expect(all.contains("scale: 1.6;"), "the story album's own zoom")
        #expect(!all.contains("<style") && !home.contains("<style"))
    }

    @Test func siteTransitionsAndPhotoOverridesReachTheStylesheet() throws {
        var site = Self.motionSite()
        site.config.motion.photoTransition = .slide
        site.config.motion.easing = .linear
        site.config.motion.transitionDuration = 0.7
        site.root.albums[0].photos[1].kenBurns = KenBurnsSettings(duration: 4, from: .bottom)
        let files = try RenderFixture.render(site: site)
        let css = try motionCSS(files)
        #expect(css.contains("@keyframes gk-photo-in { from { translate: -100% 0; } }"))
        #expect(
            css.contains(
                ".gk-enter-photo { animation: gk-photo-in 0.7s both; animation-timing-function: linear; }"))
        // glacier.jpg is the second photo of the album and the first hero slide.
        let slider = try RenderFixture.pageCSS(try #require(files["iceland/index.html"]), in: files)
        #expect(slider.contains("animation-duration: 4s, 4s;"), "the sidecar's own duration")
        #expect(slider.contains("animation-duration: 9s, 9s;"), "the other photos keep the site's")
    }

    @Test func theMotionStylesheetIsDeterministicAndHashed() throws {
        let first = try RenderFixture.render(site: Self.motionSite())
        let second = try RenderFixture.render(site: Self.motionSite())
        #expect(try motionCSS(first) == motionCSS(second))
        var changed = Self.motionSite()
        changed.config.motion.blurRadius = 30
        let third = try RenderFixture.render(site: changed)
        let paths = [first, third].map { files in files.keys.filter { $0.contains("galleryc-motion") } }
        #expect(paths[0] != paths[1], "a new setting must give a new file name")
        // A Ken Burns setting changes the stylesheets of the pages that animate, not the site's.
        var zoomed = Self.motionSite()
        zoomed.config.motion.kenBurns.zoom = 1.9
        let fourth = try RenderFixture.render(site: zoomed)
        #expect(try motionCSS(fourth) == motionCSS(first))
        let album = { (files: [String: String]) in
            try RenderFixture.pageCSS(#require(files["iceland/index.html"]), in: files)
        }
        #expect(try album(fourth) != album(first))
    }

    @Test func sliderHasDotsButtonsAndABackdropPerSlide() throws {
        let files = try RenderFixture.render(site: Self.motionSite())
        let album = try #require(files["iceland/index.html"])
        #expect(album.components(separatedBy: "data-slide-bg=").count == 3)
        let glacierClass = PageStyles.className(for: try RenderFixture.shown(RenderFixture.glacier))
        #expect(album.contains("class=\"gk-hero-bg \(glacierClass) is-active\" data-slide-bg=\"0\""))
        // Its background is a small rendition, an image in the backdrop (no stylesheet rule).
        #expect(
            album.contains(
                #"<img class="gk-hero-img" src="/photos/_img/a1/glacier-480.jpg" alt="" decoding="async" fetchpriority="low">"#
            ))
        #expect(album.contains("<button type=\"button\" class=\"gk-slider-button\" data-slider-next"))
        #expect(album.contains("href=\"#gk-slide-2\" data-slider-dot=\"1\""))
        #expect(album.contains("gk-frame-slide"))
        // The hero slides come first in the order of `hero:`.
        let glacier = try #require(album.range(of: "id=\"gk-slide-1\""))
        #expect(album[glacier.upperBound...].prefix(400).contains("glacier"))
    }

    @Test func sliderLayoutWithoutHeroShowsEveryPhoto() throws {
        let files = try RenderFixture.render(site: Self.motionSite(sliderLayout: .slider, hero: []))
        let album = try #require(files["iceland/index.html"])
        #expect(album.components(separatedBy: "data-slide=").count == 3)
        let grid = try #require(files["iceland/fjords/index.html"])
        #expect(!grid.contains("data-slider"))
    }

    @Test func blurUpFramesCarryPlaceholderRatioAndFocus() throws {
        var photos = RenderFixture.photos
        photos["iceland/glacier.jpg"]?.placeholder = "data:image/webp;base64,AAAA"
        photos["iceland/glacier.jpg"]?.dominantColor = "#336699"
        photos["iceland/glacier.jpg"]?.focus = FocalPoint(x: 0.62, y: 0.4)
        photos["iceland/DSC_0142.jpg"]?.placeholder = "data:image/webp;base64,BBBB"
        photos["iceland/DSC_0142.jpg"]?.dominantColor = "#000000"
        photos["iceland/DSC_0142.jpg"]?.hasAlpha = true
        let files = try RenderFixture.render(photos: photos)
        let album = try #require(files["iceland/index.html"])
        let css = try RenderFixture.pageCSS(album, in: files)
        let glacier = PageStyles.className(for: try RenderFixture.shown(RenderFixture.glacier))
        let untitled = PageStyles.className(for: try RenderFixture.shown(RenderFixture.untitled))
        #expect(album.contains("gk-blurup gk-frame-natural \(glacier)\" data-blurup data-vt>"))
        #expect(
            css.contains(
                ".\(glacier) { --gk-ratio: 1.5; --gk-focus: 62% 40%; --gk-dominant: #336699; --gk-max-w: 1600px; --gk-max-h: 1067px; }"
            ))
        // The placeholder is in the page, last in the frame, and in no stylesheet.
        #expect(album.contains(#"<img class="gk-ph" src="data:image/webp;base64,AAAA" alt=""></div>"#))
        #expect(!css.contains("base64"))
        #expect(album.contains("gk-frame-natural \(untitled)\" data-blurup data-alpha data-vt>"))
        #expect(css.contains(".\(untitled) { --gk-ratio: 0.75;"))
        #expect(!css.contains("--gk-dominant: #000000"), "no colour behind a photo with alpha")
        #expect(album.contains("<span class=\"gk-loading-text visually-hidden\">Loading</span>"))
        let home = try #require(files["index.html"])
        #expect(home.contains("gk-blurup gk-frame-cover"), "covers are cropped to one shape")
    }

    @Test func thumbnailAndPhotoPageShareAViewTransitionName() throws {
        let files = try RenderFixture.render()
        let name = MotionStylesheet.viewTransitionName(for: "iceland/glacier.jpg")
        let album = try #require(files["iceland/index.html"])
        let photo = try #require(files["iceland/glacier/index.html"])
        let glacier = PageStyles.className(for: try RenderFixture.shown(RenderFixture.glacier))
        let rule = ".\(glacier)[data-vt] { view-transition-name: \(name); }"
        #expect(try RenderFixture.pageCSS(album, in: files).contains(rule))
        #expect(try RenderFixture.pageCSS(photo, in: files).contains(rule))
        #expect(album.contains("\(glacier)\" data-blurup data-vt>"))
        #expect(photo.contains("gk-frame-main \(glacier)\" data-blurup data-vt>"))
        // The sub-album's cover is not a thumbnail of that photo: its frame is not marked for
        // the name, which would clash.
        let fjord = PageStyles.className(for: try RenderFixture.shown(RenderFixture.fjord))
        #expect(album.contains("gk-frame-cover \(fjord)\" data-blurup>"))
    }

    @Test func noInlineScriptsOrHandlers() throws {
        let files = try RenderFixture.render(site: Self.motionSite())
        for (path, html) in files where path.hasSuffix(".html") {
            #expect(
                !html.contains("<script>") && !html.contains("onload=") && !html.contains("onerror=")
                    && !html.contains(" style=") && !html.contains("<style"),
                "\(path)")
        }
    }
}
