import Foundation

/// A damped spring in SwiftUI's terms: how long one oscillation takes (`response`) and how
/// quickly the motion dies down (`dampingFraction`: 1 is critically damped, below 1 overshoots,
/// above 1 creeps in without overshoot).
///
/// The motion is the step response of a damped harmonic oscillator moving from 0 to 1 with zero
/// initial velocity, solved in closed form (see `value(at:)`).
struct Spring: Sendable, Hashable {
    /// The period of the undamped oscillation, in seconds (clamped to at least 0.01).
    let response: Double
    /// The damping ratio (clamped to 0.05 ... 10; 0 would oscillate forever).
    let dampingFraction: Double
    /// Seconds until the spring stays within `settlingThreshold` of 1 for good; this is the
    /// duration its CSS animation runs.
    private(set) var settlingDuration: Double

    /// Creates a spring; out-of-range values are clamped as documented on the properties.
    init(response: Double, dampingFraction: Double) {
        self.response = response.isFinite ? max(response, 0.01) : 0.5
        self.dampingFraction = dampingFraction.isFinite ? min(max(dampingFraction, 0.05), 10) : 1
        settlingDuration = 0
        settlingDuration = computeSettlingDuration()
    }

    /// SwiftUI's `.smooth`: duration 0.5, bounce 0 (Apple's docs for `Spring.smooth(duration:extraBounce:)`:
    /// "base bounce of 0"; a bounce of b is a damping fraction of 1 - b).
    static let smooth = Spring(response: 0.5, dampingFraction: 1.0)
    /// SwiftUI's `.snappy`: duration 0.5, base bounce 0.15 (damping fraction 0.85).
    static let snappy = Spring(response: 0.5, dampingFraction: 0.85)
    /// SwiftUI's `.bouncy`: duration 0.5, base bounce 0.3 (damping fraction 0.7).
    static let bouncy = Spring(response: 0.5, dampingFraction: 0.7)

    /// The settling threshold: the spring counts as settled once it stays within 0.1 % of its
    /// target for good.
    static let settlingThreshold = 0.001

    private var omega: Double { 2 * Double.pi / response }

    /// Position at `t` seconds after release, moving from 0 towards 1.
    func value(at t: Double) -> Double {
        guard t > 0 else { return 0 }
        let zeta = dampingFraction
        let w0 = omega
        if abs(zeta - 1) < 1e-9 {
            return 1 - exp(-w0 * t) * (1 + w0 * t)
        } else if zeta < 1 {
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            let decay = exp(-zeta * w0 * t)
            return 1 - decay * (cos(wd * t) + zeta * w0 / wd * sin(wd * t))
        } else {
            let root = (zeta * zeta - 1).squareRoot()
            let r1 = -w0 * (zeta - root)
            let r2 = -w0 * (zeta + root)
            return 1 - (r2 * exp(r1 * t) - r1 * exp(r2 * t)) / (r2 - r1)
        }
    }

    /// A decreasing upper bound on `|value(at: t) - 1|`.
    private func envelope(at t: Double) -> Double {
        let zeta = dampingFraction
        let w0 = omega
        if abs(zeta - 1) < 1e-9 {
            return exp(-w0 * t) * (1 + w0 * t)
        } else if zeta < 1 {
            return exp(-zeta * w0 * t) / (1 - zeta * zeta).squareRoot()
        } else {
            let root = (zeta * zeta - 1).squareRoot()
            let r1 = -w0 * (zeta - root)
            let r2 = -w0 * (zeta + root)
            return (abs(r1) + abs(r2)) / abs(r2 - r1) * exp(r1 * t)
        }
    }

    private func computeSettlingDuration() -> Double {
        let eps = Self.settlingThreshold
        // An upper bound from the envelope, by doubling and bisection.
        var hi = response
        while envelope(at: hi) > eps { hi *= 2 }
        var lo = 0.0
        for _ in 0..<60 {
            let mid = (lo + hi) / 2
            if envelope(at: mid) > eps { lo = mid } else { hi = mid }
        }
        let bound = hi
        // Walk back from the bound to the last sample still outside the band, then refine.
        let steps = 4000
        let dt = bound / Double(steps)
        var index = steps
        while index > 0 && abs(value(at: Double(index) * dt) - 1) <= eps { index -= 1 }
        if index == steps { return bound }
        var a = Double(index) * dt
        var b = a + dt
        for _ in 0..<50 {
            let mid = (a + b) / 2
            if abs(value(at: mid) - 1) > eps { a = mid } else { b = mid }
        }
        return b
    }
}
