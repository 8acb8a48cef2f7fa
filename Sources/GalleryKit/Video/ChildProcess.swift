import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs ffmpeg and ffprobe: one child at a time per caller, each in a process group of its
/// own, stopped with its group when the build is cancelled.
///
/// Why by hand (`posix_spawn`) rather than Foundation's `Process`: the child must start in its
/// own process group (so the terminal's Ctrl-C reaches galleryc alone, which then stops the
/// children itself and removes their files), with SIGINT and SIGTERM back at their defaults
/// (galleryc ignores them while a build runs, and ignored signals survive `exec`), stdin on
/// `/dev/null`, and stdout read line by line as it comes (ffmpeg's `-progress`).
enum ChildProcess {
    /// Held while a child is started and recorded in ``RunningChildren``; true once the process
    /// is ending (``stopAllBeforeExit()``), and then no child starts.
    private static let spawnLock = Mutex(false)

    /// What a finished child left.
    struct Outcome: Sendable {
        /// The exit status, or 128 + the signal that ended it.
        var status: Int32
        var standardOutput: [UInt8]
        /// At most the last 64 KiB of what it wrote on stderr.
        var standardError: String
    }

    /// Why a child could not be run to its end.
    enum Failure: Error, Sendable, Hashable {
        /// `posix_spawn` failed (the system's words).
        case cannotStart(String)
        /// The build was cancelled; the child was stopped.
        case cancelled
    }

