#if canImport(Glibc)
    import Glibc
#endif

/// A numeric listening address (IPv4 or IPv6; `localhost` means 127.0.0.1).
struct SocketAddress: Sendable {
    let host: String
    let isIPv6: Bool
    private let v4: in_addr
    private let v6: in6_addr

    init(host: String) throws(ServeError) {
        self.host = host
        let numeric = host == "localhost" ? "127.0.0.1" : host
        var a4 = in_addr()
        var a6 = in6_addr()
        if inet_pton(AF_INET, numeric, &a4) == 1 {
            isIPv6 = false
        } else if inet_pton(AF_INET6, numeric, &a6) == 1 {
            isIPv6 = true
        } else {
            throw .invalidHost(host)
        }
        v4 = a4
        v6 = a6
    }

    /// True for 127.0.0.0/8, ::1 and localhost.
    var isLoopback: Bool {
        if isIPv6 {
            return withUnsafeBytes(of: v6) { $0.elementsEqual([UInt8](repeating: 0, count: 15) + [1]) }
        }
        return withUnsafeBytes(of: v4) { $0[0] == 127 }
    }

    /// Creates, binds and listens; returns the descriptor and the port actually bound.
    func listen(port: Int) throws(ServeError) -> (fd: Int32, port: Int) {
        guard (0...65_535).contains(port) else { throw .invalidPort(port) }
        let fd = socket(
            isIPv6 ? AF_INET6 : AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw .socketFailed(call: "socket", code: errno) }
        var one: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        if isIPv6 {
            setsockopt(fd, Int32(IPPROTO_IPV6), IPV6_V6ONLY, &one, socklen_t(MemoryLayout<Int32>.size))
        }
        let bound: Int32
        if isIPv6 {
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = in_port_t(UInt16(port).bigEndian)
            address.sin6_addr = v6
            bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in6>.size))
                }
            }
        } else {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            address.sin_addr = v4
            bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
        }
        if bound != 0 {
            let code = errno
            close(fd)
            if code == EADDRINUSE { throw .portInUse(host: host, port: port) }
            throw .socketFailed(call: "bind", code: code)
        }
        guard Glibc.listen(fd, 1_024) == 0 else {
            let code = errno
            close(fd)
            throw .socketFailed(call: "listen", code: code)
        }
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { _ = getsockname(fd, $0, &length) }
        }
        let actual = withUnsafeBytes(of: storage) { raw in
            // sin_port and sin6_port both sit at offset 2, in network byte order.
            Int(UInt16(raw[2]) << 8 | UInt16(raw[3]))
        }
        return (fd, actual)
    }

    /// The host as it appears in a URL (`[::1]` for IPv6).
    var urlHost: String { isIPv6 ? "[\(host)]" : host }
}
