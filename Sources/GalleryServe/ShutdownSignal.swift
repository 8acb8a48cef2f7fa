import Dispatch
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Waits until the process receives SIGINT (Ctrl-C) or SIGTERM and returns the signal number.
///
/// The default handlers of both signals are replaced for the rest of the process's life, so
/// the caller decides what happens: typically ``PreviewServer/stop()`` and exit 0.
@discardableResult
public func waitForShutdownSignal() async -> Int32 {
    let queue = DispatchQueue(label: "galleryc.signals")
    let sources = [SIGINT, SIGTERM].map { number in
        signal(number, SIG_IGN)
        return (number, DispatchSource.makeSignalSource(signal: number, queue: queue))
    }
    let received = await withCheckedContinuation { (continuation: CheckedContinuation<Int32, Never>) in
        let resumed = Mutex(false)
        for (number, source) in sources {
            source.setEventHandler {
                let first = resumed.withLock { value in
                    defer { value = true }
                    return !value
                }
                if first { continuation.resume(returning: number) }
            }
            source.resume()
        }
    }
    for (_, source) in sources { source.cancel() }
    return received
}
