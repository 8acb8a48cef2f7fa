internal import CMicroHTTPD
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The libmicrohttpd daemon: the only file that touches `MHD_*` handles.
///
/// It binds the listening socket itself (so a busy port is a clear error and port 0 reveals
/// the port it got), runs one thread per connection (a slow client holds only its own thread),
/// turns off libmicrohttpd's URL unescaping (the responder decodes exactly once), and hands each
/// request to `handler`. A ``ConnectionGuard`` sees every connection open and close, and every
/// request arrive and end, and closes those that take too long to send a request or that stand
/// in the way of new connections (the limits are in ``ConnectionLimits``).
final class HTTPDaemon: Sendable {
    typealias Handler = @Sendable (HTTPRequest) -> HTTPResponse

    /// The port the socket is bound to.
    let port: Int
    private let context: Unmanaged<HandlerBox>
    // The MHD_Daemon pointer, set to nil once stopped.
    private let daemon: Mutex<DaemonHandle?>

    init(
        address: SocketAddress, port: Int, timeout: Int, limits: ConnectionLimits, handler: @escaping Handler
    ) throws(ServeError) {
        let listener = try address.listen(port: port)
        self.port = listener.port
        let connections = ConnectionGuard(limits: limits)
        let box = Unmanaged.passRetained(HandlerBox(handler, connections: connections))
        var flags =
            MHD_USE_INTERNAL_POLLING_THREAD.rawValue | MHD_USE_THREAD_PER_CONNECTION.rawValue
            | MHD_USE_POLL.rawValue
        if address.isIPv6 { flags |= MHD_USE_IPv6.rawValue }
        let unescape = unsafeBitCast(keepEscapes, to: OpaquePointer.self)
        let notifyConnection = unsafeBitCast(connectionOpenedOrClosed, to: OpaquePointer.self)
        let notifyCompleted = unsafeBitCast(responseEnded, to: OpaquePointer.self)
        let boxPointer = OpaquePointer(box.toOpaque())
        let arguments: [any CVarArg] = [
            MHD_OPTION.LISTEN_SOCKET.rawValue, listener.fd,
            MHD_OPTION.CONNECTION_TIMEOUT.rawValue, UInt32(max(1, timeout)),
            MHD_OPTION.CONNECTION_LIMIT.rawValue, UInt32(limits.total),
            MHD_OPTION.PER_IP_CONNECTION_LIMIT.rawValue, UInt32(limits.perAddress),
            MHD_OPTION.NOTIFY_CONNECTION.rawValue, notifyConnection, boxPointer,
            MHD_OPTION.NOTIFY_COMPLETED.rawValue, notifyCompleted, boxPointer,
            MHD_OPTION.UNESCAPE_CALLBACK.rawValue, unescape, Int(0),
            MHD_OPTION.END.rawValue,
        ]
        let started = withVaList(arguments) { list in
            MHD_start_daemon_va(flags, 0, nil, nil, handleRequest, box.toOpaque(), list)
        }
        guard let started else {
            close(listener.fd)
            box.release()
            throw .daemonFailed
        }
        context = box
        daemon = Mutex(DaemonHandle(pointer: started))
        connections.start()
    }

    /// Stops accepting, closes every connection and waits for their threads. Idempotent.
    func stop() {
        guard
            let handle = daemon.withLock({ value -> DaemonHandle? in
                defer { value = nil }
                return value
            })
        else { return }
        let box = context.takeUnretainedValue()
        box.connections.stop()
        MHD_stop_daemon(handle.pointer)
        context.release()
    }

    deinit { stop() }
}

/// The daemon pointer, boxed so it can sit in a `Mutex`.
private struct DaemonHandle: @unchecked Sendable {
    // @unchecked Sendable: libmicrohttpd daemons may be stopped from any thread; the pointer
    // is only used once, by `stop()`, after being taken out of the mutex.
    let pointer: OpaquePointer
}

/// The Swift handler and the connection guard, passed to C as the callbacks' context.
private final class HandlerBox: Sendable {
    let handler: HTTPDaemon.Handler
    let connections: ConnectionGuard
    init(_ handler: @escaping HTTPDaemon.Handler, connections: ConnectionGuard) {
        self.handler = handler
        self.connections = connections
    }
}

/// A connection's key in the ``ConnectionGuard``: its libmicrohttpd handle, valid from the
/// STARTED to the CLOSED notification.
private func key(_ connection: OpaquePointer) -> Int { Int(bitPattern: UnsafeRawPointer(connection)) }

