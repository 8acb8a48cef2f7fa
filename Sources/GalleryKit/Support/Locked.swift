import Synchronization

/// A value behind a mutex, in a class so that worker threads and their closures can share it
/// (a `Mutex` itself cannot be captured by an escaping closure).
final class Locked<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>

    init(_ value: Value) { mutex = Mutex(value) }

    func withLock<Result>(_ body: (inout sending Value) -> sending Result) -> sending Result {
        mutex.withLock(body)
    }
}
