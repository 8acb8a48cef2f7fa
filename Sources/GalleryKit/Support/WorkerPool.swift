import Foundation
import Synchronization

/// The build's workers: at most ``workers`` threads run the build's work at once, however many
/// stages, photos, encodes and scans ask for them (`--jobs`; ARCHITECTURE.md, Concurrency).
///
/// Plain threads, not Swift tasks: the work is long, blocking C (libjpeg, libwebp, waiting on
/// ffmpeg), which would hold up the cooperative pool that also runs the preview server's
/// actor. A thread starts when work is queued and fewer than `workers` exist, and ends when no
/// work is left, so an idle pool holds no thread. Each has 8 MB of stack, as the main thread:
/// large photos recurse deep in libjpeg and the resize code.
///
/// Work comes in groups. A stage hands the pool a group of items from async code with
/// ``map(_:_:)``, which returns each item's value in index order, never in finishing order;
/// an item may start a group of its own (``Group``: a photo's encodes) and wait for it. A
/// thread waiting for its group first runs the group's queued items itself and blocks only
/// while the last of them run on other threads: a waiting item keeps its thread, so nesting
/// never adds a thread, and never deadlocks (each queued item has a free thread or its waiting
/// owner to run it). A free thread takes from the group fed last, so a photo's encodes go
/// before the next photo and memory stays bounded by the photos in flight.
final class WorkerPool: Sendable {
    /// How many threads may exist at once (at least 1).
    let workers: Int
    private let state = Mutex(State())

    /// A pool of `workers` threads at most; by default one per core.
    init(workers: Int = ProcessInfo.processInfo.activeProcessorCount) {
        self.workers = max(1, workers)
    }

    /// Runs `body(0..<count)` on the pool and returns the values in index order.
    /// - Throws: `CancellationError` when the calling task was cancelled before every item
    ///   ran: from then on no item starts, and the ones running are waited for.
    func map<T: Sendable>(_ count: Int, _ body: @escaping @Sendable (Int) -> T)
        async throws(CancellationError)
        -> [T]
    {
        guard count > 0 else { return [] }
        let results = Slots<T>(count)
        let group = makeGroup()
        for index in 0..<count {
            group.add { results.put(body(index), at: index) }
        }
        await withTaskCancellationHandler {
            await group.finished()
        } onCancel: {
            group.cancel()
        }
        guard let values = results.all() else { throw CancellationError() }
        return values
    }

    /// Runs `body(0..<count)` on the pool and returns the values in index order, waiting for
    /// them: for a stage that runs on one of the pool's threads (which runs the queued items
    /// itself while it waits, see ``Group/wait()``) and fans out from there, as the render
    /// phase does. Never from async code, which must not block: use ``map(_:_:)`` there.
    func mapWaiting<T: Sendable>(_ count: Int, _ body: @escaping @Sendable (Int) -> T) -> [T] {
        guard count > 1 else { return (0..<count).map(body) }
        let results = Slots<T>(count)
        let group = makeGroup()
        for index in 0..<count {
            group.add { results.put(body(index), at: index) }
        }
        group.wait()
        // Nobody else holds the group: it is never cancelled, so every item ran.
        return results.all() ?? []
    }

    /// A new, empty group of work; only the caller adds to it and waits for it.
    func makeGroup() -> Group {
        Group(
            pool: self,
            id: state.withLock { state in
                defer { state.nextGroup += 1 }
                state.groups[state.nextGroup] = GroupState()
                return state.nextGroup
            })
    }

    /// Items queued together and waited for together: the items of one ``map(_:_:)``, the
    /// encodes of one photo.
    struct Group: Sendable {
        fileprivate let pool: WorkerPool
        fileprivate let id: Int

        /// Queues `work`; a thread is started for it when fewer than ``workers`` exist.
        /// Does nothing once the group is cancelled.
        func add(_ work: @escaping @Sendable () -> Void) {
            pool.add(work, to: id)
        }

        /// Returns when every item added has run. On one of the pool's threads the queued
        /// items are run right here first.
        func wait() {
            pool.wait(for: id)
        }

        /// Returns when every item added has run (for async callers, which never block).
        func finished() async {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                pool.whenDone(id) { continuation.resume() }
            }
        }

        /// No queued item of the group starts any more; those running finish.
        func cancel() {
            pool.cancel(id)
        }
    }
}

extension WorkerPool {
    fileprivate struct GroupState {
        /// Queued items; a taken one is set to nil so that what it captured is freed.
        var queue: [(@Sendable () -> Void)?] = []
        var next = 0
        var running = 0
        var cancelled = false
        /// Set once its owner waits: no item is added after that, so idle means done.
        var onDone: (@Sendable () -> Void)?
        var sealed = false

        var hasQueued: Bool { next < queue.count }

        mutating func takeNext() -> (@Sendable () -> Void)? {
            defer {
                queue[next] = nil
                next += 1
                running += 1
            }
            return queue[next]
        }
        var isDone: Bool { sealed && !hasQueued && running == 0 }
    }