/// `MHD_get_connection_info` is variadic, which Swift cannot call. For the descriptor it reads
/// no variadic argument (0.9.75's machine code: a jump table on the second argument, no
/// va_start), and the two fixed arguments are passed the same way with or without `...`, so it
/// is called through a two-parameter prototype, found with dlsym. nil if it is missing: then
/// the guard sees no connection and only libmicrohttpd's own limits apply.
private typealias ConnectionInfo =
    @convention(c) (OpaquePointer?, MHD_ConnectionInfoType) -> UnsafePointer<MHD_ConnectionInfo>?
private let connectionInfo: ConnectionInfo? = dlsym(nil, "MHD_get_connection_info").map {
    unsafeBitCast($0, to: ConnectionInfo.self)
}

/// The socket of a connection, or nil.
private func socketDescriptor(of connection: OpaquePointer) -> Int32? {
    guard let info = connectionInfo?(connection, .CONNECTION_INFO_CONNECTION_FD) else { return nil }
    return info.pointee.connect_fd
}

/// The guard's record of a connection, kept (retained) in libmicrohttpd's socket context from
/// the STARTED to the CLOSED notification; nil for a connection the guard does not know.
private func tracked(_ connection: OpaquePointer) -> TrackedConnection? {
    guard let info = connectionInfo?(connection, .CONNECTION_INFO_SOCKET_CONTEXT),
        let pointer = info.pointee.socket_context
    else { return nil }
    return Unmanaged<TrackedConnection>.fromOpaque(pointer).takeUnretainedValue()
}

/// Called on libmicrohttpd's listening thread when a connection is accepted (before its own
/// thread starts) and when it has been cleaned up (before its socket is closed).
private let connectionOpenedOrClosed: MHD_NotifyConnectionCallback = {
    context, connection, socketContext, code in
    guard let context, let connection, let socketContext else { return }
    let connections = Unmanaged<HandlerBox>.fromOpaque(context).takeUnretainedValue().connections
    switch code {
    case .CONNECTION_NOTIFY_STARTED:
        guard let fd = socketDescriptor(of: connection) else { return }
        let address = ClientAddress(peerOf: fd) ?? ClientAddress(family: 0, bytes: [])
        let record = connections.opened(key(connection), fd: fd, address: address)
        socketContext.pointee = Unmanaged.passRetained(record).toOpaque()
    case .CONNECTION_NOTIFY_CLOSED:
        connections.closed(key(connection))
        if let pointer = socketContext.pointee {
            Unmanaged<TrackedConnection>.fromOpaque(pointer).release()
            socketContext.pointee = nil
        }
    @unknown default:
        break
    }
}

/// Called on the connection's thread when a response has been sent (or the request ended in
/// an error): the connection may now wait for its next request.
private let responseEnded: MHD_RequestCompletedCallback = { _, connection, _, _ in
    guard let connection else { return }
    tracked(connection)?.responseEnded()
}

/// Leaves the URL as received; `RequestPath` decodes it once.
private let keepEscapes:
    @convention(c) (UnsafeMutableRawPointer?, OpaquePointer?, UnsafeMutablePointer<CChar>?) -> Int = {
        _, _, text in
        guard let text else { return 0 }
        return strlen(text)
    }

/// The marker stored in the request's context after the first call of the access handler.
private let seenMarker = 1

/// libmicrohttpd calls this at least twice per request: once when the headers are in, then for
/// each piece of the body, then once more with nothing left. Answering in that last call (not
/// the first) keeps the connection alive; a body (never wanted: only GET and HEAD are served)
/// is consumed and dropped. A request whose body length is ambiguous is answered 400 at once,
/// before any of its body is read, and the connection is closed (see ``RequestFraming``).
private let handleRequest: MHD_AccessHandlerCallback = {
    context, connection, url, method, _, _, uploadSize, requestContext in
    guard let context, let connection, let url, let method, let uploadSize, let requestContext else {
        return .NO
    }
    if Int(bitPattern: requestContext.pointee) != seenMarker {
        requestContext.pointee = UnsafeMutableRawPointer(bitPattern: seenMarker)
        guard framing(of: connection).isValid else {
            tracked(connection)?.requestArrived()
            return queue(.text(400, "Bad Request", headers: [("Connection", "close")]), on: connection)
        }
        return .YES
    }
    if uploadSize.pointee != 0 {
        uploadSize.pointee = 0
        return .YES
    }
    tracked(connection)?.requestArrived()
    let box = Unmanaged<HandlerBox>.fromOpaque(context).takeUnretainedValue()
    var headers: [String: String] = [:]
    for name in HTTPRequest.readHeaders {
        if let value = MHD_lookup_connection_value(connection, .HEADER_KIND, name) {
            headers[name] = String(cString: value)
        }
    }
    let response: HTTPResponse
    if let path = String(validatingCString: url) {
        response = box.handler(HTTPRequest(method: String(cString: method), rawPath: path, headers: headers))
    } else {
        response = .text(400, "Bad Request")
    }
    return queue(response, on: connection)
}

