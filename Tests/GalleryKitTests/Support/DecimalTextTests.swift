import Foundation
import Testing

@testable import GalleryKit

/// One number formatter for pages and stylesheets: what a photographer reads (`f/2.8`) and
/// what CSS gets (`calc(33.3vw - 14px)`) round the same way.
@Suite struct DecimalTextTests {
    @Test func trimsZerosRoundsHalvesAwayFromZeroAndNeverSaysMinusZero() {
        #expect(decimalText(35) == "35")
        #expect(decimalText(2.8) == "2.8")
        #expect(decimalText(2.80001, digits: 3) == "2.8")
        #expect(decimalText(0.125, digits: 2) == "0.13")
        #expect(decimalText(-0.125, digits: 2) == "-0.13")
        #expect(decimalText(2.5, digits: 0) == "3")
        #expect(decimalText(-0.0001, digits: 2) == "0")
        #expect(decimalText(-0.0) == "0")
        #expect(cssNumber(33.333_333, digits: 2) == "33.33")
        #expect(cssNumber(1.5, digits: 4) == "1.5")
    }

    @Test func extremeValuesDoNotTrap() {
        #expect(decimalText(1e20) == "100000000000000000000")
        #expect(decimalText(.infinity) == "inf")
        #expect(decimalText(-.infinity) == "-inf")
        #expect(decimalText(.nan) == "nan")
    }
}
