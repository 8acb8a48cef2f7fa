/// DNS-rebinding protection: a server bound to loopback answers only requests whose `Host`
/// names loopback (or the configured host), with any port.
struct HostPolicy: Sendable {
    /// Lower-cased host names accepted, IPv6 in brackets; nil accepts any host.
    let allowed: Set<String>?

    init(boundHost: String, isLoopback: Bool) {
        guard isLoopback else {
            allowed = nil
            return
        }
        let configured = boundHost.contains(":") ? "[\(boundHost.lowercased())]" : boundHost.lowercased()
        allowed = ["localhost", "127.0.0.1", "[::1]", configured]
    }

    /// Whether a request with this `Host` header may be answered.
    func accepts(_ hostHeader: String?) -> Bool {
        guard let allowed else { return true }
        guard let hostHeader else { return false }
        let value = hostHeader.trimmingSpaces().lowercased()
        let name: Substring
        if value.hasPrefix("[") {
            guard let close = value.firstIndex(of: "]") else { return false }
            name = value[...close]
            let rest = value[value.index(after: close)...]
            guard rest.isEmpty || Self.isPort(rest) else { return false }
        } else if let colon = value.firstIndex(of: ":") {
            name = value[..<colon]
            guard Self.isPort(value[colon...]) else { return false }
        } else {
            name = Substring(value)
        }
        return allowed.contains(String(name))
    }

    /// `:` followed by 1-5 digits.
    private static func isPort(_ text: Substring) -> Bool {
        let digits = text.dropFirst()
        return text.first == ":" && !digits.isEmpty && digits.count <= 5 && digits.allSatisfy(\.isASCII)
            && digits.allSatisfy(\.isNumber)
    }
}
