import Foundation

/// `sizes` attributes that state how wide each image is drawn in the default theme, so that the
/// browser fetches the rendition the screen needs (the displayed width times the device pixel
/// ratio) and not the `100vw` a missing `sizes` means.
///
/// Most widths are piecewise linear in the viewport width: the column is `100vw - 2rem` up to
/// the widest column, the gap `1.5vw` between its clamps, and a tile a share of the column less
/// its row's gaps. Such a width is written exactly, as one `calc(Avw - Bpx)` per piece behind
/// `(min-width: …)`, widest piece first. Widths that depend on the viewport's height (the
/// slider, the photo page, story photos) are written with `min()` and `max()`.
struct ImageSizes: Sendable {
    let geometry: ThemeGeometry
    /// Pixels by which piecewise widths are stated narrower than drawn.
    static let bias = 1.0
    /// The narrowest viewport the pieces are fitted from (a narrower one extends the first).
    static let narrowestViewport = 320.0
    /// Album tiles on phones and tablets (below the desktop breakpoint) on dense screens are
    /// fetched as if for this many device pixels per CSS pixel on a 3x screen: `sizes` states
    /// two thirds of the drawn width there (so a 2.625x screen fetches for 1.75x, a 4x one for
    /// 2.67x). At thumbnail size a 3x rendition is hardly sharper than a 2x one but has 2.25
    /// times the pixels, and on a phone's connection they are what delays the first screen
    /// (Benchmarks/webperf.sh: the album's first view on a 3x phone under Fast 3G). Photo
    /// pages, slides and story photos keep the screen's full density.
    static let tileDensityCap = 2.0
    /// Screens at or above this density get the capped tile widths (2.5: 3x phones and
    /// 2.625x/2.75x Android ones, not 2x tablets).
    static let cappedDensity = 2.5

    init(geometry: ThemeGeometry = .default) {
        self.geometry = geometry
    }

    /// The viewport from which the column stops growing.
    var widestViewport: Double { geometry.pageWidth + geometry.pageMargin + geometry.desktopScrollbar }

    /// The column and the gap a viewport `viewport` wide (`100vw`) lays out with.
    private func column(_ viewport: Double) -> (width: Double, gap: Double) {
        let page = geometry.pageViewport(viewport)
        return (geometry.columnWidth(viewport: page), geometry.gap(viewport: page))
    }

    /// A justified tile: photo `index` of `layout`, whose row and share change with the band.
    func justifiedTile(_ layout: JustifiedLayout, index: Int) -> String {
        let aspect = layout.aspects.indices.contains(index) ? layout.aspects[index] : 1
        return attribute(
            capped: true, regime: { layout.bandIndex(column: column($0).width) },
            width: { viewport in
                let (column, gap) = column(viewport)
                let bandIndex = layout.bandIndex(column: column)
                let row = layout.row(of: index, inBand: bandIndex)
                let gaps = Double(row.range.count - 1) * gap
                let share = layout.fraction(of: row, in: layout.bands[bandIndex]) * JustifiedLayout.fitMargin
                return share * aspect * (column - gaps)
            })
    }

    /// A tile of a uniform grid of `count` tiles (``ThemeGeometry/grid(_:count:column:)``), its
    /// frame `frameAspect` (3:2) and the photo `photoAspect` (cropped to cover the frame, so a
    /// wider photo is drawn wider than its tile).
    func gridTile(
        _ grid: ThemeGeometry.Grid, count: Int, frameAspect: Double = 1.5, photoAspect: Double
    ) -> String {
        let crop = max(1, photoAspect / frameAspect)
        let layout = { (column: Double) in geometry.grid(grid, count: count, column: column) }
        return attribute(
            capped: true,
            regime: { viewport in
                // A new piece where the columns change, or where the tile stops stretching.
                let (columns, tile) = layout(column(viewport).width)
                return columns * 2
                    + (tile >= geometry.gridTileWidth * ThemeGeometry.gridStretch - 0.01 ? 1 : 0)
            },
            width: { viewport in layout(column(viewport).width).tile * crop })
    }

    /// A hero slide: a 3:2 frame as wide as the slider (`min(column, 56rem, 82.5vh)`), the photo
    /// cropped to cover it.
    func slide(photoAspect: Double) -> String {
        bounded(
            cap: geometry.sliderWidth, perViewportHeight: geometry.sliderWidthPerViewportHeight * 100,
            scale: max(1, photoAspect / 1.5))
    }

