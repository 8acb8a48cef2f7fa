import Synchronization

/// Values kept until the process exits, never freed: what a build leaves behind when the
/// process ends right after it (``BuildOptions/endsProcess``). The kernel takes a process's
/// memory back at once; freeing a 50,000-photo build's model, cache index and manifests
/// allocation by allocation took half a second of the no-change rebuild.
enum ProcessLifetime {
    private static let kept = Mutex<[any Sendable]>([])

    /// Keeps `value` (and everything it holds) until the process exits.
    static func keep(_ value: any Sendable) {
        kept.withLock { $0.append(value) }
    }
}
