import Foundation
import Testing

@testable import GalleryKit

/// `sizes` attributes state the width the layout really draws each image at, at every viewport
/// width: checked by evaluating them as a browser does (the first matching `(min-width: …)`
/// entry; `calc(Avw ± Bpx)`, `Npx`) against the layout's own arithmetic.
@Suite struct ImageSizesTests {
    /// Evaluates the `sizes` forms ``ImageSizes`` writes for pieces (no `min()`/`max()`), on a
    /// screen of `dpr` device pixels per CSS pixel.
    static func evaluate(_ sizes: String, viewport: Double, dpr: Double = 1) -> Double? {
        for whole in sizes.components(separatedBy: ", ") {
            var entry = Substring(whole)
            if entry.hasPrefix("(min-resolution: ") {
                guard let close = entry.firstIndex(of: ")"),
                    let density = Double(
                        entry[entry.index(entry.startIndex, offsetBy: 17)..<close].dropLast(4))
                else { return nil }
                if dpr < density { continue }
                entry = entry[entry.index(after: close)...].dropFirst()
                if entry.hasPrefix("and ") { entry = entry.dropFirst(4) }
            }
            var value = entry
            if entry.hasPrefix("(min-width: ") {
                guard let close = entry.firstIndex(of: ")") else { return nil }
                let minimum =
                    Double(entry[entry.index(entry.startIndex, offsetBy: 12)..<close].dropLast(2)) ?? .nan
                if viewport < minimum { continue }
                value = entry[entry.index(after: close)...].dropFirst()
            }
            if value.hasSuffix("px") && !value.hasPrefix("calc(") { return Double(value.dropLast(2)) }
            if value.hasSuffix("vw") { return (Double(value.dropLast(2)) ?? .nan) * viewport / 100 }
            guard value.hasPrefix("calc("), value.hasSuffix("px)") else { return nil }
            let parts = value.dropFirst(5).dropLast(3).split(separator: " ")
            guard parts.count == 3, let slope = Double(parts[0].dropLast(2)), let offset = Double(parts[2])
            else {
                return nil
            }
            return slope * viewport / 100 + (parts[1] == "-" ? -offset : offset)
        }
        return nil
    }

    static let viewports = Array(stride(from: 320.0, through: 1920, by: 7))

