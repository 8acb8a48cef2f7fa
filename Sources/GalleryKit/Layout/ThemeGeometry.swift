import Foundation

/// The default theme's box model, as `Templates/assets/galleryc.css` writes it, for what the
/// build has to know before any browser lays a page out: where rows break, which images are in
/// the first viewport, how wide an image is drawn (`sizes`).
///
/// The justified rows stay exact under another theme (the CSS works in percentages of the
/// column and the theme's own `--gap`); only the targets (row height, first viewport, `sizes`)
/// are computed from these numbers.
struct ThemeGeometry: Sendable, Hashable {
    /// `main { width: min(100% - 2rem, var(--page)) }`: the margins beside the column.
    var pageMargin: Double = 32
    /// `--page: 88rem`: the widest the column gets.
    var pageWidth: Double = 1408
    /// `--gap: clamp(0.5rem, 1.5vw, 1rem)`.
    var minimumGap: Double = 8
    var gapPerViewport: Double = 0.015
    var maximumGap: Double = 16
    /// `.grid`: uniform tiles at least `17rem` wide (two columns at least on phones for photos).
    var gridTileWidth: Double = 272
    /// `.gk-slider { max-width: min(56rem, 82.5vh) }`: the hero slider's width limit.
    var sliderWidth: Double = 896
    var sliderWidthPerViewportHeight: Double = 0.825

    /// Desktop browsers (Windows, Linux) give a classic scrollbar this wide to every page taller
    /// than the window, out of `100vw`; phones and tablets overlay theirs.
    var desktopScrollbar: Double = 15
    /// From this viewport width up, a browser is taken to be a desktop one.
    var desktopViewport: Double = 1024

    /// The photo page (`Templates/assets/viewer.css`) is a stage as large as the viewport: the
    /// header, the title and the controls lie over it, so the photo is fitted to the whole
    /// screen (less the desktop scrollbar, since the details follow below the stage).

    /// The header (`.site-header`): the site title (`1.125rem`, weight 600) and the navigation
    /// (`0.9375rem`, items `1.25rem` apart), `2rem` apart. The navigation shows inline from the
    /// narrowest of ``navigationSteps`` (in rem of viewport width) where both fit on one line,
    /// and is a menu button below it. Widths are estimated from the characters at a generous
    /// average glyph width (wider than system sans fonts' average), so that the estimate errs
    /// towards the menu, never towards a line that does not fit. A wide character (Chinese,
    /// Japanese, Korean, full-width forms) is a whole em, an emoji a quarter more
    /// (``characterWidths(_:narrow:em:)``).
    var titleCharacterWidth: Double = 11.5
    var navigationCharacterWidth: Double = 9.2
    /// The font sizes of the title and the navigation, in CSS px: a wide glyph's width.
    var titleFontSize: Double = 18
    var navigationFontSize: Double = 15
    var navigationItemGap: Double = 20
    var headerGap: Double = 32
    /// The header's search field (`.site-search`, `10rem`), after the navigation items.
    var searchFieldWidth: Double = 160
    /// The classes `galleryc.css` knows (`gk-nav-<rem>`): inline from that many rem.
    static let navigationSteps = [24, 32, 40, 48, 56, 64, 72, 80, 90, 100, 110, 120, 135, 150]

    static let `default` = ThemeGeometry()

    /// The narrowest of ``navigationSteps`` (in rem) at which the site title and navigation
    /// items (and the search field, when there is one) fit on one header line; nil when even
    /// the widest does not (a menu at every width).
    func navigationBreakpoint(title: String, items: [String], searchField: Bool = false) -> Int? {
        let nav =
            items.map { Self.characterWidths($0, narrow: navigationCharacterWidth, em: navigationFontSize) }
            .reduce(0, +)
            + Double(max(0, items.count - 1)) * navigationItemGap
            + (searchField ? navigationItemGap + searchFieldWidth : 0)
        let needed =
            pageMargin + Self.characterWidths(title, narrow: titleCharacterWidth, em: titleFontSize)
            + headerGap
            + nav
        return Self.navigationSteps.first { Double($0) * 16 >= needed }
    }

