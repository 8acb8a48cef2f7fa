import Foundation
import Testing

@testable import GalleryKit

@Suite struct EasingTests {
    /// Parses `linear(0, 0.2 10%, ..., 1)` back into (position, value) stops.
    private func parseLinear(_ css: String) throws -> [(Double, Double)] {
        #expect(css.hasPrefix("linear(") && css.hasSuffix(")"))
        let inner = css.dropFirst("linear(".count).dropLast()
        let parts = inner.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        return try parts.enumerated().map { index, part in
            let words = part.split(separator: " ")
            let value = try #require(Double(String(words[0])))
            if words.count == 2 {
                let percent = try #require(Double(String(words[1].dropLast())))
                return (percent / 100, value)
            }
            return (index == 0 ? 0 : 1, value)
        }
    }

    private func interpolate(_ stops: [(Double, Double)], at x: Double) -> Double {
        for i in 1..<stops.count where x <= stops[i].0 {
            let (x0, y0) = stops[i - 1]
            let (x1, y1) = stops[i]
            return x1 == x0 ? y1 : y0 + (y1 - y0) * (x - x0) / (x1 - x0)
        }
        return stops[stops.count - 1].1
    }

    static let springs: [Spring] = [
        .bouncy, .smooth, .snappy,
        Spring(response: 0.3, dampingFraction: 0.2),
        Spring(response: 1.0, dampingFraction: 1.6),
        Spring(response: 0.8, dampingFraction: 0.999),
    ]

    @Test(arguments: springs)
    func springLinearStopsFollowTheExactCurveWithinHalfAPercent(spring: Spring) throws {
        let easing = Easing.spring(spring)
        let stops = try parseLinear(easing.css)
        #expect(stops.first?.1 == 0)
        #expect(stops.last?.1 == 1)
        #expect(stops.count < 80, "\(stops.count) stops")
        let duration = spring.settlingDuration
        var worst = 0.0
        for i in 0...20_000 {
            let x = Double(i) / 20_000
            let exact = x >= 1 ? spring.value(at: duration) : spring.value(at: x * duration)
            worst = max(worst, abs(interpolate(stops, at: x) - exact))
        }
        #expect(worst <= 0.005, "worst deviation \(worst)")
    }

    @Test func underdampedSpringOvershootsAndSettles() {
        let spring = Spring.bouncy
        let duration = spring.settlingDuration
        let peak = (0...1000).map { spring.value(at: Double($0) / 1000 * duration) }.max() ?? 0
        #expect(peak > 1.03)
        // Settled: after the settling time it never leaves the 0.1 % band; just before, it did.
        for i in 0...2000 {
            #expect(
                abs(spring.value(at: duration + Double(i) * 0.001) - 1) <= Spring.settlingThreshold + 1e-9)
        }
        let before = (1...200).map { abs(spring.value(at: duration - Double($0) * 0.001) - 1) }.max() ?? 0
        #expect(before > Spring.settlingThreshold * 0.9)
    }

    @Test func criticalAndOverdampedSpringsNeverOvershoot() {
        for spring in [Spring.smooth, Spring(response: 0.5, dampingFraction: 2)] {
            let duration = spring.settlingDuration
            var previous = 0.0
            for i in 0...2000 {
                let v = spring.value(at: Double(i) / 2000 * duration)
                #expect(v <= 1 && v >= previous - 1e-12)
                previous = v
            }
        }
        // Stiffer damping settles more slowly; smooth (critical) settles in about 0.74 s.
        #expect(Spring(response: 0.5, dampingFraction: 2).settlingDuration > Spring.smooth.settlingDuration)
        #expect(abs(Spring.smooth.settlingDuration - 0.7386) < 0.01)
    }

    @Test func springSolutionSatisfiesTheOscillatorEquation() {
        // x'' + 2ζω x' + ω² (x - 1) = 0, checked with finite differences.
        for spring in [Spring.bouncy, .smooth, Spring(response: 0.7, dampingFraction: 1.4)] {
            let w = 2 * Double.pi / spring.response
            let z = spring.dampingFraction
            let h = 1e-4
            for t in stride(from: 0.05, to: 1.0, by: 0.05) {
                let x0 = spring.value(at: t - h)
                let x1 = spring.value(at: t)
                let x2 = spring.value(at: t + h)
                let residual =
                    (x2 - 2 * x1 + x0) / (h * h) + 2 * z * w * (x2 - x0) / (2 * h) + w * w * (x1 - 1)
                #expect(abs(residual) < 1e-2 * w * w)
            }
            #expect(abs(spring.value(at: 1e-5)) < 1e-6)  // starts at rest at 0
        }
    }

    @Test func bezierFallbackFollowsTheSpring() throws {
        for spring in [Spring.bouncy, .snappy, .smooth] {
            let easing = Easing.spring(spring)
            let (a, b, c, d) = easing.fittedControlPoints()
            let curve = CubicBezier(x1: a, y1: b, x2: c, y2: d)
            let worst =
                (0...200).map { i -> Double in
                    let x = Double(i) / 200
                    return abs(curve.value(at: x) - easing.value(at: x))
                }.max() ?? 1
            #expect(worst < 0.08, "\(spring): \(worst)")
            #expect(easing.fallbackCSS.hasPrefix("cubic-bezier("))
        }
        // The bouncy fallback overshoots, as the spring does.
        let (_, _, _, y2) = Easing.spring(.bouncy).fittedControlPoints()
        #expect(y2 > 1)
    }

    @Test(arguments: [
        ("linear", Easing.linear), ("ease-in", .easeIn), ("ease-out", .easeOut),
        ("Ease-In-Out", .easeInOut), ("easeInOut", .easeInOut),
        ("cubic-bezier(0.1, 0.7, 1.0, 0.1)", .timingCurve(0.1, 0.7, 1, 0.1)),
        ("spring(response: 0.5, damping: 0.7)", .spring(Spring(response: 0.5, dampingFraction: 0.7))),
        ("spring(0.4,0.9)", .spring(Spring(response: 0.4, dampingFraction: 0.9))),
        ("bouncy", .spring(.bouncy)), ("smooth", .spring(.smooth)), (" snappy ", .spring(.snappy)),
    ])
    func parsesEasingNames(text: String, expected: Easing) {
        #expect(Easing(parsing: text) == expected)
    }

    @Test(arguments: [
        "", "wobbly", "cubic-bezier(1.2, 0, 0, 1)", "cubic-bezier(0, 0, 1)", "spring(response: 0.5)",
        "spring(mass: 1, damping: 0.5)", "spring(response: -1, damping: 0.5)", "ease-in(", "linear(0, 1)",
    ])
    func rejectsUnknownEasings(text: String) {
        #expect(Easing(parsing: text) == nil)
    }

    @Test func keywordsAndCurvesBecomeCSSAsWritten() {
        #expect(Easing.linear.css == "linear")
        #expect(Easing.easeInOut.css == "ease-in-out")
        #expect(Easing.timingCurve(0.25, 0.1, 0.25, 1).css == "cubic-bezier(0.25, 0.1, 0.25, 1)")
        #expect(Easing.easeOut.fallbackCSS == "ease-out")
        #expect(abs(Easing.easeInOut.value(at: 0.5) - 0.5) < 1e-6)
        #expect(Easing.easeIn.value(at: 0.25) < 0.25)
        #expect(Easing.spring(.bouncy).naturalDuration == Spring.bouncy.settlingDuration)
    }
}
