import Foundation
import Testing

@testable import GalleryKit

/// The justified row breaker: rows fill the column, the choice is optimal, and panoramas and
/// very tall photos do not wreck their rows.
@Suite struct RowBreakerTests {
    /// A small deterministic generator (SplitMix64), so every run checks the same albums.
    struct Seeded {
        var state: UInt64
        mutating func next() -> Double {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Double((z ^ (z >> 31)) >> 11) / Double(1 << 53)
        }
        /// Mostly 3:2 and 2:3 photos, some square, 4:3, 16:9, panoramas and tall ones.
        mutating func aspect() -> Double {
            let pick = next()
            switch pick {
            case ..<0.45: return 1.5
            case ..<0.7: return 2.0 / 3.0
            case ..<0.8: return 4.0 / 3.0
            case ..<0.87: return 1.0
            case ..<0.93: return 16.0 / 9.0
            case ..<0.97: return 2.5 + next() * 4
            default: return 0.3 + next() * 0.3
            }
        }
    }

    static let albums: [(name: String, aspects: [Double])] = [
        ("all equal", Array(repeating: 1.5, count: 24)),
        ("one panorama", Array(repeating: 1.5, count: 7) + [6] + Array(repeating: 1.5, count: 7)),
        ("one very tall", Array(repeating: 1.5, count: 7) + [1.0 / 3] + Array(repeating: 1.5, count: 7)),
        ("two photos", [1.5, 2.0 / 3.0]),
        ("one photo", [4.0 / 3.0]),
        (
            "1,000 photos",
            {
                var random = Seeded(state: 42)
                return (0..<1000).map { _ in random.aspect() }
            }()
        ),
    ]

