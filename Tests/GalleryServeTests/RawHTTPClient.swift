import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A response read off a raw socket.
struct RawResponse {
    var status: Int
    var headers: [String: String]
    var body: [UInt8]

    var text: String { String(decoding: body, as: UTF8.self) }
    func header(_ name: String) -> String? { headers[name.lowercased()] }
}

/// A minimal HTTP client on a plain TCP socket, so request paths reach the server exactly as
/// written (no URL normalisation, no percent-decoding).
struct RawHTTPClient {
    let port: Int

    /// Connects to 127.0.0.1:port with a receive timeout; returns the descriptor.
    func connectSocket(timeoutSeconds: Int = 5) throws -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw ClientError.socket }
        var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else {
            close(fd)
            throw ClientError.connect(errno)
        }
        return fd
    }

    static func send(_ text: String, on fd: Int32) {
        let bytes = Array(text.utf8)
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if n <= 0 { return }
            sent += n
        }
    }

    /// Reads until the peer closes (or the timeout passes).
    static func readAll(_ fd: Int32) -> [UInt8] {
        var data: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16_384)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n <= 0 { return data }
            data.append(contentsOf: chunk[0..<n])
        }
    }

    /// Reads one response whose length is given by Content-Length, without waiting for the
    /// peer to close (chromedriver keeps connections open).
    static func readResponse(_ fd: Int32) throws -> RawResponse {
        var data: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16_384)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n > 0 { data.append(contentsOf: chunk[0..<n]) }
            if let response = try? parse(data),
                let length = response.header("Content-Length").flatMap(Int.init),
                response.body.count >= length
            {
                return response
            }
            if n <= 0 { return try parse(data) }
        }
    }

    /// Reads until `marker` appears in what was received; returns everything read so far.
    static func read(_ fd: Int32, until marker: String, seconds: Double = 5) -> String {
        var data: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4_096)
        let deadline = Date(timeIntervalSinceNow: seconds)
        while Date() < deadline {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n <= 0 { break }
            data.append(contentsOf: chunk[0..<n])
            if String(decoding: data, as: UTF8.self).contains(marker) { break }
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// Sends one request (`Connection: close`) and parses the answer.
    func request(
        _ method: String, _ path: String, headers: [String: String] = [:], host: String = "127.0.0.1"
    ) throws -> RawResponse {
        let fd = try connectSocket()
        defer { close(fd) }
        var text = "\(method) \(path) HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n"
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { text += "\(name): \(value)\r\n" }
        if method == "POST" { text += "Content-Length: 5\r\n\r\nhello" } else { text += "\r\n" }
        Self.send(text, on: fd)
        return try Self.parse(Self.readAll(fd))
    }

    static func parse(_ data: [UInt8]) throws -> RawResponse {
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        guard let end = data.indices.first(where: { data[$0...].starts(with: separator) }) else {
            throw ClientError.malformed(String(decoding: data, as: UTF8.self))
        }
        let head = String(decoding: data[..<end], as: UTF8.self).components(separatedBy: "\r\n")
        let statusParts = head[0].split(separator: " ")
        guard statusParts.count >= 2, let status = Int(statusParts[1]) else {
            throw ClientError.malformed(head[0])
        }
        var headers: [String: String] = [:]
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            headers[line[..<colon].lowercased()] = value
        }
        return RawResponse(status: status, headers: headers, body: Array(data[(end + 4)...]))
    }

    enum ClientError: Error {
        case socket
        case connect(Int32)
        case malformed(String)
    }
}

/// Runs blocking socket work on its own thread, so the test does not hold one of the few
/// threads of Swift's cooperative pool (other tests, such as the debounce timing, need them).
func offThePool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        let thread = Thread {
            continuation.resume(with: Result { try body() })
        }
        thread.start()
    }
}

extension RawHTTPClient {
    /// ``request(_:_:headers:host:)`` off the cooperative pool.
    func fetch(
        _ method: String, _ path: String, headers: [String: String] = [:], host: String = "127.0.0.1"
    ) async throws -> RawResponse {
        let port = port
        return try await offThePool {
            try RawHTTPClient(port: port).request(method, path, headers: headers, host: host)
        }
    }

    /// ``read(_:until:seconds:)`` off the cooperative pool.
    /// Waits for `marker` on the stream. The limit is generous on purpose: when the whole
    /// suite runs in parallel on two cores, CPU-bound tests can hold the cooperative pool for
    /// seconds, delaying the server's rebuild task; latency is measured by Benchmarks/serve.sh.
    static func awaitText(_ fd: Int32, until marker: String, seconds: Double = 30) async throws -> String {
        try await offThePool { read(fd, until: marker, seconds: seconds) }
    }
}
