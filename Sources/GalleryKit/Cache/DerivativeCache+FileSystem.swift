import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The few POSIX calls the cache makes in its hot paths, where Foundation is too slow.
enum CacheFileSystem {
    /// Size, mtime and inode of a regular file, or nil when it is missing or not a file.
    static func stamp(_ path: String) -> FileStamp? {
        FileStamp.of(path)
    }

    /// What ``linkOrCopy(_:to:)`` did.
    enum PlaceOutcome {
        case created
        case alreadyThere
        case failed
    }

    /// Makes `destination` the same file as `source`: a hard link, or a copy across file
    /// systems. An existing destination that is the same file (same inode) counts as done;
    /// any other existing file there (a previous site's, when the staging folder is recycled)
    /// is replaced.
    static func linkOrCopy(_ source: String, to destination: String) -> PlaceOutcome {
        if link(source, destination) == 0 { return .created }
        switch errno {
        case EEXIST:
            guard let existing = stamp(destination), let wanted = stamp(source) else { return .failed }
            if existing.inode == wanted.inode { return .alreadyThere }
            guard unlink(destination) == 0 else { return .failed }
            return linkOrCopy(source, to: destination)
        case EXDEV, EPERM, EMLINK, ENOTSUP:
            let copied = (try? FileManager.default.copyItem(atPath: source, toPath: destination)) != nil
            return copied ? .created : .failed
        default:
            return .failed
        }
    }

    /// Creates `path` and any missing parents; true when it exists as a folder afterwards.
    static func makeDirectory(_ path: String) -> Bool {
        if mkdir(path, 0o755) == 0 || errno == EEXIST { return true }
        guard errno == ENOENT else { return false }
        return
            (try? FileManager.default.createDirectory(
                atPath: path, withIntermediateDirectories: true)) != nil
    }

    /// `rename(2)`; on failure returns the errno.
    static func renameItem(_ source: String, to destination: String) -> Int32? {
        rename(source, destination) == 0 ? nil : errno
    }

    /// Removes a file, ignoring errors.
    static func unlinkFile(_ path: String) {
        _ = unlink(path)
    }

    /// This process's id, for naming temporary folders.
    static var processID: Int32 { getpid() }

}