    /// Every row but an unstretched last one is exactly as wide as the column (within 1 px)
    /// at each design width; all tiles of a row have one height; every photo is in one row,
    /// in order.
    @Test(arguments: albums.map(\.name))
    func rowsFillTheColumnAtEveryDesignWidth(name: String) throws {
        let aspects = try #require(Self.albums.first { $0.name == name }).aspects
        let layout = JustifiedLayout(aspects: aspects)
        #expect(layout.bands.map(\.width) == JustifiedLayout.designWidths)
        for band in layout.bands {
            #expect(
                band.rows.flatMap { Array($0.range) } == Array(aspects.indices), "\(name) at \(band.width)")
            let tiles = layout.tiles(column: band.width, gap: band.gap)
            #expect(tiles.count == aspects.count)
            for (number, row) in band.rows.enumerated() {
                let rowTiles = tiles.filter { row.range.contains($0.index) }
                let used = rowTiles.map(\.width).reduce(0, +) + Double(rowTiles.count - 1) * band.gap
                let heights = rowTiles.map(\.height)
                let spread = (heights.max() ?? 0) - (heights.min() ?? 0)
                #expect(spread < 0.01, "\(name) at \(band.width), row \(number): heights \(heights)")
                if row.fillsWidth {
                    #expect(
                        abs(used - band.width) <= 1, "\(name) at \(band.width), row \(number): \(used) px")
                } else if row.centred {
                    #expect(band.rows.count == 1, "only the only row of an album is centred")
                    #expect(used <= band.width + 1)
                    let bound = band.targetHeight * RowBreaker.maximumStretch
                    #expect(abs(row.height - bound) < 1e-9, "a centred row stops at the bounded stretch")
                    let left = rowTiles.first?.x ?? 0
                    #expect(abs(left - (band.width - used) / 2) < 0.01, "\(name) at \(band.width): x \(left)")
                } else {
                    #expect(number == band.rows.count - 1, "only the last row may be left short")
                    #expect(number > 0, "the only row of an album fills the column or is centred")
                    #expect(used <= band.width + 1)
                    #expect(abs(row.height - band.targetHeight) < 1e-9, "a short last row keeps the target")
                }
            }
        }
    }

    @Test func aPanoramaGetsARowOfItsOwn() throws {
        let aspects = try #require(Self.albums.first { $0.name == "one panorama" }).aspects
        for band in JustifiedLayout(aspects: aspects).bands {
            let row = try #require(band.rows.first { $0.range.contains(7) })
            #expect(row.range == 7..<8, "at \(band.width) the panorama shares \(row.range)")
        }
    }

    @Test func aVeryTallPhotoDoesNotMakeItsRowTall() throws {
        let aspects = try #require(Self.albums.first { $0.name == "one very tall" }).aspects
        for band in JustifiedLayout(aspects: aspects).bands {
            let row = try #require(band.rows.first { $0.range.contains(7) })
            #expect(row.range.count > 1, "at \(band.width) the 1:3 photo is alone")
            #expect(row.height <= 1.5 * band.targetHeight, "at \(band.width): \(row.height) px")
            // It is still shown whole: a tile as narrow as its aspect ratio says, not cropped.
            let tile = JustifiedLayout(aspects: aspects).tiles(column: band.width, gap: band.gap)[7]
            #expect(abs(tile.width / tile.height - 1.0 / 3) < 1e-9)
        }
    }

    @Test func aShortAlbumsOnlyRowFillsTheColumnUpToABoundThenIsCentred() {
        // Two landscapes on a tablet: the row grows from 216 px to 295 px (within 1.5 times the
        // target) and reaches the right edge.
        let tablet = RowBreaker(width: 900, gap: 13.98, targetHeight: 216).rows(for: [1.5, 1.5])
        #expect(tablet.count == 1 && tablet[0].fillsWidth && !tablet[0].centred)
        #expect(abs(tablet[0].height - (900 - 13.98) / 3) < 1e-9)
        // Two photos on a laptop would have to grow to 639 px: they stop at 360 px, centred.
        let wide = RowBreaker(width: 1400, gap: 16, targetHeight: 240).rows(for: [1.5, 2.0 / 3.0])
        #expect(wide == [JustifiedRow(range: 0..<2, height: 360, fillsWidth: false, centred: true)])
        // On a phone they do not fit at the target height: the row shrinks to the column.
        let phone = RowBreaker(width: 360, gap: 8, targetHeight: 144).rows(for: [1.5, 1.5])
        #expect(phone.count == 1 && phone[0].fillsWidth && abs(phone[0].height - 352.0 / 3) < 1e-9)
        #expect(RowBreaker(width: 360, gap: 8, targetHeight: 144).rows(for: []).isEmpty)
        // The last row of a longer album stays at the target height, left-aligned.
        let long = RowBreaker(width: 1400, gap: 16, targetHeight: 240).rows(
            for: Array(repeating: 1.5, count: 5))
        #expect(long.last?.fillsWidth == false && long.last?.centred == false && long.last?.height == 240)
    }

    /// The page stylesheet centres the list's lines in the bands where the only row is centred,
    /// and sets them back where it fills the column.
    @Test func centredRowsCentreTheListInTheirBandsOnly() {
        let css = JustifiedLayout(aspects: [1.5, 1.5]).css(list: ".gk-justified")
        let lines = css.split(separator: "\n").map(String.init)
        // The phone and tablet bands fill the column; the laptop bands centre.
        #expect(!lines.prefix(2).contains { $0.contains("justify-content") })
        let centre = lines.firstIndex { $0.contains("justify-content: center") }
        let query = lines.lastIndex { $0.hasPrefix("@container gk-photos (min-width: 1039px)") }
        #expect(centre != nil && query != nil && centre! > query!, "\(css)")
        #expect(!css.contains("flex-start"))
        let narrowFirst = JustifiedLayout(aspects: [1.0 / 3]).css(list: ".gk-justified")
        #expect(narrowFirst.hasPrefix(".gk-justified { justify-content: center; }"), "\(narrowFirst)")
    }

    /// The dynamic programme finds the least total badness: compared with every possible set of
    /// breaks (2ⁿ⁻¹ of them) on small random albums.
    @Test(arguments: [1, 2, 3, 5, 8, 11])
    func breaksAreOptimalAgainstBruteForce(size: Int) {
        var random = Seeded(state: UInt64(size) * 7919)
        for trial in 0..<40 {
            let aspects = (0..<size).map { _ in random.aspect() }
            for (width, gap, target) in [(360.0, 8.0, 144.0), (900, 13.98, 216), (1400, 16, 240)] {
                let breaker = RowBreaker(width: width, gap: gap, targetHeight: target)
                let chosen = breaker.rows(for: aspects)
                let chosenCost = breaker.totalBadness(of: chosen.map(\.range), aspects: aspects)
                var bestCost = Double.infinity
                for mask in 0..<(1 << (size - 1)) {
                    var rows: [Range<Int>] = []
                    var first = 0
                    for index in 1..<max(size, 1) where mask & (1 << (index - 1)) != 0 {
                        rows.append(first..<index)
                        first = index
                    }
                    rows.append(first..<size)
                    if let cost = breaker.totalBadness(of: rows, aspects: aspects) {
                        bestCost = min(bestCost, cost)
                    }
                }
                let found = chosenCost ?? .infinity
                #expect(
                    abs(found - bestCost) <= 1e-9 * max(1, bestCost),
                    "trial \(trial), \(aspects) at \(width): \(found) vs \(bestCost)")
            }
        }
    }

    @Test func brokenAspectRatiosStillGiveRows() {
        let rows = RowBreaker(width: 900, gap: 14, targetHeight: 216).rows(for: [.nan, 0, -2, .infinity, 1.5])
        #expect(rows.flatMap { Array($0.range) } == [0, 1, 2, 3, 4])
        #expect(rows.allSatisfy { $0.height.isFinite && $0.height > 0 })
    }
}
