import Foundation
import Synchronization
import Testing

@testable import GalleryKit

/// The build's one pool: `--jobs` bounds every fan-out at once, nesting neither deadlocks nor
/// adds threads, values come back in index order, and a cancelled build stops taking work.
@Suite(.timeLimit(.minutes(1)))
struct WorkerPoolTests {
    /// How many items run their own code at once (waiting for a group does not count), and
    /// the most seen.
    final class Running: Sendable {
        private let state = Mutex((now: 0, peak: 0, total: 0))

        func enter() {
            state.withLock { state in
                state.now += 1
                state.total += 1
                state.peak = max(state.peak, state.now)
            }
        }

        func leave() { state.withLock { $0.now -= 1 } }
        var peak: Int { state.withLock { $0.peak } }
        var total: Int { state.withLock { $0.total } }
    }

    @Test(arguments: [1, 2, 3])
    func neverRunsMoreItemsThanWorkers(workers: Int) async throws {
        let pool = WorkerPool(workers: workers)
        let running = Running()
        _ = try await pool.map(40) { index in
            running.enter()
            defer { running.leave() }
            usleep(2_000)
            return index
        }
        #expect(running.peak == workers, "\(running.peak) items ran at once on a pool of \(workers)")
    }

    /// Every item waits for a group of its own (a photo and its encodes): more outer items
    /// than workers, and still at most `workers` run at once and everything finishes, also with
    /// one worker, which then runs each group itself.
    @Test(arguments: [1, 2])
    func nestedGroupsFinishWithoutAddingWorkers(workers: Int) async throws {
        let pool = WorkerPool(workers: workers)
        let running = Running()
        let sums = try await pool.map(6) { outer in
            running.enter()
            let group = pool.makeGroup()
            let inner = Locked([Int](repeating: 0, count: 5))
            for index in 0..<5 {
                group.add {
                    running.enter()
                    defer { running.leave() }
                    usleep(1_000)
                    inner.withLock { $0[index] = outer * 10 + index }
                }
            }
            usleep(1_000)
            running.leave()
            group.wait()
            running.enter()
            defer { running.leave() }
            return inner.withLock { $0.reduce(0, +) }
        }
        #expect(sums == (0..<6).map { $0 * 50 + 10 })
        #expect(running.total == 6 * 2 + 30)
        #expect(running.peak <= workers, "\(running.peak) ran at once on a pool of \(workers)")
    }

    /// The render phase: one item of the pool fans out and waits (``WorkerPool/mapWaiting(_:_:)``),
    /// its values in index order, on one worker (which then runs every item itself) as on two.
    @Test(arguments: [1, 2])
    func aPoolThreadMapsAndWaits(workers: Int) async throws {
        let pool = WorkerPool(workers: workers)
        let running = Running()
        let values = try await pool.map(1) { _ in
            pool.mapWaiting(9) { index in
                running.enter()
                defer { running.leave() }
                usleep(UInt32(9 - index) * 500)
                return index * index
            }
        }
        #expect(values == [(0..<9).map { $0 * $0 }])
        #expect(running.total == 9 && running.peak <= workers, "\(running.peak) ran at once on \(workers)")
    }

    @Test func valuesComeBackInIndexOrderWhateverOrderTheyFinish() async throws {
        let pool = WorkerPool(workers: 3)
        let finished = Locked<[Int]>([])
        let values = try await pool.map(12) { index in
            usleep(UInt32(12 - index) * 1_000)
            finished.withLock { $0.append(index) }
            return "item \(index)"
        }
        #expect(values == (0..<12).map { "item \($0)" })
        #expect(finished.withLock { $0 } != Array(0..<12), "the items finished in order anyway")
    }

    /// Ctrl-C cancels the build's task: items not yet started never start, the running one
    /// finishes, and the caller hears of it. The first item holds its worker until the task
    /// is cancelled, so exactly one has started then.
    @Test func aCancelledMapStartsNoFurtherItem() async throws {
        let pool = WorkerPool(workers: 1)
        let running = Running()
        let release = DispatchSemaphore(value: 0)
        let task = Task {
            try await pool.map(200) { index in
                running.enter()
                defer { running.leave() }
                if index == 0 { release.wait() }
                return index
            }
        }
        while running.total == 0 { try await Task.sleep(for: .milliseconds(1)) }
        task.cancel()
        release.signal()
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(running.total == 1, "\(running.total) of 200 items started although the task was cancelled")
        try await Task.sleep(for: .milliseconds(20))
        #expect(running.total == 1, "items went on starting after the map returned")
    }

    @Test func anEmptyMapAndAnIdlePoolNeedNoThread() async throws {
        let pool = WorkerPool(workers: 2)
        #expect(try await pool.map(0) { $0 }.isEmpty)
        let group = pool.makeGroup()
        group.wait()
        await group.finished()
        #expect(try await pool.map(3) { $0 * 2 } == [0, 2, 4])
    }

    /// The rule of ARCHITECTURE.md's Concurrency section, held: no fan-out of the build goes
    /// around the pool (Dispatch's queues, groups, timers and sources, `concurrentPerform`,
    /// threads of its own, Swift tasks it starts).
    @Test func noFanOutOfTheBuildGoesAroundThePool() throws {
        let root = BuildSandbox.repositoryRoot.appendingPathComponent("Sources/GalleryKit")
        let walker = try #require(FileManager.default.enumerator(atPath: root.path))
        var found: [String] = []
        while let path = walker.nextObject() as? String {
            guard path.hasSuffix(".swift"), path != "Support/WorkerPool.swift" else { continue }
            let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code =
                    line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
                for pattern in [
                    "concurrentPerform", "DispatchQueue", "DispatchGroup", "DispatchSource", "asyncAfter",
                    ".async {", ".async(", "Thread {", "Thread(", "pthread_create", "Task {", "Task(",
                    "Task.detached", "TaskGroup", "async let",
                ]
                where code.contains(pattern) {
                    found.append("\(path):\(number + 1): \(pattern)")
                }
            }
        }
        #expect(found.isEmpty, "work outside the WorkerPool: \(found)")
    }
}