    /// The photo page's image (the viewer): fitted to the stage, which is the whole viewport
    /// (less the scrollbar on desktops): `100vw`, or `150vh` for a 3:2 photo where the height
    /// binds.
    ///
    /// The stylesheet also caps the image at twice its largest rendition's width divided by
    /// the device pixel ratio; `sizes` leaves that cap out on purpose: where it binds, the
    /// browser needs the largest rendition anyway, so the choice is the same and the attribute
    /// shorter.
    func mainImage(photoAspect: Double) -> String {
        let aspect = max(photoAspect, 1e-3)
        let height = linearHeight(slope: aspect, intercept: 0)
        let desktop = "(min-width: \(px(geometry.desktopViewport)))"
        let scrollbar = geometry.desktopScrollbar
        var entries: [String] = []
        // On desktops the height binds where `a·100vh < 100vw - scrollbar`, which no media
        // query states exactly: per stretch of heights, the aspect ratio at which the two meet
        // at the stretch's foot.
        let steps = Array(
            stride(
                from: Self.viewerHeights.lowerBound, to: Self.viewerHeights.upperBound,
                by: Self.viewerHeightStep))
        for (stepIndex, foot) in steps.enumerated().reversed() {
            let ratio = (aspect * foot + scrollbar) / foot
            // Each stretch of heights holds only its own: a lower one's ratio must not catch a
            // taller screen that its own stretch sent to the width.
            var conditions = [desktop]
            if stepIndex > 0 { conditions.append("(min-height: \(px(foot)))") }
            if stepIndex < steps.count - 1 {
                conditions.append("(max-height: \(px(foot + Self.viewerHeightStep - 1)))")
            }
            conditions.append("(min-aspect-ratio: \(Int((ratio * 1000).rounded(.up)))/1000)")
            entries.append(conditions.joined(separator: " and ") + " " + height)
        }
        entries.append("\(desktop) \(linear(slope: 1, intercept: -scrollbar))")
        // Phones and tablets overlay their scrollbars: the stage is exactly the viewport.
        entries.append("(min-aspect-ratio: \(Int((aspect * 1000).rounded(.up)))/1000) \(height)")
        entries.append("100vw")
        return entries.joined(separator: ", ")
    }

    /// The heights between which ``mainImage(photoAspect:)`` states its height-bound width in
    /// stretches of ``viewerHeightStep`` (below and above, the end stretches extend).
    static let viewerHeights = 360.0..<1440.0
    static let viewerHeightStep = 120.0

    /// The photo page's image drawn in a viewport `viewport` wide and `height` tall, in CSS
    /// pixels, before the stylesheet's cap at the largest rendition (what ``mainImage(photoAspect:)``
    /// states).
    func mainImageWidth(photoAspect: Double, viewport: Double, height: Double) -> Double {
        min(geometry.pageViewport(viewport), height * photoAspect)
    }

    /// `min(column, cap, k·vh) × scale`, written with media conditions rather than `min()`
    /// (which browsers take in `sizes` but the HTML checker does not): the cap where the viewport
    /// is wide and tall enough for it, the height's share where the screen is wider than `k` %
    /// of its height, else the column (less the desktop scrollbar from 1024 px up).
    private func bounded(cap: Double, perViewportHeight k: Double, scale: Double) -> String {
        let capWidth = cap + geometry.pageMargin + geometry.desktopScrollbar
        let capHeight = (cap / k * 100).rounded(.up)
        let aspect = Int((k * 10).rounded())
        func column(_ margin: Double) -> String {
            linear(slope: scale, intercept: -margin * scale - Self.bias)
        }
        return [
            "(min-width: \(px(capWidth))) and (min-height: \(px(capHeight))) \(px(cap * scale - Self.bias))",
            "(min-aspect-ratio: \(aspect)/1000) \(number(k * scale))vh",
            "(min-width: \(px(geometry.desktopViewport))) \(column(geometry.pageMargin + geometry.desktopScrollbar))",
            column(geometry.pageMargin),
        ].joined(separator: ", ")
    }

    /// `calc(150vh - 216px)`: a width that is linear in the viewport's height.
    private func linearHeight(slope: Double, intercept: Double) -> String {
        let vh = number(slope * 100)
        if abs(intercept) < 0.5 { return "\(vh)vh" }
        return "calc(\(vh)vh \(intercept < 0 ? "-" : "+") \(px(abs(intercept))))"
    }

