import Synchronization
import Testing

@testable import GalleryServe

@Suite struct RebuildCoordinatorTests {
    final class Log: Sendable {
        let batches = Mutex<[Set<String>]>([])
        let running = Mutex(0)
        let maxRunning = Mutex(0)
    }

    @Test func aBurstOfFiftyChangesIsOneRebuild() async throws {
        let log = Log()
        // A long quiet period, so that a loaded machine running the suite in parallel cannot
        // stretch the fifty submissions past it.
        let coordinator = RebuildCoordinator(debounce: .seconds(2)) { paths in
            log.batches.withLock { $0.append(paths) }
        }
        // As a watcher thread would: fifty separate events, each submitted on its own.
        for index in 0..<50 {
            coordinator.submit(["content/page-\(index).md"])
        }
        for _ in 0..<1000 where log.batches.withLock({ $0.isEmpty }) {
            try await Task.sleep(for: .milliseconds(10))
        }
        try await Task.sleep(for: .milliseconds(2500))
        await coordinator.waitUntilIdle()
        let batches = log.batches.withLock { $0 }
        #expect(batches.count == 1)
        #expect(batches.first?.count == 50)
        #expect(await coordinator.rebuildCount == 1)
    }

    @Test func aBurstDuringARebuildBecomesExactlyOneMoreNeverOverlapping() async throws {
        let log = Log()
        let gate = Mutex(false)
        let coordinator = RebuildCoordinator(debounce: .milliseconds(20)) { paths in
            let now = log.running.withLock { value in
                value += 1
                return value
            }
            log.maxRunning.withLock { $0 = max($0, now) }
            while !gate.withLock({ $0 }) {
                try? await Task.sleep(for: .milliseconds(5))
            }
            log.running.withLock { $0 -= 1 }
            log.batches.withLock { $0.append(paths) }
        }
        await coordinator.noteChange("first.md")
        while log.running.withLock({ $0 }) == 0 {
            try await Task.sleep(for: .milliseconds(5))
        }
        // The first rebuild is running and cannot finish until the gate opens: however slow
        // the machine, all fifty changes arrive during it.
        for index in 0..<50 {
            await coordinator.noteChange("page-\(index % 25).md")
            await coordinator.noteChange("photo-\(index).jpg")
        }
        gate.withLock { $0 = true }
        await coordinator.waitUntilIdle()
        let batches = log.batches.withLock { $0 }
        #expect(batches.count == 2)
        #expect(batches.first == ["first.md"])
        #expect(batches.last?.count == 75)
        #expect(log.maxRunning.withLock { $0 } == 1)
        #expect(await coordinator.rebuildCount == 2)
    }
}
