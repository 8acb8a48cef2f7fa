#if canImport(Glibc)
    import Glibc
#endif

/// How many connections the server keeps and how long a request may take to arrive; see
/// ``ConnectionGuard`` for how they are enforced.
struct ConnectionLimits: Sendable, Equatable {
    /// Connections at once, from everyone (libmicrohttpd's `MHD_OPTION_CONNECTION_LIMIT`).
    var total = 2_000
    /// Connections at once from one client address (`MHD_OPTION_PER_IP_CONNECTION_LIMIT`).
    ///
    /// 512, because every local client shares 127.0.0.1: a browser opens at most 6 connections
    /// to one host, event streams included; the test suite opens 200 at once and
    /// Benchmarks/load.sh about 250 (wrk, slow clients, probe), so 512 leaves them twice that.
    /// And one address on a network (`--host`) can hold at most a quarter of the server.
    /// Connections still waiting for a request never fill it: see ``headroom``.
    var perAddress = 512
    /// How long a request may take to arrive whole (headers and any body), from the moment the
    /// connection opened or its previous response ended. A client that trickles its headers
    /// resets the idle timeout with every byte; this deadline does not move.
    var requestDeadline: Duration = .seconds(10)
    /// When an address (or the server) is this close to its limit, a new connection closes the
    /// oldest connection of that address (or of anyone) still waiting for a request, so that
    /// slow clients cannot keep a new request out, whatever their number. The slack covers the
    /// time between that close and libmicrohttpd freeing the slot, during which its own limit
    /// still counts the connection and refuses newcomers outright: with 2,100 connections
    /// opened at once from one address, up to 44 such closes were pending (16 was too few).
    var headroom = 128

    /// Descriptors kept free for everything that is not a connection (listening socket,
    /// watcher, log, libraries).
    static let reservedDescriptors = 64

    /// These limits, made to fit the process's open-file limit: the soft `RLIMIT_NOFILE` is
    /// raised as far as needed (up to the hard limit), and when even that is too low the
    /// connection limits shrink, since each connection can hold two descriptors (its socket
    /// and the file it is sent). Past the descriptor limit libmicrohttpd stops accepting
    /// altogether, which would block everyone.
    func fittedToOpenFileLimit() -> ConnectionLimits {
        var limit = rlimit()
        guard getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return self }
        let wanted = rlim_t(2 * total + Self.reservedDescriptors)
        if limit.rlim_cur < wanted {
            var raised = limit
            raised.rlim_cur = min(wanted, limit.rlim_max)
            if setrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &raised) == 0 { limit = raised }
        }
        let available = Int(min(limit.rlim_cur, rlim_t(Int.max))) - Self.reservedDescriptors
        var fitted = self
        fitted.total = max(8, min(total, available / 2))
        fitted.perAddress = min(perAddress, fitted.total)
        fitted.headroom = min(headroom, fitted.perAddress / 4)
        return fitted
    }
}