    /// Runs `executable` with `arguments` to its end.
    /// - Parameters:
    ///   - cancellation: stops the child (SIGTERM, then SIGKILL) when cancelled.
    ///   - onLine: each complete line of stdout, as it arrives (progress); stdout is still
    ///     returned whole.
    static func run(
        _ executable: String, _ arguments: [String], cancellation: ProcessCancellation,
        onLine: (String) -> Void = { _ in }
    ) throws(Failure) -> Outcome {
        // One spawn at a time, pipes made close-on-exec under the same lock: a child started
        // by another worker between `pipe` and `fcntl` would otherwise inherit this one's
        // pipe and hold it open (Glibc's module does not offer `pipe2`).
        let started = spawnLock.withLock { ending -> Result<(pid_t, Int32, Int32), Failure> in
            guard !ending else { return .failure(.cancelled) }
            var output: [Int32] = [-1, -1]
            var errors: [Int32] = [-1, -1]
            guard pipe(&output) == 0 else { return .failure(.cannotStart(errnoText())) }
            guard pipe(&errors) == 0 else {
                close(output[0])
                close(output[1])
                return .failure(.cannotStart(errnoText()))
            }
            for descriptor in output + errors { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
            defer {
                close(output[1])
                close(errors[1])
            }
            do throws(Failure) {
                let pid = try spawn(executable, arguments, stdout: output[1], stderr: errors[1])
                RunningChildren.shared.insert(pid)
                return .success((pid, output[0], errors[0]))
            } catch {
                close(output[0])
                close(errors[0])
                return .failure(error)
            }
        }
        let (pid, outputRead, errorRead) = try started.get()
        let output = [outputRead]
        let errors = [errorRead]
        let registered = cancellation.register(pid)
        if !registered { kill(-pid, SIGKILL) }
        let (standardOutput, standardError) = drain(output[0], errors[0], onLine: onLine) {
            cancellation.killIfOverdue(pid)
        }
        close(output[0])
        close(errors[0])
        let status = cancellation.reap(pid)
        if !registered || cancellation.isCancelled { throw .cancelled }
        return Outcome(
            status: status, standardOutput: standardOutput,
            standardError: String(decoding: standardError, as: UTF8.self))
    }

    /// For a process about to end at once (a second Ctrl-C): no child starts any more, every
    /// running one is killed with its process group (SIGKILL), and this returns once each has
    /// ended (or after two seconds), so that none outlives galleryc or writes after it.
    static func stopAllBeforeExit() {
        spawnLock.withLock { ending in ending = true }
        let running = RunningChildren.shared.signalAll(SIGKILL)
        let deadline = ContinuousClock.now + .seconds(2)
        for pid in running {
            while !hasEnded(pid), ContinuousClock.now < deadline { usleep(2_000) }
        }
    }

    /// True once `pid` has ended: a zombie not yet reaped counts (its files are closed), and
    /// it is not reaped here, because the worker that started it does that.
    private static func hasEnded(_ pid: pid_t) -> Bool {
        var info = siginfo_t()
        guard waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0 else {
            return errno == ECHILD
        }
        #if canImport(Glibc)
            return info._sifields._sigchld.si_pid == pid
        #else
            return info.si_pid == pid
        #endif
    }

    /// Starts the child in a new process group with default signal handling.
    private static func spawn(
        _ executable: String, _ arguments: [String], stdout: Int32, stderr: Int32
    ) throws(Failure) -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, stdout, 1)
        posix_spawn_file_actions_adddup2(&actions, stderr, 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(
            &attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        posix_spawnattr_setpgroup(&attributes, 0)
        var mask = sigset_t()
        sigemptyset(&mask)
        posix_spawnattr_setsigmask(&attributes, &mask)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signalNumber in [SIGINT, SIGTERM, SIGPIPE, SIGQUIT, SIGHUP] { sigaddset(&defaults, signalNumber) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        let environment =
            ProcessInfo.processInfo.environment.sorted { $0.key < $1.key }.map {
                strdup("\($0.key)=\($0.value)")
            }
            + [nil]
        defer { for pointer in environment { free(pointer) } }
        var pid: pid_t = 0
        let code = posix_spawn(&pid, executable, &actions, &attributes, argv, environment)
        guard code == 0 else { throw .cannotStart(errnoText(code)) }
        return pid
    }

    /// How often a worker waiting on its child looks at the clock (``ProcessCancellation/grace``).
    static let watchInterval: Int32 = 100

    /// Reads both pipes until the child closes them; stdout whole, stderr's last 64 KiB.
    /// `watch` runs whenever nothing arrived for ``watchInterval`` milliseconds.
    private static func drain(
        _ output: Int32, _ errors: Int32, onLine: (String) -> Void, watch: () -> Void
    ) -> ([UInt8], [UInt8]) {
        var standardOutput: [UInt8] = []
        var standardError: [UInt8] = []
        var lineStart = 0
        var open = [output, errors]
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        while !open.isEmpty {
            var fds = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            let ready = poll(&fds, nfds_t(fds.count), Self.watchInterval)
            if ready < 0 {
                if errno == EINTR { continue }
                break
            }
            if ready == 0 {
                watch()
                continue
            }
            for entry in fds where entry.revents != 0 {
                let count = buffer.withUnsafeMutableBytes { read(entry.fd, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                if count <= 0 {
                    open.removeAll { $0 == entry.fd }
                    continue
                }
                if entry.fd == output {
                    standardOutput += buffer[0..<count]
                    while let newline = standardOutput[lineStart...].firstIndex(of: 10) {
                        onLine(String(decoding: standardOutput[lineStart..<newline], as: UTF8.self))
                        lineStart = newline + 1
                    }
                } else {
                    standardError += buffer[0..<count]
                    if standardError.count > 64 << 10 {
                        standardError.removeFirst(standardError.count - (64 << 10))
                    }
                }
            }
        }
        return (standardOutput, standardError)
    }
}

/// Stops the children of one stage when the build is cancelled: SIGTERM to each child's
/// process group at once, SIGKILL to those still there ``grace`` later. Children that start
/// after the cancellation are killed as they start.
///
/// The SIGKILL is sent by the worker that waits for the child (``killIfOverdue(_:)``, called
/// while it reads the child's pipes and while it reaps it), not by a timer: no thread outside
/// the build's ``WorkerPool`` ever runs (ARCHITECTURE.md, Concurrency).
final class ProcessCancellation: Sendable {
    private struct State {
        var cancelled: ContinuousClock.Instant?
        var running: Set<pid_t> = []
    }

    private let state = Mutex(State())
    /// How long a child gets between SIGTERM and SIGKILL.
    static let grace: Duration = .seconds(2)

    init() {}

    /// True once ``cancel()`` was called.
    var isCancelled: Bool { state.withLock { $0.cancelled != nil } }

    /// Stops every running child (SIGTERM now, SIGKILL after ``grace``) and every later one.
    func cancel() {
        let running = state.withLock { state in
            if state.cancelled == nil { state.cancelled = .now }
            return state.running
        }
        for pid in running { kill(-pid, SIGTERM) }
    }

    /// SIGKILL to `pid`'s process group when the stage was cancelled more than ``grace`` ago
    /// and the child is still running. Under the lock: a child reaped meanwhile is no longer in
    /// the set, so its pid, which the system may give to another process, is never signalled.
    fileprivate func killIfOverdue(_ pid: pid_t) {
        state.withLock { state in
            guard let cancelled = state.cancelled, ContinuousClock.now - cancelled >= Self.grace,
                state.running.contains(pid)
            else { return }
            kill(-pid, SIGKILL)
        }
    }

    /// Records a started child; false when the stage is already cancelled.
    fileprivate func register(_ pid: pid_t) -> Bool {
        state.withLock { state in
            guard state.cancelled == nil else { return false }
            state.running.insert(pid)
            return true
        }
    }

    /// Waits for the child to end and forgets it; returns its status (128 + signal when killed).
    /// A child that closed its pipes but goes on running is looked at again after 1, 2, 4 …
    /// up to ``ChildProcess/watchInterval`` milliseconds (most end at once) and killed once
    /// overdue.
    fileprivate func reap(_ pid: pid_t) -> Int32 {
        var status: Int32 = 0
        var pause: Int32 = 1
        while true {
            let reaped = waitpid(pid, &status, WNOHANG)
            if reaped == pid || (reaped < 0 && errno != EINTR) { break }
            if reaped == 0 {
                killIfOverdue(pid)
                usleep(useconds_t(pause) * 1000)
                pause = min(pause * 2, ChildProcess.watchInterval)
            }
        }
        state.withLock { _ = $0.running.remove(pid) }
        RunningChildren.shared.remove(pid)
        let signal = status & 0x7f
        return signal == 0 ? (status >> 8) & 0xff : 128 + signal
    }
}

/// Every child galleryc has running, process-wide: the one place a process about to `_exit`
/// (a second Ctrl-C) can find them. Process-wide on purpose: children are a property of the
/// process, not of one build. A child is recorded as it starts, under ``ChildProcess``'s
/// spawn lock, and forgotten once reaped.
final class RunningChildren: Sendable {
    static let shared = RunningChildren()
    private let pids = Mutex<Set<pid_t>>([])

    func insert(_ pid: pid_t) { pids.withLock { _ = $0.insert(pid) } }
    func remove(_ pid: pid_t) { pids.withLock { _ = $0.remove(pid) } }

    /// Sends `signal` to every running child's process group, under the lock (a child reaped
    /// meanwhile is no longer listed, so a pid the system gave to another process is never
    /// signalled); returns the children signalled.
    func signalAll(_ signal: Int32) -> Set<pid_t> {
        pids.withLock { pids in
            for pid in pids { kill(-pid, signal) }
            return pids
        }
    }
}
