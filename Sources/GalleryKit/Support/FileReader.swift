#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why a file could not be read, before any stage names it (each maps it to its own error).
enum FileReadFailure: Error, Sendable, Hashable {
    /// A FIFO, device or socket: opening it for reading could block the build or never end.
    case notARegularFile
    /// The system's words (`No such file or directory`, `Permission denied`).
    case unreadable(String)
}

/// An open regular file, read in pieces or at offsets: the one way galleryc reads a file of
/// the content folder (photos, clips, Markdown, site.yml, `.nomedia`), and how the GPS scan
/// walks a published movie's atoms.
///
/// Opening never blocks (a FIFO is opened with `O_NONBLOCK` and then refused), so a stray FIFO
/// in a content folder is an error naming it, not a build that hangs.
final class FileReader {
    private let descriptor: Int32
    /// The file's size when it was opened.
    let size: Int64

    /// Opens the regular file at `path` (following a symlink: the content walk decides which
    /// links may be followed).
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

    /// The next `count` bytes, fewer only at the end of the file (when it shrank meanwhile).
    func read(count: Int) throws(FileReadFailure) -> [UInt8] {
        try read(count: count) { buffer, count, _ in Self.systemRead(descriptor, buffer, count) }
    }

    /// The whole file from its start, as its size at opening says, into one buffer (wherever
    /// earlier reads left off): a photo is read once into memory, never as pieces joined.
    func readWhole() throws(FileReadFailure) -> [UInt8] {
        try read(count: Int(size)) { buffer, count, done in
            pread(descriptor, buffer, count, off_t(done))
        }
    }

    /// Up to `count` bytes at `offset` (`pread`: where ``read(count:)`` goes on is unchanged),
    /// fewer at the end of the file: for walking containers whose boxes say where the next one
    /// starts (MP4, MOV), so the media data between them is skipped, never read.
    func read(at offset: Int64, count: Int) throws(FileReadFailure) -> [UInt8] {
        guard count > 0, offset >= 0, offset < size else { return [] }
        return try read(count: Int(min(Int64(count), size - offset))) { buffer, count, done in
            pread(descriptor, buffer, count, off_t(offset) + off_t(done))
        }
    }

    /// The rest of the file, as its size at opening says.
    func readRest(after alreadyRead: Int) throws(FileReadFailure) -> [UInt8] {
        try read(count: max(0, Int(size) - alreadyRead))
    }

    /// `count` bytes by repeated `next(buffer, wanted, doneSoFar)` calls, fewer at end of file.
    private func read(
        count: Int, _ next: (UnsafeMutableRawPointer, Int, Int) -> Int
    ) throws(FileReadFailure) -> [UInt8] {
        var failure: Int32 = 0
        let bytes = [UInt8](unsafeUninitializedCapacity: max(0, count)) { buffer, initialized in
            guard let base = buffer.baseAddress else { return }
            while initialized < count {
                let got = next(base + initialized, count - initialized, initialized)
                if got < 0 && errno == EINTR { continue }
                if got < 0 { failure = errno }
                if got <= 0 { return }
                initialized += got
            }
        }
        if failure != 0 { throw .unreadable(errnoText(failure)) }
        return bytes
    }

    private static func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int)
        -> Int
    {
        #if canImport(Glibc)
            Glibc.read(descriptor, buffer, count)
        #else
            Darwin.read(descriptor, buffer, count)
        #endif
    }
}