    /// A story photo: the whole screen, the photo covering it (as wide as the screen, or as
    /// wide as the screen's height makes it), on phones too: the crop keeps the photo's focal
    /// point (`object-position`), and the caption keeps to the other side.
    func story(photoAspect: Double) -> String {
        let wide = Int((photoAspect * 1000).rounded())
        return "(min-aspect-ratio: \(wide)/1000) 100vw, \(number(100 * photoAspect))vh"
    }

    // MARK: - Pieces

    /// `sizes` for a width that is linear in the viewport within each regime (band, number of
    /// columns) and each stretch of the gap (fixed, `1.5vw`, fixed): the exact line per piece,
    /// neighbouring pieces merged where one line fits both within half a pixel. With `capped`,
    /// each piece below the desktop breakpoint is preceded by its ``tileDensityCap`` version
    /// for screens of ``cappedDensity`` and more (`(min-resolution: 2.5dppx) and (min-width:
    /// 534px) calc(17.62vw - 5px)`), which wins there because it comes first.
    func attribute(capped: Bool = false, regime: (Double) -> Int, width: (Double) -> Double) -> String {
        // Where the gap, the scrollbar or the column changes its formula.
        let kinks =
            [geometry.minimumGap, geometry.maximumGap].map { $0 / max(geometry.gapPerViewport, 1e-9) }
            + [geometry.desktopViewport, geometry.desktopViewport + geometry.desktopScrollbar]
        var starts: [Double] = [Self.narrowestViewport]
        var previous = regime(Self.narrowestViewport)
        var viewport = Self.narrowestViewport + 1
        while viewport < widestViewport {
            let current = regime(viewport)
            let crossesKink = kinks.contains { $0 > viewport - 1 && $0 <= viewport }
            if current != previous || crossesKink { starts.append(viewport) }
            previous = current
            viewport += 1
        }
        starts.append(widestViewport)
        // Lines through each piece's first and last scanned viewport (so a jump at a border,
        // which lies somewhere between two scanned viewports, is not averaged in).
        struct Piece {
            var from: Double
            var to: Double
            var slope: Double
            var intercept: Double
        }
        var pieces: [Piece] = []
        for (from, to) in zip(starts, starts.dropFirst()) {
            let a = from
            let b = max(from, to - 1)  // the last viewport the scan saw in this regime
            let slope = b > a ? (width(b) - width(a)) / (b - a) : 0
            let piece = Piece(from: from, to: to, slope: slope, intercept: width(a) - slope * a)
            // Never across the desktop breakpoint when the capped density's entries end there.
            if let last = pieces.last,
                !(capped && last.from < geometry.desktopViewport && from >= geometry.desktopViewport)
            {
                let predictedStart = last.slope * from + last.intercept
                let predictedEnd = last.slope * b + last.intercept
                if abs(predictedStart - width(a)) < 0.5 && abs(predictedEnd - width(b)) < 0.5 {
                    pieces[pieces.count - 1].to = to
                    continue
                }
            }
            pieces.append(piece)
        }
        // Each width is stated a pixel narrow: a tile drawn a fraction of a pixel wider than a
        // rendition is as sharp with it as with the next one up, which costs half as much again.
        var entries = ["(min-width: \(px(widestViewport))) \(px(width(widestViewport) - Self.bias))"]
        let dense = "(min-resolution: \(number(Self.cappedDensity))dppx)"
        // A 3x phone, the common dense screen, then fetches at exactly the cap.
        let scale = Self.tileDensityCap / 3
        for (index, piece) in pieces.enumerated().reversed() {
            let value = linear(slope: piece.slope, intercept: piece.intercept - Self.bias)
            let from = index == 0 ? "" : "(min-width: \(px(piece.from)))"
            if capped && piece.from < geometry.desktopViewport {
                let less = linear(
                    slope: piece.slope * scale, intercept: (piece.intercept - Self.bias) * scale)
                entries.append((from.isEmpty ? dense : "\(dense) and \(from)") + " " + less)
            }
            entries.append(from.isEmpty ? value : "\(from) \(value)")
        }
        return entries.joined(separator: ", ")
    }

    /// `calc(23.45vw - 12px)`, or `240px` for a constant.
    private func linear(slope: Double, intercept: Double) -> String {
        if abs(slope) < 1e-6 { return px(intercept) }
        let vw = number(slope * 100)
        if abs(intercept) < 0.5 { return "\(vw)vw" }
        let sign = intercept < 0 ? "-" : "+"
        return "calc(\(vw)vw \(sign) \(px(abs(intercept))))"
    }

    private func px(_ value: Double) -> String { "\(cssNumber(value.rounded(), digits: 0))px" }
    private func number(_ value: Double) -> String { cssNumber(value, digits: 2) }
}
