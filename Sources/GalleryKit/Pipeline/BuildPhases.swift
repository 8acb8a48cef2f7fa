import Foundation
import Synchronization

/// How long one phase of a build took. Phases run inside the image workers (keying, restoring,
/// processing) add up the time of every worker, so they can exceed the wall time of the stage.
public struct BuildPhaseTiming: Sendable, Hashable {
    /// A short name: `content`, `images`, `cache key`, `restore`, `render`, `gps scan` ...
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

/// Collects phase timings in order, from any thread; each name appears once, later adds sum up.
final class PhaseClock: Sendable {
    private let clock = ContinuousClock()
    private let phases = Mutex<[BuildPhaseTiming]>([])

    /// Runs `body` and adds its wall time under `name`.
    func measure<T, E: Error>(_ name: String, _ body: () throws(E) -> T) throws(E) -> T {
        let start = clock.now
        defer { add(name, clock.now - start) }
        return try body()
    }

    /// Runs `body` and adds its wall time under `name`.
    func measure<T, E: Error>(_ name: String, _ body: () async throws(E) -> T) async throws(E) -> T {
        let start = clock.now
        defer { add(name, clock.now - start) }
        return try await body()
    }

    /// Adds `duration` to the phase `name`, appending it when new.
    func add(_ name: String, _ duration: Duration) {
        phases.withLock { phases in
            if let index = phases.firstIndex(where: { $0.name == name }) {
                phases[index].duration += duration
            } else {
                phases.append(BuildPhaseTiming(name: name, duration: duration))
            }
        }
    }

    /// The phases so far, in the order they first ran.
    var timings: [BuildPhaseTiming] { phases.withLock { $0 } }

    /// The current instant, for callers timing a span themselves.
    var now: ContinuousClock.Instant { clock.now }
}
