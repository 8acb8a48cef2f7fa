#if canImport(Glibc)
    import Glibc
#endif

/// A file opened for reading, with what `fstat` said about it when it was opened. The
/// descriptor is closed when the last reference goes.
///
/// Reading through one descriptor keeps a response consistent: a rebuild that replaces the
/// file (written elsewhere, then renamed over it) does not change the bytes, size or
/// validators of a response already under way.
final class OpenFile: Sendable {
    private let fd: Int32
    /// The size in bytes when opened.
    let size: UInt64
    /// The modification time when opened.
    let modified: (seconds: Int, nanoseconds: Int)

    /// Opens a regular file; nil when it cannot be opened or is not a regular file.
    init?(path: String) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            close(fd)
            return nil
        }
        self.fd = fd
        size = UInt64(info.st_size)
        modified = (info.st_mtim.tv_sec, info.st_mtim.tv_nsec)
    }

    /// Up to `count` bytes at `offset` (`pread`, so callers never share a file position):
    /// fewer at the end of the file, none past it; nil on an error.
    func read(at offset: UInt64, count: Int) -> [UInt8]? {
        guard count > 0 else { return [] }
        var failed = false
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            while true {
                let read = pread(fd, buffer.baseAddress, count, off_t(offset))
                if read >= 0 {
                    initialized = read
                    return
                }
                if errno != EINTR {
                    failed = true
                    initialized = 0
                    return
                }
            }
        }
        return failed ? nil : bytes
    }

    deinit { close(fd) }
}
