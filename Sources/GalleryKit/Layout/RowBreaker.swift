import Foundation

/// One row of a justified layout: consecutive photos shown at one height.
struct JustifiedRow: Sendable, Hashable {
    /// The photos of the row, as indices into the album's list.
    var range: Range<Int>
    /// The height of every tile of the row, in CSS pixels.
    var height: Double
    /// True when the row is exactly as wide as the column (tiles stretched or shrunk to fit);
    /// false for a last row short enough to stay at the target height, left-aligned, and for
    /// the only row of a short album that would have to grow past ``RowBreaker/maximumStretch``.
    var fillsWidth: Bool
    /// True for the only row of a short album that stops at ``RowBreaker/maximumStretch`` times
    /// the target height: it is centred in the column.
    var centred = false
}

/// Breaks a list of photos into justified rows the way TeX breaks a paragraph into lines
/// (Knuth and Plass): not greedily, but by choosing the breaks that minimise the total
/// badness of all rows, by dynamic programming over the known aspect ratios.
///
/// A row of photos with aspect ratios `a₁ … aₙ` shown at one height `h` is exactly as wide as
/// the column `W` when `h = (W - (n - 1) · gap) / Σaᵢ`. Its badness is `ln(h / target)²`: a
/// row twice as tall as the target is as bad as one half as tall, and a few rows a little off
/// are better than one far off. The last row is not stretched: when its photos fit at the
/// target height it stays there (badness 0), otherwise it shrinks to fit like any other row.
/// The only row of a short album is the exception: a lone short row looks unfinished, so it
/// grows to fill the column, up to ``maximumStretch`` times the target height (photos are never
/// drawn much larger than the rows were meant to be); past that it stays at that height, centred.
/// A 6:1 panorama ends up alone in its row (any neighbour would make the row too low) and a
/// 1:3 portrait shares its row with enough photos to keep it near the target height.
struct RowBreaker: Sendable, Hashable {
    /// The column's width, in CSS pixels.
    var width: Double
    /// The space between two tiles of a row, in CSS pixels.
    var gap: Double
    /// The row height to aim for, in CSS pixels.
    var targetHeight: Double

    /// A row of several photos lower than this fraction of the target is never chosen (a single
    /// photo always may be, however low or tall it comes out).
    static let crowdedLimit = 0.25
    /// The most the only row of a short album grows past the target height to fill the column.
    static let maximumStretch = 1.5

    init(width: Double, gap: Double, targetHeight: Double) {
        self.width = width.isFinite && width > 0 ? width : 1
        self.gap = gap.isFinite && gap >= 0 ? gap : 0
        self.targetHeight = targetHeight.isFinite && targetHeight > 0 ? targetHeight : 1
    }

    /// An aspect ratio the arithmetic can use: positive and finite (a broken value counts as 1:1).
    static func usable(_ aspect: Double) -> Double {
        aspect.isFinite && aspect > 0 ? min(max(aspect, 1e-3), 1e3) : 1
    }

    /// The optimal rows for photos of the given aspect ratios (width / height), in order.
    func rows(for aspects: [Double]) -> [JustifiedRow] {
        let ratios = aspects.map(Self.usable)
        let count = ratios.count
        guard count > 0 else { return [] }
        var prefix = [0.0]
        prefix.reserveCapacity(count + 1)
        for ratio in ratios { prefix.append((prefix.last ?? 0) + ratio) }

        // best[j]: the least total badness of rows covering photos 0..<j; start[j]: where the
        // last of those rows starts.
        var best = [Double](repeating: .infinity, count: count + 1)
        var start = [Int](repeating: 0, count: count + 1)
        best[0] = 0
        for end in 1...count {
            var first = end - 1
            while first >= 0 {
                guard
                    let cost = badness(
                        sum: prefix[end] - prefix[first], count: end - first, isLast: end == count)
                else { break }  // more photos only make the row lower
                if best[first] + cost < best[end] {
                    best[end] = best[first] + cost
                    start[end] = first
                }
                first -= 1
            }
        }
        var rows: [JustifiedRow] = []
        var end = count
        while end > 0 {
            let first = start[end]
            rows.append(row(first..<end, sum: prefix[end] - prefix[first], isLast: end == count))
            end = first
        }
        return rows.reversed()
    }

    /// The total badness of `rows` over photos of these aspect ratios (what ``rows(for:)``
    /// minimises); nil when a row is not allowed.
    func totalBadness(of rows: [Range<Int>], aspects: [Double]) -> Double? {
        let ratios = aspects.map(Self.usable)
        var total = 0.0
        for range in rows {
            let sum = ratios[range].reduce(0, +)
            guard let cost = badness(sum: sum, count: range.count, isLast: range.upperBound == ratios.count)
            else { return nil }
            total += cost
        }
        return total
    }

    /// The height at which `count` photos whose aspect ratios add up to `sum` fill the width.
    func fillingHeight(sum: Double, count: Int) -> Double {
        (width - Double(count - 1) * gap) / sum
    }

    /// The badness of one row, nil when the row is not allowed (too crowded to be useful).
    func badness(sum: Double, count: Int, isLast: Bool) -> Double? {
        let height = fillingHeight(sum: sum, count: count)
        if count > 1 && !(height >= targetHeight * Self.crowdedLimit) { return nil }
        if isLast && height >= targetHeight { return 0 }
        let deviation = log(height / targetHeight)
        return deviation * deviation
    }

    private func row(_ range: Range<Int>, sum: Double, isLast: Bool) -> JustifiedRow {
        let height = fillingHeight(sum: sum, count: range.count)
        if isLast && range.lowerBound == 0 && height > targetHeight * Self.maximumStretch {
            return JustifiedRow(
                range: range, height: targetHeight * Self.maximumStretch, fillsWidth: false, centred: true)
        }
        if isLast && range.lowerBound > 0 && height >= targetHeight {
            return JustifiedRow(range: range, height: targetHeight, fillsWidth: false)
        }
        return JustifiedRow(range: range, height: height, fillsWidth: true)
    }
}
