import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Watches folders recursively with inotify and reports changes in batches, on its own thread.
///
/// Folders created (or moved in) later are watched as soon as they appear, and the files
/// already inside them are reported as created. Hidden files and editor scratch files are
/// skipped (see ``FileChange/isIgnored(name:)``). Saving by rename shows up as `movedIn`.
///
/// A root folder that is replaced (`rm -rf content && cp -r new content`, `mv new content`) is
/// reported as a change of the root itself, and the new folder is watched from then on: the
/// parent of each root is watched for the root's name, since a watch follows the old folder
/// (moved away) or ends with it (deleted).
final class FileWatcher: Sendable {
    /// Receives each batch of changes (one `read` of the inotify descriptor).
    typealias Handler = @Sendable ([FileChange]) -> Void

    private let loop: WatchLoop
    private let stopped = Mutex(false)
    private let finished = DispatchSemaphore(value: 0)

    /// Starts watching.
    /// - Throws: ``ServeError/watchFailed(path:code:)`` when inotify is unavailable or a root
    ///   folder cannot be watched.
    init(directories: [URL], handler: @escaping Handler) throws(ServeError) {
        let fd = inotify_init1(Int32(IN_NONBLOCK) | Int32(IN_CLOEXEC))
        guard fd >= 0 else { throw .watchFailed(path: "inotify", code: errno) }
        var wake: [Int32] = [-1, -1]
        guard pipe(&wake) == 0 else {
            close(fd)
            throw .watchFailed(path: "pipe", code: errno)
        }
        for end in wake { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        let loop = WatchLoop(inotify: fd, wake: (wake[0], wake[1]), handler: handler)
        for directory in directories {
            let path = directory.standardizedFileURL.path
            if !loop.watchRoot(path) {
                let code = errno
                loop.closeDescriptors()
                throw .watchFailed(path: path, code: code)
            }
        }
        self.loop = loop
        let finished = self.finished
        let thread = Thread {
            loop.run()
            finished.signal()
        }
        thread.name = "galleryc file watcher"
        thread.start()
    }

    /// Stops the watcher thread and closes its descriptors; waits for it. Idempotent. Not to be
    /// called from the handler (it runs on the thread this waits for).
    func stop() {
        let first = stopped.withLock { value in
            defer { value = true }
            return !value
        }
        guard first else { return }
        loop.wakeUp()
        finished.wait()
    }

    deinit { stop() }
}

/// The watcher's state: used by `FileWatcher.init` until the thread starts, then only by the
/// watcher thread (`wakeUp` only writes a byte to a pipe).
private final class WatchLoop: @unchecked Sendable {
    private let inotify: Int32
    /// A pipe: `stop()` writes a byte to `.write` to end the poll loop.
    private let wake: (read: Int32, write: Int32)
    private let handler: FileWatcher.Handler
    /// The folder each watch descriptor stands for.
    private var paths: [Int32: String] = [:]
    /// Watch descriptors of the roots' parent folders -> the roots inside them. A descriptor
    /// can be in both maps (a root's parent inside another root).
    private var parents: [Int32: Set<String>] = [:]
    /// The folders given to `FileWatcher.init`.
    private var roots: Set<String> = []

    init(inotify: Int32, wake: (read: Int32, write: Int32), handler: @escaping FileWatcher.Handler) {
        self.inotify = inotify
        self.wake = wake
        self.handler = handler
    }

    private static let mask =
        UInt32(IN_CREATE) | UInt32(IN_CLOSE_WRITE) | UInt32(IN_DELETE) | UInt32(IN_MOVED_FROM)
        | UInt32(IN_MOVED_TO) | UInt32(IN_ONLYDIR) | UInt32(IN_MOVE_SELF) | UInt32(IN_DELETE_SELF)
    /// For a root's parent: names appearing and disappearing. IN_MASK_ADD, because the parent
    /// may also be a folder of another watched tree, whose mask must not shrink.
    private static let parentMask =
        UInt32(IN_CREATE) | UInt32(IN_DELETE) | UInt32(IN_MOVED_FROM) | UInt32(IN_MOVED_TO)
        | UInt32(IN_ONLYDIR) | UInt32(IN_MASK_ADD)

    /// Watches `root`'s tree and the folder that contains it, so that `root` being deleted,
    /// moved away or (re)created is seen (best effort: a parent that cannot be watched only
    /// loses that). Returns false when `root` itself cannot be watched.
    func watchRoot(_ root: String) -> Bool {
        guard watchTree(root, reportExisting: false) else { return false }
        roots.insert(root)
        let parent = (root as NSString).deletingLastPathComponent
        guard !parent.isEmpty, parent != root else { return true }
        let wd = inotify_add_watch(inotify, parent, Self.parentMask)
        if wd >= 0 { parents[wd, default: []].insert(root) }
        return true
    }

    /// Drops the watches of `root` and every folder below it (after the folder went away, or
    /// before it is watched anew), so that a tree moved elsewhere is not reported as the root.
    private func forgetTree(_ root: String) {
        for (descriptor, watched) in paths where watched == root || watched.hasPrefix(root + "/") {
            inotify_rm_watch(inotify, descriptor)
            paths[descriptor] = nil
        }
    }

    /// An event in a root's parent folder about the root's own name: the root was deleted or
    /// moved away (its watches are dropped), or a folder appeared under its name (watched
    /// afresh, its files reported as created). Either way the root itself is reported.
    private func handleRoot(_ root: String, mask: UInt32, into changes: inout [FileChange]) {
        if mask & (UInt32(IN_CREATE) | UInt32(IN_MOVED_TO)) != 0 {
            forgetTree(root)
            changes.append(
                FileChange(
                    path: root, kind: mask & UInt32(IN_CREATE) != 0 ? .created : .movedIn, isDirectory: true))
            watchTree(root, reportExisting: true, into: &changes)
        } else if mask & (UInt32(IN_DELETE) | UInt32(IN_MOVED_FROM)) != 0 {
            forgetTree(root)
            changes.append(
                FileChange(
                    path: root, kind: mask & UInt32(IN_DELETE) != 0 ? .deleted : .movedOut, isDirectory: true)
            )
        }
    }

