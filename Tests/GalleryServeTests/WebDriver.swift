import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Headless Chromium driven through chromedriver's WebDriver HTTP API, to check what the
/// live-reload script does in a real browser. (Over raw sockets: chromedriver writes headers
/// as `Content-Length:918`, without a space, which URLSession on Linux refuses.)
final class WebDriver {
    static let chromedriver = "/usr/bin/chromedriver"
    static let chromium = "/usr/bin/chromium"
    static var isAvailable: Bool {
        FileManager.default.isExecutableFile(atPath: chromedriver)
            && FileManager.default.isExecutableFile(atPath: chromium)
    }

    private let process = Process()
    private let port: Int
    private var session = ""

    init() async throws {
        port = try Self.freePort()
        process.executableURL = URL(fileURLWithPath: Self.chromedriver)
        process.arguments = ["--port=\(port)"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        do {
            try await startSession()
        } catch {
            await quit()
            throw error
        }
    }

    private func startSession() async throws {
        var ready = false
        for _ in 0..<200 where !ready {
            ready = (try? await call("GET", "/status")) != nil
            if !ready { try await Task.sleep(for: .milliseconds(50)) }
        }
        let options: [String: Any] = [
            "binary": Self.chromium,
            "args": ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
        ]
        let capabilities = ["alwaysMatch": ["browserName": "chrome", "goog:chromeOptions": options]]
        let created = try await call("POST", "/session", ["capabilities": capabilities])
        session = ((created as? [String: Any])?["sessionId"] as? String) ?? ""
    }

    func open(_ url: String) async throws {
        _ = try await call("POST", "/session/\(session)/url", ["url": url])
    }

    /// Runs `script` (a function body) in the page and returns its result.
    func run(_ script: String) async throws -> Any? {
        try await call("POST", "/session/\(session)/execute/sync", ["script": script, "args": [Any]()])
    }

    /// Polls `script` until it returns a non-null value, for up to `seconds`.
    func waitFor(_ script: String, seconds: Double = 10) async throws -> Any? {
        let deadline = Date(timeIntervalSinceNow: seconds)
        while Date() < deadline {
            if let value = try await run(script), !(value is NSNull) { return value }
            try await Task.sleep(for: .milliseconds(50))
        }
        return nil
    }

    /// Closes the browser and stops chromedriver (killing it if it lingers).
    func quit() async {
        if !session.isEmpty { _ = try? await call("DELETE", "/session/\(session)") }
        process.terminate()
        for _ in 0..<40 where process.isRunning {
            try? await Task.sleep(for: .milliseconds(50))
        }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    private func call(_ method: String, _ path: String, _ body: [String: Any]? = nil) async throws -> Any? {
        let payload = try body.map { try JSONSerialization.data(withJSONObject: $0) } ?? Data()
        let head =
            "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
            + "Content-Type: application/json\r\nContent-Length: \(payload.count)\r\n\r\n"
        let port = port
        let request = head + String(decoding: payload, as: UTF8.self)
        let response = try await offThePool {
            let fd = try RawHTTPClient(port: port).connectSocket(timeoutSeconds: 60)
            defer { close(fd) }
            RawHTTPClient.send(request, on: fd)
            return try RawHTTPClient.readResponse(fd)
        }
        let json = try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any]
        if let value = json?["value"] as? [String: Any], let error = value["error"] as? String {
            throw DriverError.webDriver("\(error): \(value["message"] ?? "")")
        }
        return json?["value"]
    }

    private static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let ok = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0
            }
        }
        guard ok else { throw DriverError.noPort }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    enum DriverError: Error {
        case noPort
        case webDriver(String)
    }
}