    fileprivate struct State {
        var threads = 0
        /// The pool's own threads, by `Thread` identity: only they help while they wait.
        var members: Set<ObjectIdentifier> = []
        var groups: [Int: GroupState] = [:]
        /// Groups with queued items, in the order they were last fed.
        var feeding: [Int] = []
        var nextGroup = 0

        /// Takes the next queued item of group `id`, counting it as running.
        mutating func take(from id: Int) -> (@Sendable () -> Void)? {
            // In place: a copy of the group would copy its queue at every item.
            guard groups[id]?.hasQueued == true, let work = groups[id]?.takeNext() else { return nil }
            if groups[id]?.hasQueued != true { feeding.removeAll { $0 == id } }
            return work
        }

        /// Forgets a finished group; returns what to call now that it is done.
        mutating func complete(_ id: Int) -> (@Sendable () -> Void)? {
            guard let group = groups[id], group.isDone else { return nil }
            groups[id] = nil
            return group.onDone ?? {}
        }
    }

    fileprivate func add(_ work: @escaping @Sendable () -> Void, to id: Int) {
        let startThread = state.withLock { state -> Bool in
            guard state.groups[id]?.cancelled == false else { return false }
            state.groups[id]?.queue.append(work)
            if state.feeding.last != id {
                state.feeding.removeAll { $0 == id }
                state.feeding.append(id)
            }
            guard state.threads < workers else { return false }
            state.threads += 1
            return true
        }
        if startThread { start() }
    }

    /// A new thread taking items until none is queued (its place was counted by the caller).
    private func start() {
        let thread = Thread { [self] in
            let me = ObjectIdentifier(Thread.current)
            state.withLock { _ = $0.members.insert(me) }
            while let (id, work) = next(orLeave: me) {
                work()
                finish(id)
            }
        }
        thread.stackSize = 8 << 20
        thread.start()
    }

    /// The next item of the group fed last, or nil after the thread was counted out.
    private func next(orLeave thread: ObjectIdentifier) -> (Int, @Sendable () -> Void)? {
        state.withLock { state in
            while let id = state.feeding.last {
                if let work = state.take(from: id) { return (id, work) }
                state.feeding.removeLast()
            }
            state.threads -= 1
            state.members.remove(thread)
            return nil
        }
    }

    private func finish(_ id: Int) {
        let done = state.withLock { state -> (@Sendable () -> Void)? in
            state.groups[id]?.running -= 1
            return state.complete(id)
        }
        done?()
    }

    fileprivate func wait(for id: Int) {
        let me = ObjectIdentifier(Thread.current)
        let woken = DispatchSemaphore(value: 0)
        while true {
            let step = state.withLock { state -> WaitStep in
                state.groups[id]?.sealed = true
                if state.members.contains(me), let work = state.take(from: id) { return .run(work) }
                guard state.groups[id] != nil, state.complete(id) == nil else { return .done }
                state.groups[id]?.onDone = { woken.signal() }
                return .block
            }
            switch step {
            case .run(let work):
                work()
                finish(id)
            case .done:
                return
            case .block:
                woken.wait()
                return
            }
        }
    }

    private enum WaitStep {
        case run(@Sendable () -> Void)
        case done
        case block
    }

    fileprivate func whenDone(_ id: Int, _ done: @escaping @Sendable () -> Void) {
        let now = state.withLock { state -> Bool in
            state.groups[id]?.sealed = true
            state.groups[id]?.onDone = done
            return state.complete(id) != nil || state.groups[id] == nil
        }
        if now { done() }
    }

    fileprivate func cancel(_ id: Int) {
        let done = state.withLock { state -> (@Sendable () -> Void)? in
            guard state.groups[id] != nil else { return nil }
            state.groups[id]?.cancelled = true
            state.groups[id]?.queue = []
            state.groups[id]?.next = 0
            state.feeding.removeAll { $0 == id }
            return state.complete(id)
        }
        done?()
    }
}

/// One value per index, filled in by the workers.
private final class Slots<T: Sendable>: Sendable {
    private let values: Locked<[T?]>

    init(_ count: Int) { values = Locked([T?](repeating: nil, count: count)) }

    func put(_ value: T, at index: Int) { values.withLock { $0[index] = value } }

    /// Every value in index order, or nil when an item did not run.
    func all() -> [T]? {
        values.withLock { values -> [T]? in
            var all: [T] = []
            all.reserveCapacity(values.count)
            for value in values {
                guard let value else { return nil }
                all.append(value)
            }
            return all
        }
    }
}
