import Foundation
import Synchronization

/// How long one phase of a build took. Phases run inside the image workers (keying, restoring,
/// processing) add up the time of every worker, so they can exceed the wall time of the stage.
public struct BuildPhaseTiming: Sendable, Hashable {
    /// The phase's name as ``BuildPhase`` spells it: `content`, `render`, `cache key` ...
    public var name: String
    /// Wall time, or summed worker time for the image stage's sub-phases.
    public var duration: Duration

    /// Creates a timing.
    public init(name: String, duration: Duration) {
        self.name = name
        self.duration = duration
    }

    /// `render 12.3 ms`, for a timings line on stderr.
    public var description: String {
        let parts = duration.components
        let milliseconds = Double(parts.seconds) * 1000 + Double(parts.attoseconds) / 1e15
        return name + " " + String(format: "%.1f ms", milliseconds)
    }
}

/// Collects phase timings from any thread; later adds to a phase sum up.
final class PhaseClock: Sendable {
    private let clock = ContinuousClock()
    private let phases = Mutex<[BuildPhase: Duration]>([:])

    /// Runs `body` and adds its wall time to `phase`.
    func measure<T, E: Error>(_ phase: BuildPhase, _ body: () throws(E) -> T) throws(E) -> T {
        let start = clock.now
        defer { add(phase, clock.now - start) }
        return try body()
    }

    /// Runs `body` and adds its wall time to `phase`.
    func measure<T, E: Error>(_ phase: BuildPhase, _ body: () async throws(E) -> T) async throws(E) -> T {
        let start = clock.now
        defer { add(phase, clock.now - start) }
        return try await body()
    }

    /// Adds `duration` to `phase`.
    func add(_ phase: BuildPhase, _ duration: Duration) {
        phases.withLock { $0[phase, default: .zero] += duration }
    }

    /// The phases that ran, in ``BuildPhase`` order.
    var timings: [BuildPhaseTiming] {
        let measured = phases.withLock { $0 }
        return BuildPhase.allCases.compactMap { phase in
            measured[phase].map { BuildPhaseTiming(name: phase.rawValue, duration: $0) }
        }
    }

    /// The current instant, for callers timing a span themselves.
    var now: ContinuousClock.Instant { clock.now }
}
