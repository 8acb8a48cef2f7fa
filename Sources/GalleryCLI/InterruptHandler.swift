import Dispatch
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Turns the first Ctrl-C (SIGINT) or SIGTERM into task cancellation, so a build can remove its
/// staging folder and leave `public/` as it was; a second one ends the process at once.
final class InterruptHandler: Sendable {
    /// Dispatch sources are thread-safe; they are only created in `init` and cancelled in `stop`.
    private nonisolated(unsafe) var sources: [any DispatchSourceSignal] = []
    private let count = Mutex(0)

    /// Starts listening; `onInterrupt` runs (once) on a background queue.
    init(onInterrupt: @escaping @Sendable () -> Void) {
        for signalNumber in [SIGINT, SIGTERM] {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler { [self] in
                let seen = self.count.withLock { value in
                    value += 1
                    return value
                }
                if seen == 1 { onInterrupt() } else { _exit(130) }
            }
            source.resume()
            sources.append(source)
        }
    }

    /// Stops listening and restores the default signal behaviour.
    func stop() {
        for source in sources { source.cancel() }
        signal(SIGINT, SIG_DFL)
        signal(SIGTERM, SIG_DFL)
    }
}
