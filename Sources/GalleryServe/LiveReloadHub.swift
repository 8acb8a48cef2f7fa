import Foundation

/// Fans live-reload events out to every connected page.
///
/// Each event stream is read by one libmicrohttpd connection thread (the daemon runs a thread
/// per connection), which blocks here until there is something to send, so a waiting page
/// costs one sleeping thread and never holds up other requests.
final class LiveReloadHub: @unchecked Sendable {
    // @unchecked Sendable: every stored var below is read and written only while `condition`
    // is locked.
    private let condition = NSCondition()
    private var log: [(sequence: Int, text: String)] = []
    private var lastSequence = 0
    private var closed = false
    private var pendingError: String?
    private var clients = 0

    /// How long a stream waits before sending a keep-alive comment.
    let keepAliveInterval: TimeInterval

    init(keepAliveInterval: TimeInterval = 10) {
        self.keepAliveInterval = keepAliveInterval
    }

    /// Queues an event for every open stream. While the site is broken, new streams start with
    /// the last `error` event, so a page opened then still shows the overlay.
    func broadcast(_ event: LiveReloadEvent) {
        condition.lock()
        defer { condition.unlock() }
        append(event)
    }

    /// A rebuild that worked: clears the error overlay if the site was broken (the hub is the
    /// one place that knows), then reloads the pages, or only swaps their stylesheets when
    /// `onlyCSS` and nothing was broken.
    func broadcastBuilt(onlyCSS: Bool) {
        condition.lock()
        defer { condition.unlock() }
        let wasBroken = pendingError != nil
        if wasBroken { append(.ok) }
        append(onlyCSS && !wasBroken ? .css : .reload)
    }

    /// Adds `event` to the log and wakes the streams; `condition` is locked.
    private func append(_ event: LiveReloadEvent) {
        lastSequence += 1
        let text = event.wireText
        log.append((lastSequence, text))
        if log.count > 64 { log.removeFirst(log.count - 64) }
        switch event {
        case .error: pendingError = text
        case .ok: pendingError = nil
        case .reload, .css: break
        }
        condition.broadcast()
    }

    /// Registers a new stream; it receives every event broadcast from now on.
    func makeClient() -> LiveReloadClient {
        condition.lock()
        defer { condition.unlock() }
        clients += 1
        let greeting = "retry: 1000\n\n" + (pendingError ?? "")
        return LiveReloadClient(hub: self, after: lastSequence, greeting: greeting)
    }

    /// The number of open streams (for tests and logs).
    var clientCount: Int {
        condition.lock()
        defer { condition.unlock() }
        return clients
    }

    func clientFinished() {
        condition.lock()
        clients -= 1
        condition.unlock()
    }

    /// Ends every stream; readers return end-of-stream at once.
    func close() {
        condition.lock()
        closed = true
        condition.broadcast()
        condition.unlock()
    }

    /// Blocks until there are events after `sequence`, the keep-alive interval passes (returns
    /// a comment line), or the hub closes (returns nil).
    func wait(after sequence: Int) -> (text: String, sequence: Int)? {
        condition.lock()
        defer { condition.unlock() }
        let deadline = Date(timeIntervalSinceNow: keepAliveInterval)
        while !closed && lastSequence <= sequence {
            if !condition.wait(until: deadline) { break }
        }
        if closed { return nil }
        if lastSequence <= sequence { return (": keep-alive\n\n", sequence) }
        let text = log.filter { $0.sequence > sequence }.map(\.text).joined()
        return (text, lastSequence)
    }
}

/// One page's event stream: the bytes not yet handed to libmicrohttpd.
final class LiveReloadClient: @unchecked Sendable {
    // @unchecked Sendable: created on one connection thread and then read only by the content
    // reader of that same connection, which libmicrohttpd never calls concurrently.
    private let hub: LiveReloadHub
    private var sequence: Int
    private var pending: [UInt8]

    init(hub: LiveReloadHub, after sequence: Int, greeting: String) {
        self.hub = hub
        self.sequence = sequence
        self.pending = Array(greeting.utf8)
    }

    /// The next bytes of the stream, at most `count` (waiting for an event or a keep-alive
    /// when none are pending); nil at the end of the stream.
    func next(upTo count: Int) -> [UInt8]? {
        while pending.isEmpty {
            guard let next = hub.wait(after: sequence) else { return nil }
            sequence = next.sequence
            pending = Array(next.text.utf8)
        }
        let taken = Array(pending.prefix(max(1, count)))
        pending.removeFirst(taken.count)
        return taken
    }

    /// Called when libmicrohttpd frees the response.
    func finish() { hub.clientFinished() }
}
