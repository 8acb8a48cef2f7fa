import Foundation

/// Where things fall on a page before any browser has laid it out, for the screens galleryc
/// plans its first paint for: which images are in the first viewport (they load eagerly, the
/// first with high priority) and which are far below it.
///
/// Heights above the photos are estimated from below (the least a site header, breadcrumbs, a
/// title and a line of text take in the default theme), so that an image that might be in view
/// is counted in: a wrong guess loads one image early, never leaves one in view lazy.
struct PageFlow: Sendable {
    /// A viewport, in CSS pixels.
    struct Screen: Sendable, Hashable {
        var width: Double
        var height: Double
    }

    /// A laptop (1280 x 800) and a phone (390 x 844).
    static let screens = [
        Screen(width: 1280, height: 800), Screen(width: 390, height: 844),
    ]

    let geometry: ThemeGeometry
    /// The top of what comes next, per screen.
    private(set) var tops: [Double]

    /// - Parameter top: the height above the first block, per screen.
    init(geometry: ThemeGeometry = .default, top: (Screen) -> Double) {
        self.geometry = geometry
        tops = Self.screens.map(top)
    }

    /// The column's width on `screen`.
    func column(_ screen: Screen) -> Double {
        geometry.columnWidth(viewport: geometry.pageViewport(screen.width))
    }

    /// The gap between tiles on `screen`.
    func gap(_ screen: Screen) -> Double {
        geometry.gap(viewport: geometry.pageViewport(screen.width))
    }

    /// Moves down by a block `height` tall on each screen.
    mutating func advance(_ height: (Screen) -> Double) {
        for (index, screen) in Self.screens.enumerated() { tops[index] += height(screen) }
    }

    /// Whether something starting `offset` below the current top is in the first viewport of
    /// any screen.
    func isInFirstViewport(_ offset: (Screen) -> Double) -> Bool {
        zip(Self.screens, tops).contains { screen, top in top + offset(screen) < screen.height }
    }

    /// How much of a box lies in the first viewport of each screen, in CSS px² (in the order of
    /// ``screens``): `box` gives its top (below the current top), width and height per screen.
    func areaInFirstViewport(_ box: (Screen) -> (top: Double, width: Double, height: Double)) -> [Double] {
        zip(Self.screens, tops).map { screen, top in
            let (offset, width, height) = box(screen)
            let visible = min(top + offset + height, screen.height) - max(top + offset, 0)
            return max(0, visible) * width
        }
    }

    /// Whether something starting `offset` below the current top lies more than `screens`
    /// viewports below the first on every screen.
    func isFarBelow(_ offset: (Screen) -> Double, screens count: Double) -> Bool {
        zip(Self.screens, tops).allSatisfy { screen, top in top + offset(screen) > screen.height * (1 + count)
        }
    }

    // MARK: - Blocks of the default theme

    /// The least height above an album's photos: the header bar (`3rem`), `main`'s padding,
    /// the title, the date line and the header's margin, plus the description at a generous
    /// line length; a folded description shows at most its lead's first lines and the control.
    static func albumHeader(_ screen: Screen, descriptionCharacters: Int, folded: Bool) -> Double {
        let phone = screen.width < 600
        let chrome = phone ? 140.0 : 160.0
        return chrome + proseHeight(descriptionCharacters, folded: folded, phone: phone)
    }

    /// The least height above the home page's albums: the header bar, the title and its text
    /// (folded as an album's description), the "Albums" heading.
    static func homeHeader(_ screen: Screen, textCharacters: Int, folded: Bool) -> Double {
        let phone = screen.width < 600
        return (phone ? 150.0 : 170.0) + proseHeight(textCharacters, folded: folded, phone: phone)
    }

    /// The lines of text ``ProseFold`` leaves in view: at most ``foldedLines`` of a folded
    /// text, and its control.
    static func proseHeight(_ characters: Int, folded: Bool, phone: Bool) -> Double {
        let perLine = phone ? 50 : 90
        guard folded else { return textHeight(characters, charactersPerLine: perLine) }
        let lines = min((characters + perLine - 1) / perLine, foldedLines)
        return Double(lines) * 27 + 24
    }

    /// The lines of a folded text's lead that stay in view (`.prose-lead`'s `max-height`).
    static let foldedLines = 3

    /// Lines of prose (27 px each) for `characters` characters, and the paragraph's margin.
    static func textHeight(_ characters: Int, charactersPerLine: Int) -> Double {
        guard characters > 0 else { return 0 }
        let lines = (characters + charactersPerLine - 1) / charactersPerLine
        return Double(lines) * 27 + 16
    }

