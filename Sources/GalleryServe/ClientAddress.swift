#if canImport(Glibc)
    import Glibc
#endif

/// The IP address a connection comes from (the port left out): the unit of the per-address
/// connection limit.
struct ClientAddress: Hashable, Sendable {
    /// AF_INET or AF_INET6.
    let family: Int32
    /// The address bytes: 4 for IPv4, 16 for IPv6.
    let bytes: [UInt8]

    /// The peer address of a connected socket; nil when it has none (not IP, or closed).
    init?(peerOf fd: Int32) {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let found = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getpeername(fd, $0, &length) }
        }
        guard found == 0 else { return nil }
        switch Int32(storage.ss_family) {
        case AF_INET:
            let address = withUnsafeBytes(of: storage) { $0.load(as: sockaddr_in.self).sin_addr }
            self.init(family: AF_INET, bytes: withUnsafeBytes(of: address) { Array($0) })
        case AF_INET6:
            let address = withUnsafeBytes(of: storage) { $0.load(as: sockaddr_in6.self).sin6_addr }
            self.init(family: AF_INET6, bytes: withUnsafeBytes(of: address) { Array($0) })
        default:
            return nil
        }
    }

    init(family: Int32, bytes: [UInt8]) {
        self.family = family
        self.bytes = bytes
    }
}
