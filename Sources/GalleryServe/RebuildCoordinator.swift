import Synchronization

/// Turns bursts of file changes into single rebuilds.
///
/// Every change is recorded; once no new change has arrived for `debounce`, the rebuild
/// closure runs with the set of paths changed since the last rebuild. Rebuilds never overlap:
/// changes that arrive during one are collected and trigger exactly one more afterwards.
actor RebuildCoordinator {
    /// Rebuilds the site; receives the paths changed since the previous call.
    typealias Rebuild = @Sendable (Set<String>) async -> Void

    private let debounce: Duration
    private let rebuild: Rebuild
    private var pending: Set<String> = []
    private var lastChange: ContinuousClock.Instant?
    private var worker: Task<Void, Never>?
    private var forced = false
    /// Paths submitted from other threads, in arrival order, not yet taken in by the actor.
    /// Kept outside the actor's isolation so that ``submit(_:)`` records them at once, before
    /// any task is scheduled: a busy machine can delay the task, never lose or reorder paths.
    private nonisolated let inbox = Mutex<(paths: [String], at: ContinuousClock.Instant?)>(([], nil))

    /// How many times the rebuild closure has been called.
    private(set) var rebuildCount = 0

    /// - Parameters:
    ///   - debounce: how long the files must stay quiet before a rebuild starts.
    ///   - rebuild: the rebuild; called on one task at a time.
    init(debounce: Duration = .milliseconds(30), rebuild: @escaping Rebuild) {
        self.debounce = debounce
        self.rebuild = rebuild
    }

    /// Records changed paths and schedules a rebuild.
    func noteChanges(_ paths: some Sequence<String>) {
        pending.formUnion(paths)
        lastChange = .now
        startWorkerIfIdle()
    }

    /// Asks for a rebuild without waiting for quiet (the first, full build): the closure runs
    /// with whatever paths are pending, possibly none, once any running rebuild has finished.
    func requestRebuild() {
        forced = true
        startWorkerIfIdle()
    }

    /// Records changed paths from any thread without waiting, e.g. from a ``FileWatcher``
    /// handler: `watcher = try FileWatcher(directories: dirs) { coordinator.submit($0.map(\.path)) }`.
    nonisolated func submit(_ paths: [String]) {
        let first = inbox.withLock { inbox in
            defer {
                inbox.paths += paths
                inbox.at = .now
            }
            return inbox.paths.isEmpty
        }
        if first { Task { await self.takeInbox() } }
    }

    /// Moves submitted paths into `pending`, as if noted when they were submitted.
    private func takeInbox() {
        let (paths, at) = inbox.withLock { inbox in
            defer { inbox = ([], nil) }
            return inbox
        }
        guard let at else { return }
        pending.formUnion(paths)
        lastChange = max(lastChange ?? at, at)
        startWorkerIfIdle()
    }

    /// Starts the task that waits for quiet and rebuilds, unless it is already running.
    private func startWorkerIfIdle() {
        if worker == nil {
            worker = Task { await self.drain() }
        }
    }

    /// Records one changed path and schedules a rebuild.
    func noteChange(_ path: String) {
        noteChanges(CollectionOfOne(path))
    }

    /// Returns once no rebuild is running or waiting to run.
    func waitUntilIdle() async {
        while let worker {
            await worker.value
        }
    }

    private func drain() async {
        while true {
            takeInbox()
            while let last = lastChange, ContinuousClock.now < last + debounce {
                try? await Task.sleep(until: last + debounce, clock: .continuous)
                takeInbox()
            }
            guard !pending.isEmpty || forced else {
                worker = nil
                return
            }
            let batch = pending
            pending = []
            lastChange = nil
            forced = false
            rebuildCount += 1
            await rebuild(batch)
        }
    }
}
