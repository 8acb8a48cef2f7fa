import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Keeps slow clients from holding the server's connections: every open connection is known
/// here, with its address and since when it has been waiting for a request.
///
/// - A request must arrive whole within ``ConnectionLimits/requestDeadline`` of the connection
///   opening or of its previous response ending. A watchdog thread closes (`shutdown(2)`)
///   connections past it, however steadily they trickle bytes.
/// - When a new connection brings its address within ``ConnectionLimits/headroom`` of
///   ``ConnectionLimits/perAddress`` (or the server within it of ``ConnectionLimits/total``),
///   the oldest connection of that address (of anyone) still waiting for a request is closed.
///   Connections with a request under way (a response being sent, an event stream) are never
///   closed early.
///
/// libmicrohttpd reports a connection opening and closing on its listening thread, and closes
/// the socket only after that report (0.9.75: `MHD_cleanup_connections`; checked over 6,000
/// connections). Sockets are shut down only while their entry is here, under the same lock
/// that removes it, so a descriptor number already reused by another socket or file is never
/// touched. Requests arriving and ending, once or more per connection, touch only that
/// connection's ``TrackedConnection`` (an atomic), never this lock: Swift's `Mutex` is a
/// priority-inheritance futex on Linux, and one lock taken twice per request by every
/// connection thread cut throughput to a third.
final class ConnectionGuard: Sendable {
    /// The limits in force.
    let limits: ConnectionLimits

    private struct State {
        var entries: [Int: TrackedConnection] = [:]
        var perAddress: [ClientAddress: Int] = [:]
    }

    private let state = Mutex(State())
    private let stopped = Mutex(false)
    private let wake = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)

    init(limits: ConnectionLimits) {
        self.limits = limits
    }

    /// Starts the watchdog thread that enforces the request deadline.
    func start() {
        // Ten checks a second: the deadline is kept to within 0.1 s, for a scan of at most
        // `limits.total` entries each time.
        let tick = 0.1
        let thread = Thread { [self] in
            while !stopped.withLock({ $0 }) {
                _ = wake.wait(timeout: .now() + tick)
                closeExpired(at: TrackedConnection.now())
            }
            finished.signal()
        }
        thread.name = "galleryc request deadline"
        thread.start()
    }

    /// Stops the watchdog thread and waits for it. Call once, after ``start()``.
    func stop() {
        stopped.withLock { $0 = true }
        wake.signal()
        finished.wait()
    }

    /// A connection was accepted: it waits for its first request from now on. May close the
    /// oldest waiting connection of the same address, or of anyone, to make room.
    /// - Returns: the connection's record, which its own thread updates as requests come.
    func opened(_ id: Int, fd: Int32, address: ClientAddress) -> TrackedConnection {
        let connection = TrackedConnection(fd: fd, address: address)
        state.withLock { state in
            state.entries[id] = connection
            let fromAddress = state.perAddress[address, default: 0] + 1
            state.perAddress[address] = fromAddress
            if fromAddress > limits.perAddress - limits.headroom {
                Self.closeOldestWaiting(in: state, except: id) { $0.address == address }
            }
            if state.entries.count > limits.total - limits.headroom {
                Self.closeOldestWaiting(in: state, except: id) { _ in true }
            }
        }
        return connection
    }

    /// libmicrohttpd is done with the connection (and is about to close its socket).
    func closed(_ id: Int) {
        state.withLock { state in
            guard let entry = state.entries.removeValue(forKey: id) else { return }
            let left = state.perAddress[entry.address, default: 1] - 1
            state.perAddress[entry.address] = left > 0 ? left : nil
        }
    }

    /// Closes every connection that has waited for its request longer than the deadline.
    func closeExpired(at now: Int64) {
        let deadline = limits.requestDeadline
        let nanoseconds =
            deadline.components.seconds * 1_000_000_000 + deadline.components.attoseconds / 1_000_000_000
        state.withLock { state in
            for entry in state.entries.values {
                guard let since = entry.waitingSince, now - since >= nanoseconds else { continue }
                entry.close(ifWaitingSince: since)
            }
        }
    }

    private static func closeOldestWaiting(
        in state: State, except newest: Int, where matches: (TrackedConnection) -> Bool
    ) {
        var oldest: (connection: TrackedConnection, since: Int64)?
        for (id, entry) in state.entries where id != newest && matches(entry) {
            guard let since = entry.waitingSince else { continue }
            if oldest.map({ since < $0.since }) ?? true { oldest = (entry, since) }
        }
        if let oldest { oldest.connection.close(ifWaitingSince: oldest.since) }
    }
}