/// Every `Content-Length` and `Transfer-Encoding` field line of the request, in order
/// (libmicrohttpd's own lookup returns only the first of each).
private func framing(of connection: OpaquePointer) -> RequestFraming {
    var framing = RequestFraming(contentLengths: [], transferEncodings: [])
    withUnsafeMutablePointer(to: &framing) { pointer in
        _ = MHD_get_connection_values(connection, .HEADER_KIND, collectFraming, pointer)
    }
    return framing
}

private let collectFraming: MHD_KeyValueIterator = { context, _, key, value in
    guard let context, let key else { return .YES }
    let framing = context.assumingMemoryBound(to: RequestFraming.self)
    let value = value.map { String(cString: $0) } ?? ""
    switch String(cString: key).lowercased() {
    case RequestFraming.contentLength: framing.pointee.contentLengths.append(value)
    case RequestFraming.transferEncoding: framing.pointee.transferEncodings.append(value)
    default: break
    }
    return .YES
}

private func queue(_ response: HTTPResponse, on connection: OpaquePointer) -> MHD_Result {
    guard let made = makeResponse(response.body) else { return .NO }
    for (name, value) in response.headers {
        _ = MHD_add_response_header(made, name, value)
    }
    let result = MHD_queue_response(connection, UInt32(response.status), made)
    MHD_destroy_response(made)
    return result
}

private func makeResponse(_ body: HTTPResponse.Body) -> OpaquePointer? {
    switch body {
    case .bytes(let bytes):
        return bytes.withUnsafeBytes { raw in
            MHD_create_response_from_buffer(
                raw.count, UnsafeMutableRawPointer(mutating: raw.baseAddress), .RESPMEM_MUST_COPY)
        }
    case .file(let path, let offset, let length):
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return makeResponse(.bytes([])) }
        // libmicrohttpd owns and closes the descriptor from here on.
        guard let made = MHD_create_response_from_fd_at_offset64(length, fd, offset) else {
            close(fd)
            return nil
        }
        return made
    case .injectedHTML(let page):
        let retained = Unmanaged.passRetained(page)
        guard
            let made = MHD_create_response_from_callback(
                UInt64(page.window.count), injectedBlockSize, readInjected, retained.toOpaque(), freeInjected)
        else {
            retained.release()
            return nil
        }
        return made
    case .eventStream(let client):
        let retained = Unmanaged.passRetained(client)
        guard
            let made = MHD_create_response_from_callback(
                UInt64.max, 4_096, readEvents, retained.toOpaque(), freeEvents)
        else {
            retained.release()
            client.finish()
            return nil
        }
        return made
    }
}

/// The buffer libmicrohttpd allocates for each streamed page (and the most it asks the reader
/// for at once): the memory one page response costs, however large the page.
private let injectedBlockSize = 65_536

private let readInjected: MHD_ContentReaderCallback = { context, position, buffer, capacity in
    guard let context, let buffer else { return -2 }
    let page = Unmanaged<InjectedHTML>.fromOpaque(context).takeUnretainedValue()
    // -2 is MHD_CONTENT_READER_END_WITH_ERROR: the connection is closed, as a short body must.
    guard let bytes = page.read(at: position, count: capacity), !bytes.isEmpty else { return -2 }
    return fill(buffer, capacity: capacity, with: bytes)
}

/// Copies what a streamed body handed over into libmicrohttpd's block buffer (at most
/// `capacity` bytes, which the readers never exceed); returns the count. The bodies
/// (``InjectedHTML``, ``LiveReloadClient``) hand over Swift arrays: libmicrohttpd's buffer
/// never leaves this file.
private func fill(_ buffer: UnsafeMutablePointer<CChar>, capacity: Int, with bytes: [UInt8]) -> Int {
    bytes.withUnsafeBytes { source in
        guard let base = source.baseAddress else { return 0 }
        let count = min(source.count, capacity)
        UnsafeMutableRawPointer(buffer).copyMemory(from: base, byteCount: count)
        return count
    }
}

private let freeInjected: MHD_ContentReaderFreeCallback = { context in
    guard let context else { return }
    Unmanaged<InjectedHTML>.fromOpaque(context).release()
}

private let readEvents: MHD_ContentReaderCallback = { context, _, buffer, capacity in
    guard let context, let buffer else { return -1 }
    let client = Unmanaged<LiveReloadClient>.fromOpaque(context).takeUnretainedValue()
    // -1 is MHD_CONTENT_READER_END_OF_STREAM.
    guard let bytes = client.next(upTo: capacity) else { return -1 }
    return fill(buffer, capacity: capacity, with: bytes)
}

private let freeEvents: MHD_ContentReaderFreeCallback = { context in
    guard let context else { return }
    Unmanaged<LiveReloadClient>.fromOpaque(context).takeRetainedValue().finish()
}
