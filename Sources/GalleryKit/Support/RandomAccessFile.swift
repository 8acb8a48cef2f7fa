#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A regular file read at any offset (`pread`), for walking containers whose boxes say where
/// the next one starts (MP4, MOV): the media data between them is skipped, never read.
final class RandomAccessFile {
    private let descriptor: Int32
    /// The file's size when it was opened.
    let size: Int64

    /// Opens the regular file at `path`; a FIFO or device is refused without blocking.
    init(path: String) throws(FileReadFailure) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw .unreadable(errnoText()) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let reason = errnoText()
            close(descriptor)
            throw .unreadable(reason)
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            close(descriptor)
            throw .notARegularFile
        }
        self.descriptor = descriptor
        self.size = Int64(info.st_size)
    }

    deinit { close(descriptor) }

    /// Up to `count` bytes at `offset`; fewer at the end of the file.
    func read(at offset: Int64, count: Int) throws(FileReadFailure) -> [UInt8] {
        guard count > 0, offset >= 0, offset < size else { return [] }
        let wanted = Int(min(Int64(count), size - offset))
        var failure: Int32 = 0
        let bytes = [UInt8](unsafeUninitializedCapacity: wanted) { buffer, initialized in
            guard let base = buffer.baseAddress else { return }
            while initialized < wanted {
                let got = pread(
                    descriptor, base + initialized, wanted - initialized, off_t(offset) + off_t(initialized))
                if got < 0 && errno == EINTR { continue }
                if got < 0 { failure = errno }
                if got <= 0 { return }
                initialized += got
            }
        }
        if failure != 0 { throw .unreadable(errnoText(failure)) }
        return bytes
    }
}
