import Foundation

/// The justified rows of one album page, chosen at build time for a handful of column widths.
///
/// For each design width (``designWidths``) the ``RowBreaker`` picks the optimal rows at that
/// width's target height. A design width's rows are used for every column from halfway (by
/// ratio) below it to halfway above it: the CSS sizes each tile as a
/// percentage of the column, so the rows fill the column exactly at every width of the band and
/// their height grows and shrinks with it (at most about 20 % off the design width's height).
struct JustifiedLayout: Sendable, Hashable {
    /// The column widths rows are chosen for, in CSS pixels: phones, small and large tablets,
    /// laptops, and the theme's widest column.
    static let designWidths: [Double] = [360, 600, 900, 1200, 1400]
    /// The default `layouts.row_height`.
    static let defaultRowHeight = 240.0

    /// The rows of one design width, and the columns they are used for.
    struct Band: Sendable, Hashable {
        /// The design width, in CSS pixels.
        var width: Double
        /// The narrowest column this band is used for (0 for the first band).
        var minimumColumn: Double
        var gap: Double
        var targetHeight: Double
        var rows: [JustifiedRow]
    }

    /// The photos' aspect ratios (width / height), in order.
    let aspects: [Double]
    let bands: [Band]
    /// For each band, the row of each photo (an index into the band's rows).
    private let rowIndex: [[Int]]

    /// - Parameters:
    ///   - aspects: width / height of each photo, in display order.
    ///   - rowHeight: the target row height on wide screens (`layouts.row_height`).
    ///   - geometry: the theme's gaps.
    init(aspects: [Double], rowHeight: Double = Self.defaultRowHeight, geometry: ThemeGeometry = .default) {
        self.aspects = aspects.map(RowBreaker.usable)
        var bands: [Band] = []
        for (index, width) in Self.designWidths.enumerated() {
            let minimum = index == 0 ? 0 : (Self.designWidths[index - 1] * width).squareRoot().rounded()
            let gap = geometry.gap(column: width)
            let target = Self.targetHeight(rowHeight: rowHeight, column: width)
            let breaker = RowBreaker(width: width, gap: gap, targetHeight: target)
            bands.append(
                Band(
                    width: width, minimumColumn: minimum, gap: gap, targetHeight: target,
                    rows: breaker.rows(for: self.aspects)))
        }
        self.bands = bands
        self.rowIndex = bands.map { band in
            var index = [Int](repeating: 0, count: aspects.count)
            for (number, row) in band.rows.enumerated() {
                for photo in row.range { index[photo] = number }
            }
            return index
        }
    }

    /// The row of photo `index` in `band` (one of ``bands``).
    func row(of index: Int, inBand band: Int) -> JustifiedRow {
        bands[band].rows[rowIndex[band][index]]
    }

    /// The index of the band a column `column` wide shows.
    func bandIndex(column: Double) -> Int {
        bands.lastIndex { column >= $0.minimumColumn } ?? 0
    }

    /// The target row height for a column `column` wide: `rowHeight` from 1000 px up, lower on
    /// narrower columns, down to 60 % of it on phones (so a phone row still holds two photos).
    static func targetHeight(rowHeight: Double, column: Double) -> Double {
        let height = rowHeight.isFinite && rowHeight > 0 ? rowHeight : defaultRowHeight
        return height * min(max(column / 1000, 0.6), 1)
    }

    /// The band whose rows a column `column` wide shows.
    func band(column: Double) -> Band {
        bands[bandIndex(column: column)]
    }

    /// One tile as a browser lays it out.
    struct Tile: Sendable, Hashable {
        var index: Int
        var x: Double
        var y: Double
        var width: Double
        var height: Double
    }

    /// Every tile's box in a column `column` wide with `gap` between tiles (the same arithmetic
    /// as the CSS: each tile a fraction of the column less the gaps of its row).
    func tiles(column: Double, gap: Double) -> [Tile] {
        let band = band(column: column)
        var tiles: [Tile] = []
        var y = 0.0
        for row in band.rows {
            let share = fraction(of: row, in: band)
            let available = column - Double(row.range.count - 1) * gap
            var x = 0.0
            if row.centred {
                let used = row.range.map { available * share * aspects[$0] }.reduce(0, +)
                x = max(0, (available - used) / 2)
            }
            var height = 0.0
            for index in row.range {
                let width = available * share * aspects[index]
                height = width / aspects[index]
                tiles.append(Tile(index: index, x: x, y: y, width: width, height: height))
                x += width + gap
            }
            y += height + gap
        }
        return tiles
    }

    /// The height of the whole layout in a column `column` wide.
    func height(column: Double, gap: Double) -> Double {
        guard let last = tiles(column: column, gap: gap).last else { return 0 }
        return last.y + last.height
    }

    /// The fraction of (column less the row's gaps) that one unit of aspect ratio takes in
    /// `row`: `1 / Σaᵢ` for a row that fills the width; for a last row at the target height, the
    /// share that gives the target height at the band's design width.
    func fraction(of row: JustifiedRow, in band: Band) -> Double {
        let available = band.width - Double(row.range.count - 1) * band.gap
        return row.height / available
    }
}
