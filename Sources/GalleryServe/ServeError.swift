#if canImport(Glibc)
    import Glibc
#endif

/// Why the preview server or the file watcher could not start.
public enum ServeError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The host is not an IP address or `localhost`.
    case invalidHost(String)
    /// Another process already listens on this port.
    case portInUse(host: String, port: Int)
    /// The port is outside 0...65535.
    case invalidPort(Int)
    /// A socket call failed; `call` names it, `code` is `errno`.
    case socketFailed(call: String, code: Int32)
    /// libmicrohttpd refused to start.
    case daemonFailed
    /// inotify could not be set up or could not watch a folder.
    case watchFailed(path: String, code: Int32)

    /// A one-line message for the terminal.
    public var description: String {
        switch self {
        case .invalidHost(let host):
            "cannot listen on '\(host)': use an IP address such as 127.0.0.1 or ::1, or localhost"
        case .portInUse(let host, let port):
            "port \(port) is already in use on \(host): stop the other server or pass --port"
        case .invalidPort(let port):
            "port \(port) is out of range (0-65535)"
        case .socketFailed(let call, let code):
            "\(call) failed: \(String(cString: strerror(code)))"
        case .daemonFailed:
            "the HTTP server (libmicrohttpd) failed to start"
        case .watchFailed(let path, let code):
            "cannot watch \(path): \(String(cString: strerror(code)))"
        }
    }
}
