import Foundation
import Synchronization

extension Easing {
    /// The largest distance allowed between the exact curve and the CSS `linear()` stops
    /// emitted for it, before rounding (rounding adds at most about 0.0004, keeping the total
    /// under 0.5 %).
    static let linearStopTolerance = 0.004

    /// The CSS timing function: a keyword, `cubic-bezier(...)`, or for springs `linear(...)`
    /// with stops dense enough to stay within 0.5 % of the exact curve everywhere. A spring's
    /// animation should run for `naturalDuration` seconds.
    var css: String {
        switch self {
        case .linear: return "linear"
        case .easeIn: return "ease-in"
        case .easeOut: return "ease-out"
        case .easeInOut: return "ease-in-out"
        case .timingCurve(let a, let b, let c, let d): return Self.cubicBezierCSS(a, b, c, d)
        case .spring:
            if let known = linearCSSCache.withLock({ $0[self] }) { return known }
            let stops = linearStops()
            let parts = stops.enumerated().map { index, stop -> String in
                let y = cssNumber(stop.value, digits: 4)
                if index == 0 || index == stops.count - 1 { return y }
                return "\(y) \(cssNumber(stop.position * 100, digits: 2))%"
            }
            let css = "linear(\(parts.joined(separator: ", ")))"
            linearCSSCache.withLock { $0[self] = css }
            return css
        }
    }

    /// A `cubic-bezier(...)` or keyword for browsers without `linear()`: for springs, the
    /// Bézier curve fitted to the spring by least squares (it may overshoot, y up to 1.5).
    var fallbackCSS: String {
        guard case .spring = self else { return css }
        let (a, b, c, d) = fittedControlPoints()
        return Self.cubicBezierCSS(a, b, c, d)
    }

    private static func cubicBezierCSS(_ a: Double, _ b: Double, _ c: Double, _ d: Double) -> String {
        let numbers = [a, b, c, d].map { cssNumber($0, digits: 3) }
        return "cubic-bezier(\(numbers.joined(separator: ", ")))"
    }

    /// Stops (position 0 ... 1, value) whose linear interpolation follows the curve within
    /// `linearStopTolerance`, chosen greedily: each segment is extended as far as the error
    /// allows, checked on a grid of 2,000 points.
    func linearStops() -> [(position: Double, value: Double)] {
        let fine = 2000
        let samples = (0...fine).map { value(at: Double($0) / Double(fine)) }
        var stops: [(position: Double, value: Double)] = [(0, samples[0])]
        var start = 0
        while start < fine {
            var end = start + 1
            while end < fine && Self.fits(samples, from: start, to: end + 1) { end += 1 }
            stops.append((Double(end) / Double(fine), samples[end]))
            start = end
        }
        return stops
    }

    private static func fits(_ samples: [Double], from a: Int, to b: Int) -> Bool {
        let ya = samples[a]
        let slope = (samples[b] - ya) / Double(b - a)
        for i in (a + 1)..<b where abs(ya + slope * Double(i - a) - samples[i]) > linearStopTolerance {
            return false
        }
        return true
    }

    /// Least-squares cubic Bézier fit (Nelder-Mead over the four control values), remembered
    /// per easing because Ken Burns plans ask for it once per photo.
    func fittedControlPoints() -> (Double, Double, Double, Double) {
        if let known = bezierFitCache.withLock({ $0[self] }) {
            return (known[0], known[1], known[2], known[3])
        }
        let best = computeFittedControlPoints()
        bezierFitCache.withLock { $0[self] = best }
        return (best[0], best[1], best[2], best[3])
    }

    private func computeFittedControlPoints() -> [Double] {
        let count = 64
        let xs = (0..<count).map { (Double($0) + 0.5) / Double(count) }
        let targets = xs.map { value(at: $0) }
        func cost(_ p: [Double]) -> Double {
            if p[0] < 0 || p[0] > 1 || p[2] < 0 || p[2] > 1 || abs(p[1]) > 1.5 || abs(p[3]) > 1.5 {
                return .infinity
            }
            let curve = CubicBezier(x1: p[0], y1: p[1], x2: p[2], y2: p[3])
            return zip(xs, targets).reduce(0) { sum, pair in
                let d = curve.value(at: pair.0) - pair.1
                return sum + d * d
            }
        }
        return NelderMead.minimize(cost, start: [0.3, 0.6, 0.3, 1.1], step: 0.15, iterations: 400)
    }
}

/// Fitted Bézier control points by easing; a pure function's results, so sharing is safe.
private let bezierFitCache = Mutex<[Easing: [Double]]>([:])

/// A spring's `linear(...)` by easing (2,001 samples and a greedy fit each time otherwise, and
/// the stylesheets ask for it several times per build), for the same reason.
private let linearCSSCache = Mutex<[Easing: String]>([:])

/// Progress ranges by easing, for the same reason.
private let progressRangeCache = Mutex<[Easing: ClosedRange<Double>]>([:])

/// Formats a number for CSS: at most `digits` decimals, trailing zeros trimmed, never `-0`
/// (``decimalText(_:digits:)``, so pages and stylesheets round alike).
func cssNumber(_ value: Double, digits: Int) -> String {
    decimalText(value, digits: digits)
}

extension Easing {
    /// The lowest and highest progress the easing reaches, over its exact curve and its CSS
    /// fallback, widened by 0.002 for what sampling can miss.
    func progressRange() -> ClosedRange<Double> {
        if let known = progressRangeCache.withLock({ $0[self] }) { return known }
        let range = computeProgressRange()
        progressRangeCache.withLock { $0[self] = range }
        return range
    }

    private func computeProgressRange() -> ClosedRange<Double> {
        var low = 0.0
        var high = 1.0
        var curves: [(Double) -> Double] = [value(at:)]
        if case .spring = self {
            let (a, b, c, d) = fittedControlPoints()
            let bezier = CubicBezier(x1: a, y1: b, x2: c, y2: d)
            curves.append(bezier.value(at:))
        }
        for curve in curves {
            for i in 0...4000 {
                let v = curve(Double(i) / 4000)
                low = min(low, v)
                high = max(high, v)
            }
        }
        return (low - (low < 0 ? 0.002 : 0))...(high + (high > 1 ? 0.002 : 0))
    }
}