    /// The estimated width of `text`, by user-perceived character: `narrow` for most, `em` for
    /// a wide one (East Asian Wide and Fullwidth: Hangul, CJK, kana, full-width forms), `em`
    /// and a quarter for an emoji; never less than `narrow`.
    static func characterWidths(_ text: String, narrow: Double, em: Double) -> Double {
        text.reduce(0) { total, character in
            guard let first = character.unicodeScalars.first else { return total }
            if first.properties.isEmojiPresentation
                || (first.properties.isEmoji && character.unicodeScalars.contains { $0.value == 0xFE0F })
            {
                return total + max(narrow, em * 1.25)
            }
            return total + (isWide(first) ? max(narrow, em) : narrow)
        }
    }

    /// East Asian Wide or Fullwidth (Unicode's EastAsianWidth.txt, its large blocks).
    private static func isWide(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
            0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F,
            0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x20000...0x3FFFD:
            true
        default:
            false
        }
    }

    /// The width the page gets in a viewport `viewport` wide (`100vw`): less the scrollbar on
    /// desktops.
    func pageViewport(_ viewport: Double) -> Double {
        viewport >= desktopViewport ? viewport - desktopScrollbar : viewport
    }

    /// The column's width in a viewport `viewport` CSS pixels wide.
    func columnWidth(viewport: Double) -> Double {
        max(0, min(viewport - pageMargin, pageWidth))
    }

    /// The narrowest viewport whose column is `column` wide (inverse of ``columnWidth(viewport:)``
    /// below the widest column).
    func viewport(column: Double) -> Double {
        column + pageMargin
    }

    /// The gap between tiles in a viewport `viewport` CSS pixels wide.
    func gap(viewport: Double) -> Double {
        min(max(minimumGap, gapPerViewport * viewport), maximumGap)
    }

    /// The gap for a column `column` wide.
    func gap(column: Double) -> Double {
        gap(viewport: viewport(column: column))
    }

    /// Columns of a uniform grid (`repeat(auto-fill, minmax(min(100%, 17rem), 1fr))`), or of
    /// the photo grid, which keeps two columns on phones (`minmax(min(50% - gap / 2, 17rem), 1fr)`).
    func gridColumns(column: Double, atLeastTwo: Bool) -> Int {
        let gap = gap(column: column)
        var tile = min(column, gridTileWidth)
        if atLeastTwo { tile = min(tile, (column - gap) / 2) }
        guard tile > 0 else { return 1 }
        // A hair of slack: two tracks of exactly (column - gap) / 2 fit, whatever the rounding.
        return max(1, Int(((column + gap) / (tile + gap) + 1e-9).rounded(.down)))
    }

    /// Album cards (`.gk-cards`, the home page's covers and sub-albums) and photo grids
    /// (`.gk-grid-photos`): from this many tiles the row is filled (`auto-fit`: fewer tiles
    /// than tracks share the whole width). One or two album cards keep the grid's tracks, so a
    /// lone cover is not blown up to the column's width; one or two photos are at most
    /// ``gridStretch`` tiles wide each, centred.
    static let cardsFillFrom = 3
    /// How much wider than a grid tile (`17rem`) one of one or two photos may be (`34rem`).
    static let gridStretch = 2.0

    /// What a uniform grid is.
    enum Grid: Sendable {
        /// Album cards: one column on phones.
        case cards
        /// Photos (`layout: grid`, the home page's photos): two columns at least on phones.
        case photos
    }

    /// The columns of a grid of `count` tiles in a column `column` wide, and each tile's width.
    func grid(_ grid: Grid, count: Int, column: Double) -> (columns: Int, tile: Double) {
        let tracks = gridColumns(column: column, atLeastTwo: grid == .photos)
        let columns = count >= Self.cardsFillFrom || grid == .photos ? max(1, min(tracks, count)) : tracks
        let gap = gap(column: column)
        var tile = (column - Double(columns - 1) * gap) / Double(columns)
        if grid == .photos && count < Self.cardsFillFrom {
            tile = min(tile, gridTileWidth * Self.gridStretch)
        }
        return (columns, tile)
    }
}
