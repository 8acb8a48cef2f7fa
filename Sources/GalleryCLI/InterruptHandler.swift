import Dispatch
import GalleryKit
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Turns the first Ctrl-C (SIGINT) or SIGTERM into task cancellation, so a build stops its
/// children (SIGTERM, SIGKILL two seconds later), removes its work and staging folders and
/// leaves `public/` as it was; a second one ends the process at once, but only after killing
/// the children's process groups and removing the temporary folders and the staging folder
/// (``BuildInterruption/cleanUpBeforeExit()``). Signals that arrive together count one by one
/// (a Dispatch source hands them over as one event with a count).
final class InterruptHandler: Sendable {
    /// Dispatch sources are thread-safe; they are only created in `init` and cancelled in `stop`.
    private nonisolated(unsafe) var sources: [any DispatchSourceSignal] = []
    private let count = Mutex(0)

    /// Starts listening; `onInterrupt` runs (once) on a background queue.
    init(onInterrupt: @escaping @Sendable () -> Void) {
        for signalNumber in [SIGINT, SIGTERM] {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler { [self, source] in
                let arrived = max(1, Int(source.data))
                let (before, seen) = self.count.withLock { value in
                    defer { value += arrived }
                    return (value, value + arrived)
                }
                if before == 0 { onInterrupt() }
                if seen > 1 {
                    // A third one ends the process without waiting for the clean-up.
                    signal(SIGINT, SIG_DFL)
                    signal(SIGTERM, SIG_DFL)
                    BuildInterruption.cleanUpBeforeExit()
                    _exit(GalleryCommandLine.interruptedExitCode)
                }
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