    /// The hero slider's height: a 3:2 slide as wide as the slider, its controls and title.
    func sliderHeight(_ screen: Screen) -> Double {
        let width = min(
            column(screen), geometry.sliderWidth, geometry.sliderWidthPerViewportHeight * screen.height)
        return width / 1.5 + 70
    }

    /// The tops of the tiles of a uniform grid of `count` tiles, each `extra` taller than its
    /// 3:2 image (title lines), on `screen` (``ThemeGeometry/grid(_:count:column:)``).
    func gridTops(_ grid: ThemeGeometry.Grid, count: Int, extra: Double, _ screen: Screen) -> [Double] {
        let (columns, tile) = geometry.grid(grid, count: count, column: column(screen))
        let rowHeight = tile / 1.5 + extra + gap(screen)
        return (0..<count).map { Double($0 / columns) * rowHeight }
    }

    /// The height of such a grid.
    func gridHeight(_ grid: ThemeGeometry.Grid, count: Int, extra: Double, _ screen: Screen) -> Double {
        guard let last = gridTops(grid, count: count, extra: extra, screen).last else { return 0 }
        return last + geometry.grid(grid, count: count, column: column(screen)).tile / 1.5 + extra
    }
}

/// How eagerly an image loads: the first screenful at once (the images that may be its largest
/// paint with high priority), the rest lazily.
enum ImageLoading: Sendable, Equatable {
    case eagerHighPriority
    case eager
    case lazy
}

/// Hands out ``ImageLoading`` in document order: images in the first viewport are eager, every
/// other image lazy. High priority goes to the images that can be the page's Largest
/// Contentful Paint, chosen by the browser's own rule: walking the page in order, an image
/// whose area in the first viewport of some screen is larger than that of every image before
/// it there. Where only "in view or not" is known (grids of equal tiles, a slider's slide,
/// covers), the first image in view takes it and the ones after it do not.
///
/// The reasons (Benchmarks/webperf.sh, an album under Fast 3G): on a 390 x 844 phone the fifth
/// row's one wide tile is the largest on the first screen; as one eager image among fourteen it
/// arrived at 3.4 s, behind the small tiles before it, and was the page's LCP. And the browser
/// counts a later image that is larger by a single pixel: on a laptop the first row's second
/// tile, 0.09 % larger than the first, arrived 0.9 s after it, behind twelve eager tiles, and
/// moved the LCP from 1.7 to 2.6 s; so an image only slightly larger (within 2 %) is raised
/// too, up to ``mostRaised`` in all. An equal one (a row of photos of one shape) is not: the
/// browser keeps the first of equals.
struct LoadingOrder: Sendable {
    /// Per screen (``PageFlow/screens``), the largest area in view handed out so far; infinite
    /// once an image of unknown size has taken high priority.
    private var largest = PageFlow.screens.map { _ in 0.0 }
    /// How many images were raised.
    private var raised = 0

    /// How much larger an area must be to be larger for sure: within that, the build's
    /// estimate of the layout and the browser's may disagree on which is larger.
    static let larger = 1.02
    /// How much larger an area must be to be larger at all: equal photos' areas differ in the
    /// last bits of their arithmetic.
    static let equal = 1 + 1e-9
    /// The most images raised for being only slightly larger: each shares the connection with
    /// the others.
    static let mostRaised = 4

    init() {}

    /// An image of which only "in the first viewport or not" is known.
    mutating func next(inFirstViewport: Bool) -> ImageLoading {
        guard inFirstViewport else { return .lazy }
        guard largest.allSatisfy({ $0 == 0 }) else { return .eager }
        largest = largest.map { _ in .infinity }
        raised += 1
        return .eagerHighPriority
    }

    /// An image whose area in the first viewport of each screen is known
    /// (``PageFlow/areaInFirstViewport(_:)``).
    mutating func next(areaInFirstViewport areas: [Double]) -> ImageLoading {
        guard areas.contains(where: { $0 > 0 }) else { return .lazy }
        var isLarger = false
        var isNearly = false
        for (index, area) in areas.enumerated() where index < largest.count && area > 0 {
            if area > largest[index] * Self.larger {
                isLarger = true
            } else if area > largest[index] * Self.equal {
                isNearly = true
            }
            largest[index] = max(largest[index], area)
        }
        guard isLarger || (isNearly && raised < Self.mostRaised) else { return .eager }
        raised += 1
        return .eagerHighPriority
    }
}