    /// Watches `root` and every non-hidden folder below it; returns false when `root` itself
    /// cannot be watched. With `reportExisting`, returns the files found as `created` changes.
    @discardableResult
    func watchTree(_ root: String, reportExisting: Bool, into changes: inout [FileChange]) -> Bool {
        let wd = inotify_add_watch(inotify, root, Self.mask)
        guard wd >= 0 else { return false }
        paths[wd] = root
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []).sorted()
        for name in names where !FileChange.isIgnored(name: name) {
            let path = root + "/" + name
            var info = stat()
            guard lstat(path, &info) == 0 else { continue }
            if info.st_mode & S_IFMT == S_IFDIR {
                if reportExisting {
                    changes.append(FileChange(path: path, kind: .created, isDirectory: true))
                }
                watchTree(path, reportExisting: reportExisting, into: &changes)
            } else if reportExisting {
                changes.append(FileChange(path: path, kind: .created))
            }
        }
        return true
    }

    func watchTree(_ root: String, reportExisting: Bool) -> Bool {
        var ignored: [FileChange] = []
        return watchTree(root, reportExisting: reportExisting, into: &ignored)
    }

    func wakeUp() {
        var byte: UInt8 = 1
        _ = write(wake.write, &byte, 1)
    }

    func closeDescriptors() {
        close(inotify)
        close(wake.read)
        close(wake.write)
    }

    func run() {
        defer { closeDescriptors() }
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            var fds = [
                pollfd(fd: inotify, events: Int16(POLLIN), revents: 0),
                pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&fds, 2, -1)
            if ready < 0 && errno == EINTR { continue }
            if ready < 0 || fds[1].revents != 0 { return }
            let count = buffer.withUnsafeMutableBytes { read(inotify, $0.baseAddress, $0.count) }
            if count <= 0 { continue }
            let changes = buffer.withUnsafeBytes { parse(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
            if !changes.isEmpty { handler(changes) }
        }
    }

    /// Decodes a run of `inotify_event`s; each name follows its struct, NUL-padded.
    private func parse(_ bytes: UnsafeRawBufferPointer) -> [FileChange] {
        var changes: [FileChange] = []
        var offset = 0
        let header = MemoryLayout<inotify_event>.size
        while offset + header <= bytes.count {
            let wd = bytes.loadUnaligned(fromByteOffset: offset, as: Int32.self)
            let mask = bytes.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
            let length = Int(bytes.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
            let nameBytes = bytes[(offset + header)..<min(bytes.count, offset + header + length)]
            offset += header + length
            let name = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
            handle(wd: wd, mask: mask, name: name, into: &changes)
        }
        return changes
    }

    private func handle(wd: Int32, mask: UInt32, name: String, into changes: inout [FileChange]) {
        if mask & UInt32(IN_Q_OVERFLOW) != 0 {
            // Events were lost: report every root as modified so the caller rebuilds everything.
            for root in Set(paths.values) where !paths.values.contains(where: { root.hasPrefix($0 + "/") }) {
                changes.append(FileChange(path: root, kind: .modified, isDirectory: true))
            }
            return
        }
        if mask & UInt32(IN_IGNORED) != 0 {
            paths[wd] = nil
            parents[wd] = nil
            return
        }
        if let roots = parents[wd], !name.isEmpty {
            for root in roots where (root as NSString).lastPathComponent == name {
                handleRoot(root, mask: mask, into: &changes)
            }
        }
        if mask & (UInt32(IN_MOVE_SELF) | UInt32(IN_DELETE_SELF)) != 0 {
            // A root moved away or deleted: its watches would go on reporting a folder that is
            // no longer the root. (Any other folder's parent reports it; the root's parent does
            // too when it could be watched, and a path reported twice is one rebuild.)
            if let folder = paths[wd], roots.contains(folder) {
                forgetTree(folder)
                let kind: FileChange.Kind = mask & UInt32(IN_MOVE_SELF) != 0 ? .movedOut : .deleted
                changes.append(FileChange(path: folder, kind: kind, isDirectory: true))
            }
            return
        }
        guard let folder = paths[wd], !name.isEmpty, !FileChange.isIgnored(name: name) else { return }
        let path = folder + "/" + name
        let isDirectory = mask & UInt32(IN_ISDIR) != 0
        let kind: FileChange.Kind
        if mask & UInt32(IN_CREATE) != 0 {
            kind = .created
        } else if mask & UInt32(IN_MOVED_TO) != 0 {
            kind = .movedIn
        } else if mask & UInt32(IN_CLOSE_WRITE) != 0 {
            kind = .modified
        } else if mask & UInt32(IN_MOVED_FROM) != 0 {
            kind = .movedOut
        } else if mask & UInt32(IN_DELETE) != 0 {
            kind = .deleted
        } else {
            return
        }
        changes.append(FileChange(path: path, kind: kind, isDirectory: isDirectory))
        guard isDirectory else { return }
        switch kind {
        case .created, .movedIn:
            watchTree(path, reportExisting: true, into: &changes)
        case .movedOut, .deleted:
            for (descriptor, watched) in paths where watched == path || watched.hasPrefix(path + "/") {
                inotify_rm_watch(inotify, descriptor)
                paths[descriptor] = nil
            }
        case .modified:
            break
        }
    }
}