    @Test func justifiedTilesSayTheirWidthAtEveryViewport() throws {
        let aspects = [
            1.5, 2.0 / 3, 1.5, 4.0 / 3, 1, 16.0 / 9, 6, 1.5, 1.0 / 3, 1.5, 1.5, 0.75, 2.0 / 3, 1.5,
        ]
        let layout = JustifiedLayout(aspects: aspects)
        let geometry = ThemeGeometry.default
        let sizes = ImageSizes()
        var worst = 0.0
        for index in aspects.indices {
            let attribute = sizes.justifiedTile(layout, index: index)
            for viewport in Self.viewports {
                let page = geometry.pageViewport(viewport)
                let column = geometry.columnWidth(viewport: page)
                let drawn = layout.tiles(column: column, gap: geometry.gap(viewport: page))[index].width
                for dpr in [1.0, 2, 3] {
                    let stated = try #require(
                        Self.evaluate(attribute, viewport: viewport, dpr: dpr), "\(attribute)")
                    let wanted = drawn * Self.densityScale(viewport: viewport, dpr: dpr)
                    worst = max(worst, abs(stated - wanted))
                    #expect(
                        (-2.5...0.5).contains(stated - wanted),
                        "tile \(index) at \(viewport) @\(dpr)x: says \(stated), drawn \(drawn)"
                    )
                }
            }
        }
        #expect(worst > 0 || aspects.isEmpty)
    }

    /// What tiles' `sizes` state of their drawn width: all of it, except below the desktop
    /// breakpoint on screens of 2.5x and more, where a 3x screen fetches for 2x.
    static func densityScale(viewport: Double, dpr: Double) -> Double {
        viewport < ThemeGeometry.default.desktopViewport && dpr >= ImageSizes.cappedDensity
            ? ImageSizes.tileDensityCap / 3 : 1
    }

    @Test func onAThreeXPhoneATileFetchesTwoDevicePixelsPerCSSPixel() throws {
        let layout = JustifiedLayout(aspects: [1.5, 1.5, 2.0 / 3, 1.5])
        let attribute = ImageSizes().justifiedTile(layout, index: 0)
        let plain = try #require(Self.evaluate(attribute, viewport: 390, dpr: 2))
        let dense = try #require(Self.evaluate(attribute, viewport: 390, dpr: 3))
        #expect(abs(dense * 3 - plain * 2) < 2, "\(attribute)")
        // Desktops keep their density.
        let desktop = try #require(Self.evaluate(attribute, viewport: 1280, dpr: 3))
        #expect(desktop == (try #require(Self.evaluate(attribute, viewport: 1280, dpr: 1))))
    }

    @Test(arguments: [
        (ThemeGeometry.Grid.photos, 40), (.photos, 2), (.photos, 1), (.cards, 40), (.cards, 2),
    ])
    func gridTilesSayTheirWidthAtEveryViewport(grid: ThemeGeometry.Grid, count: Int) throws {
        let geometry = ThemeGeometry.default
        for aspect in [1.5, 2.0 / 3, 3.0] {
            let attribute = ImageSizes().gridTile(grid, count: count, photoAspect: aspect)
            for viewport in Self.viewports {
                let page = geometry.pageViewport(viewport)
                let tile = geometry.grid(grid, count: count, column: geometry.columnWidth(viewport: page))
                    .tile
                // A photo wider than 3:2 covers its tile by being drawn wider.
                let drawn = tile * max(1, aspect / 1.5)
                for dpr in [1.0, 3] {
                    let stated = try #require(Self.evaluate(attribute, viewport: viewport, dpr: dpr))
                    let wanted = drawn * Self.densityScale(viewport: viewport, dpr: dpr)
                    #expect(
                        (-2.5...0.5).contains(stated - wanted),
                        "\(grid) of \(count), \(aspect) at \(viewport) @\(dpr)x: says \(stated), drawn \(drawn)"
                    )
                }
            }
        }
    }

    /// Phones get two columns of photos, one of album covers; one or two photos on a laptop are
    /// two grid tiles wide (34rem) each, not a quarter of the column nor all of it.
    @Test func gridTilesOnAPhoneAndAShortGridOnALaptop() throws {
        let photos = try #require(
            Self.evaluate(ImageSizes().gridTile(.photos, count: 40, photoAspect: 1.5), viewport: 390))
        #expect(abs(photos - 174) < 1)
        let cover = try #require(
            Self.evaluate(ImageSizes().gridTile(.cards, count: 40, photoAspect: 1.5), viewport: 390))
        #expect(abs(cover - 357) < 1)
        let geometry = ThemeGeometry.default
        let laptop = geometry.columnWidth(viewport: geometry.pageViewport(1280))
        #expect(geometry.grid(.photos, count: 2, column: laptop) == (2, 544))
        #expect(geometry.grid(.photos, count: 1, column: laptop) == (1, 544))
        #expect(geometry.grid(.photos, count: 40, column: laptop).columns == 4)
        #expect(geometry.grid(.photos, count: 3, column: laptop).columns == 3)
        #expect(geometry.grid(.cards, count: 2, column: laptop).columns == 4)
    }

    /// Evaluates the forms ``ImageSizes`` writes for widths that depend on the viewport's
    /// height: media conditions of `min-width`, `min-height`, `min-`/`max-aspect-ratio` joined
    /// by `and`; values `Npx`, `Nvw`, `Nvh`, `calc(Avw ± Bpx)`.
    static func evaluate(_ sizes: String, width: Double, height: Double) -> Double? {
        for entry in sizes.components(separatedBy: ", ") {
            var rest = Substring(entry)
            var matches = true
            while rest.hasPrefix("(") {
                guard let close = rest.firstIndex(of: ")") else { return nil }
                let condition = rest[rest.index(after: rest.startIndex)..<close]
                let parts = condition.components(separatedBy: ": ")
                let value: Double
                if parts[1].contains("/") {
                    let ratio = parts[1].split(separator: "/").compactMap { Double($0) }
                    value = ratio[0] / ratio[1]
                } else {
                    value = Double(parts[1].dropLast(2)) ?? .nan
                }
                switch parts[0] {
                case "min-width": matches = matches && width >= value
                case "min-height": matches = matches && height >= value
                case "max-height": matches = matches && height <= value
                case "min-aspect-ratio": matches = matches && width / height >= value
                case "max-aspect-ratio": matches = matches && width / height <= value
                default: return nil
                }
                rest = rest[rest.index(after: close)...].drop { $0 == " " }
                if rest.hasPrefix("and ") { rest = rest.dropFirst(4) }
            }
            guard matches else { continue }
            if rest.hasSuffix("vh") { return (Double(rest.dropLast(2)) ?? .nan) * height / 100 }
            if rest.hasPrefix("calc("), rest.contains("vh ") {
                let parts = rest.dropFirst(5).dropLast(3).split(separator: " ")
                guard parts.count == 3, let slope = Double(parts[0].dropLast(2)),
                    let offset = Double(parts[2])
                else { return nil }
                return slope * height / 100 + (parts[1] == "-" ? -offset : offset)
            }
            return evaluate(String(rest), viewport: width)
        }
        return nil
    }

    @Test func slidesStoryPhotosAndThePhotoPageSayTheirWidth() throws {
        let sizes = ImageSizes()
        let geometry = ThemeGeometry.default
        for (width, height) in [
            (390.0, 844.0), (768, 1024), (1280, 800), (1280, 720), (1600, 900), (1920, 1200), (2560, 1440),
            (800, 1000),
        ] {
            let page = geometry.pageViewport(width)
            let column = geometry.columnWidth(viewport: page)
            for aspect in [0.5, 2.0 / 3, 1, 1.5, 3] {
                let slide = try #require(
                    Self.evaluate(sizes.slide(photoAspect: aspect), width: width, height: height))
                let frame = min(column, 896, 0.825 * height)
                let slideDrawn = frame * max(1, aspect / 1.5)
                #expect(
                    (-2...34 * max(1, aspect / 1.5)).contains(slide - slideDrawn),
                    "slide \(aspect) at \(width)x\(height): \(slide) vs \(slideDrawn)")
                let story = try #require(
                    Self.evaluate(sizes.story(photoAspect: aspect), width: width, height: height))
                let storyDrawn = max(width, height * aspect)
                #expect(
                    abs(story - storyDrawn) < 1.5,
                    "story \(aspect) at \(width)x\(height): \(story) vs \(storyDrawn)")
            }
        }
        #expect(!sizes.mainImage(photoAspect: 1.5).contains("min("))
    }

    @Test func theFirstImageInViewIsTheOnlyHighPriorityOne() {
        var order = LoadingOrder()
        let loads = [false, true, true, false, true].map { order.next(inFirstViewport: $0) }
        #expect(loads == [.lazy, .eagerHighPriority, .eager, .lazy, .eager])
    }

    /// The browser's LCP rule in document order: an image larger in view than every one before
    /// it, on either screen, is raised, also when only slightly larger (up to four of those);
    /// equal or smaller ones are not.
    @Test func theImagesThatCanBeTheLargestPaintHaveHighPriority() {
        var order = LoadingOrder()
        let areas: [[Double]] = [[0, 0], [100, 20], [100, 20], [100, 50], [0, 0], [90, 10], [150, 0]]
        let loads = areas.map { order.next(areaInFirstViewport: $0) }
        #expect(
            loads == [
                .lazy, .eagerHighPriority, .eager, .eagerHighPriority, .lazy, .eager, .eagerHighPriority,
            ])
        // A row of photos of one shape: the first of equals is the browser's.
        var row = LoadingOrder()
        let equal = (0..<5).map { _ in row.next(areaInFirstViewport: [100, 100 + 1e-12]) }
        #expect(equal == [.eagerHighPriority] + Array(repeating: .eager, count: 4))
        // Each a little larger than the one before: four are raised, the fifth shares the
        // connection with the rest; one clearly larger after them is raised all the same.
        var growing = LoadingOrder()
        let slightly = [100, 100.1, 100.2, 100.3, 100.4].map { growing.next(areaInFirstViewport: [$0, 0]) }
        #expect(slightly == Array(repeating: .eagerHighPriority, count: 4) + [.eager])
        #expect(growing.next(areaInFirstViewport: [103, 0]) == .eagerHighPriority)
        // A slide or cover whose size is not known takes it for good.
        var mixed = LoadingOrder()
        #expect(mixed.next(inFirstViewport: true) == .eagerHighPriority)
        #expect(mixed.next(areaInFirstViewport: [1e6, 1e6]) == .eager)
    }

    @Test func theAreaInViewIsWhatTheFoldLeaves() {
        let flow = PageFlow { _ in 300 }
        // From 800 to 900 below the top: under the laptop's fold (800), 44 px on the phone's (844).
        #expect(flow.areaInFirstViewport { _ in (500, 100, 100) } == [0, 4400])
        #expect(flow.areaInFirstViewport { _ in (0, 200, 100) } == [20000, 20000])
    }

    @Test func theFirstViewportIsWhatEitherScreenShows() {
        let flow = PageFlow { _ in 300 }
        #expect(flow.isInFirstViewport { _ in 499 })  // both screens
        #expect(flow.isInFirstViewport { $0.width < 600 ? 530 : 600 })  // the phone only (844 tall)
        #expect(!flow.isInFirstViewport { _ in 545 })
        #expect(flow.isFarBelow({ _ in 3000 }, screens: 2))
        #expect(!flow.isFarBelow({ _ in 1500 }, screens: 2))
    }

    @Test func aTileRenditionIsDerivedUnlessTheWidthsAreSmallAlready() {
        #expect(ImageSettings().renditionWidths == [320, 480, 640, 960, 1200, 1600, 2400])
        var small = ImageSettings()
        small.widths = [360, 700, 1200]
        #expect(small.renditionWidths == [360, 700, 1200])
        // Only below a larger configured width: a site of small renditions gets no 640.
        small.widths = [360, 500]
        #expect(small.renditionWidths == [360, 500])
        small.widths = [480, 1000]
        #expect(small.renditionWidths == [320, 480, 640, 1000])
        // The photo page's stage rendition, below a larger width and far from a configured one.
        small.widths = [480, 960, 2000]
        #expect(small.renditionWidths == [320, 480, 640, 960, 1200, 2000])
        small.widths = [480, 1080, 2000]
        #expect(small.renditionWidths == [320, 480, 640, 1080, 2000])
        // Not a setting: the fingerprint (rendition folder names, cache keys) does not change.
        #expect(ImageSettings().fingerprint.hasPrefix("widths=480,960,1600,2400;jpeg=82;"))
    }

    @Test(arguments: [1.5, 2.0 / 3, 4, 1.0 / 3, 1, 6])
    func viewerSizesSayTheDrawnWidthAtEveryViewport(aspect: Double) throws {
        let sizes = ImageSizes()
        let geometry = ThemeGeometry.default
        let attribute = sizes.mainImage(photoAspect: aspect)
        #expect(!attribute.contains("min("), "the HTML checker refuses min() in sizes")
        for width in Self.viewports {
            for height in stride(from: 480.0, through: 1440, by: 60) {
                let stated = try #require(
                    Self.evaluate(attribute, width: width, height: height), "\(attribute)")
                let drawn = sizes.mainImageWidth(photoAspect: aspect, viewport: width, height: height)
                // Where the height starts to bound the photo on a desktop, each stretch of
                // heights says it from an aspect ratio exact at the stretch's foot: off by at
                // most scrollbar x step / foot there, and exact elsewhere.
                let foot = max(
                    ImageSizes.viewerHeights.lowerBound,
                    min(height, ImageSizes.viewerHeights.upperBound - ImageSizes.viewerHeightStep))
                let slack = geometry.desktopScrollbar * ImageSizes.viewerHeightStep / foot
                #expect(abs(stated - drawn) <= slack + 1, "\(width)x\(height): \(stated) vs \(drawn)")
            }
        }
    }

    @Test func viewerWidthFollowsTheShorterSide() {
        let sizes = ImageSizes()
        // 1280 x 800, a 3:2 photo: the stage is the whole screen, so 800 x 1.5 = 1200 px wide.
        #expect(sizes.mainImageWidth(photoAspect: 1.5, viewport: 1280, height: 800) == 1200)
        // A 4:1 panorama on the same screen is as wide as the screen less its scrollbar.
        #expect(sizes.mainImageWidth(photoAspect: 4, viewport: 1280, height: 800) == 1265)
        // A phone (390 x 844), a 1:3 photo: the controls lie over the stage, 844 / 3 px wide.
        #expect(abs(sizes.mainImageWidth(photoAspect: 1.0 / 3, viewport: 390, height: 844) - 281.33) < 0.01)
        // and a 3:2 photo is as wide as the phone.
        #expect(sizes.mainImageWidth(photoAspect: 1.5, viewport: 390, height: 844) == 390)
    }
}
