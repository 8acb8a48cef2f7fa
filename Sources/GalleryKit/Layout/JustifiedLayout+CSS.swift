import Foundation

extension JustifiedLayout {
    /// The container the band queries ask about: the theme's photo section
    /// (`container: gk-photos / inline-size` in galleryc.css).
    static let containerName = "gk-photos"

    /// The share of a row's free width (the column less the row's gaps) that the CSS gives
    /// one unit of aspect ratio is written this much smaller than exact, so that rounding can
    /// never push a full row's last tile onto the next line; `flex-grow` (proportional to the
    /// aspect ratio, so heights stay equal) hands the sliver back.
    static let fitMargin = 0.999

    /// The rows as CSS: for each band one rule per row, on the row's tiles by position in
    /// `list` (`:nth-child`), setting the custom properties galleryc.css sizes `.gk-tile` with:
    ///
    /// - `--gk-row`: the share of the row's free width per unit of aspect ratio, so a tile's
    ///   `flex-basis` is `(100% - gaps) × ratio × --gk-row`, proportional to its aspect ratio
    ///   and the row exactly as wide as the column;
    /// - `--gk-gaps`: the number of gaps in the row;
    /// - `--gk-grow`: `100` for rows that fill the column, `0` for a short last row.
    ///
    /// A band whose only row is centred (a short album whose row would have to grow too much to
    /// fill the column) centres the list's lines (`justify-content: center`, which moves no
    /// full row: they have no free space); a later band that does not sets it back.
    ///
    /// The first band applies without a query; each later one inside
    /// `@container gk-photos (min-width: …px)`, overriding every tile.
    func css(list: String) -> String {
        var css = ""
        var previous: [Range<Int>: String] = [:]
        var centredBefore = false
        for (index, band) in bands.enumerated() {
            var current: [Range<Int>: String] = [:]
            var rules = ""
            let centred = band.rows.count == 1 && band.rows[0].centred
            if centred != centredBefore {
                rules +=
                    (index == 0 ? "" : "    ")
                    + "\(list) { justify-content: \(centred ? "center" : "flex-start"); }\n"
                centredBefore = centred
            }
            for row in band.rows {
                let share = fraction(of: row, in: band) * Self.fitMargin
                let declarations =
                    "--gk-row: \(cssNumber(share, digits: 6)); --gk-gaps: \(row.range.count - 1); "
                    + "--gk-grow: \(row.fillsWidth ? 100 : 0);"
                current[row.range] = declarations
                // The same row with the same values in the band below already applies here.
                if previous[row.range] == declarations { continue }
                rules +=
                    (index == 0 ? "" : "    ")
                    + "\(list) > \(Self.positions(row.range)) { \(declarations) }\n"
            }
            previous = current
            if index == 0 || rules.isEmpty {
                css += rules
            } else {
                let width = cssNumber(band.minimumColumn, digits: 0)
                css += "@container \(Self.containerName) (min-width: \(width)px) {\n\(rules)}\n"
            }
        }
        return css
    }

    /// `:nth-child(n+4):nth-child(-n+7)` for positions (0-based) `range`; a single position in
    /// the same form, so that every row rule has the same specificity and a later band always
    /// overrides an earlier one.
    static func positions(_ range: Range<Int>) -> String {
        ":nth-child(n+\(range.lowerBound + 1)):nth-child(-n+\(range.upperBound))"
    }
}
