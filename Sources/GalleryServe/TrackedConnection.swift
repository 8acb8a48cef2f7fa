import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// One connection as ``ConnectionGuard`` sees it. Its thread marks requests arriving and
/// responses ending; the guard closes it only while it waits for a request.
final class TrackedConnection: Sendable {
    let fd: Int32
    let address: ClientAddress
    /// Since when (``now()``) the connection has been waiting for a request; ``underWay``
    /// while a request is answered, ``closing`` once shut down by the guard.
    private let phase: Atomic<Int64>
    private static let underWay: Int64 = -1
    private static let closing: Int64 = -2

    init(fd: Int32, address: ClientAddress) {
        self.fd = fd
        self.address = address
        phase = Atomic(Self.now())
    }

    /// Monotonic nanoseconds.
    static func now() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }

    /// When it started waiting for a request, or nil when it is not waiting.
    var waitingSince: Int64? {
        let value = phase.load(ordering: .acquiring)
        return value >= 0 ? value : nil
    }

    /// Its request has arrived whole: no deadline while it is answered.
    func requestArrived() { move(to: Self.underWay) }

    /// Its response has ended: it waits for another request from now on.
    func responseEnded() { move(to: Self.now()) }

    private func move(to next: Int64) {
        var current = phase.load(ordering: .relaxed)
        while current != Self.closing {
            let (exchanged, found) = phase.compareExchange(
                expected: current, desired: next, ordering: .acquiringAndReleasing)
            if exchanged { return }
            current = found
        }
    }

    /// Shuts the socket down if it is still waiting since `since` (so never a connection whose
    /// request has just arrived); libmicrohttpd's thread for it then sees the end and cleans
    /// up. Called with the guard's lock held, so the socket is still this connection's.
    func close(ifWaitingSince since: Int64) {
        let (exchanged, _) = phase.compareExchange(
            expected: since, desired: Self.closing, ordering: .acquiringAndReleasing)
        if exchanged { _ = shutdown(fd, Int32(SHUT_RDWR)) }
    }
}
