import Foundation

/// How an animation moves from start to end, in SwiftUI's vocabulary; compiled to a CSS
/// timing function with `css` (and `fallbackCSS` for browsers without `linear()`).
enum Easing: Sendable, Hashable {
    case linear
    case easeIn
    case easeOut
    case easeInOut
    /// A cubic Bézier curve with control points (x1, y1) and (x2, y2), as CSS `cubic-bezier()`.
    case timingCurve(Double, Double, Double, Double)
    /// A spring, solved analytically; it overshoots and settles like SwiftUI's.
    case spring(Spring)

    /// The progress (0 at the start, 1 at the end, possibly overshooting) at `fraction` of the
    /// animation's duration (clamped to 0 ... 1).
    func value(at fraction: Double) -> Double {
        let x = min(max(fraction, 0), 1)
        switch self {
        case .linear: return x
        case .spring(let spring):
            if x >= 1 { return 1 }
            return spring.value(at: x * spring.settlingDuration)
        default:
            let (x1, y1, x2, y2) = controlPoints ?? (0, 0, 1, 1)
            return CubicBezier(x1: x1, y1: y1, x2: x2, y2: y2).value(at: x)
        }
    }

    /// The cubic Bézier control points of the keyword and `timingCurve` easings (CSS's
    /// definitions of `ease-in`, `ease-out`, `ease-in-out`, which match SwiftUI's); nil otherwise.
    var controlPoints: (Double, Double, Double, Double)? {
        switch self {
        case .easeIn: return (0.42, 0, 1, 1)
        case .easeOut: return (0, 0, 0.58, 1)
        case .easeInOut: return (0.42, 0, 0.58, 1)
        case .timingCurve(let a, let b, let c, let d): return (a, b, c, d)
        case .linear, .spring: return nil
        }
    }

    /// The natural duration in seconds: a spring's settling time, nil for curves (whose
    /// duration the caller chooses).
    var naturalDuration: Double? {
        if case .spring(let spring) = self { return spring.settlingDuration }
        return nil
    }
}

/// A CSS cubic-bezier timing function, evaluated by solving x(s) = x for the curve parameter.
struct CubicBezier: Sendable, Hashable {
    var x1: Double
    var y1: Double
    var x2: Double
    var y2: Double

    private static func coordinate(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - s
        return 3 * u * u * s * p1 + 3 * u * s * s * p2 + s * s * s
    }

    /// y at the given x in 0 ... 1 (x1 and x2 are clamped to 0 ... 1, as CSS requires).
    func value(at x: Double) -> Double {
        let cx1 = min(max(x1, 0), 1)
        let cx2 = min(max(x2, 0), 1)
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        // x(s) is monotonic for control x in 0 ... 1: bisection is exact enough and never fails.
        var lo = 0.0
        var hi = 1.0
        for _ in 0..<40 {
            let mid = (lo + hi) / 2
            if Self.coordinate(mid, cx1, cx2) < x { lo = mid } else { hi = mid }
        }
        return Self.coordinate((lo + hi) / 2, y1, y2)
    }
}
