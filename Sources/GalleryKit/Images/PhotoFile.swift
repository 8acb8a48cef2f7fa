import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads a photo file for the image stage, which reads each source once and hands the bytes to
/// every reader (cache key, decoder, GPS reader).
///
/// The file is checked before its bytes are read: it must be a regular file (a FIFO would block
/// the build, a device would never end), and its first 64 KiB must say it is an image a
/// galleryc build can use; a file of random bytes, text or another format is refused from
/// those alone, however large. Only then is the whole file read, and only when its size is
/// plausible: at most ``maxBytes``, and for JPEG, PNG and WebP at most what its declared pixels
/// could need (8 bytes a pixel, the most a 16-bit RGBA PNG stores, plus 64 MiB of metadata).
/// So the memory a worker holds for a file is bounded by its pixels, which the decoders bound.
enum PhotoFile {
    /// Files larger than this are refused whatever they declare.
    static let maxBytes: Int64 = 2 << 30
    /// What is read first, to recognise the format and read the declared size.
    static let headLength = 64 << 10
    /// Room for metadata (EXIF, ICC profiles, XMP, embedded previews) beyond the pixels.
    static let metadataAllowance: Int64 = 64 << 20

    /// The whole file at `url`, after the checks above.
    /// - Parameter displayPath: the photo relative to the content folder, for messages.
    /// - Throws: ``ImageError`` naming `displayPath`.
    static func read(_ url: URL, displayPath: String) throws(ImageError) -> [UInt8] {
        let fail = { (reason: ImageError.Reason) in ImageError(reason, file: displayPath) }
        // O_NONBLOCK so that opening a FIFO does not wait for a writer; regular files ignore it.
        let descriptor = open(url.path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw fail(.unreadable(errnoText())) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw fail(.unreadable(errnoText())) }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw fail(.notARegularFile) }
        let size = Int64(info.st_size)
        guard size > 0 else { throw fail(.emptyFile) }
        let head = try readBytes(descriptor, count: Int(min(size, Int64(headLength))), fail: fail)
        let format = SniffedFormat.sniff(head)
        try ImagePipeline.checkUsable(format, head: head, fileName: url.lastPathComponent, fail: fail)
        if let limit = plausibleSize(of: format, head: head), size > limit {
            throw fail(.implausibleSize(bytes: size, limit: limit))
        }
        guard size <= maxBytes else { throw fail(.fileTooLarge(bytes: size, limit: maxBytes)) }
        guard size > Int64(head.count) else { return head }
        let rest = try readBytes(descriptor, count: Int(size) - head.count, fail: fail)
        return head + rest
    }

    /// The most bytes a file of `format` declaring the size in `head` could need; nil when the
    /// head does not say (HEIF boxes, a JPEG whose metadata outgrows the head).
    static func plausibleSize(of format: SniffedFormat, head: [UInt8]) -> Int64? {
        let declared: (width: Int, height: Int)?
        switch format {
        case .jpeg: declared = JPEGMarkers.declaredSize(in: head)
        case .png: declared = pngDeclaredSize(head)
        case .webp: declared = WebPCodec.declaredSize(head)
        default: declared = nil
        }
        guard let declared else { return nil }
        return Int64(declared.width) * Int64(declared.height) * 8 + metadataAllowance
    }

    /// Width and height from a PNG's IHDR, which must come first.
    private static func pngDeclaredSize(_ head: [UInt8]) -> (width: Int, height: Int)? {
        guard head.count >= 24, Array(head[12..<16]) == Array("IHDR".utf8) else { return nil }
        let number = { (at: Int) in head[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (number(16), number(20))
    }

    /// Reads exactly `count` bytes (or up to the end of the file, when it shrank meanwhile).
    private static func readBytes(
        _ descriptor: Int32, count: Int, fail: (ImageError.Reason) -> ImageError
    ) throws(ImageError) -> [UInt8] {
        var failure: Int32 = 0
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            guard let base = buffer.baseAddress else { return }
            while initialized < count {
                let got = systemRead(descriptor, base + initialized, count - initialized)
                if got < 0 && errno == EINTR { continue }
                if got < 0 { failure = errno }
                if got <= 0 { return }
                initialized += got
            }
        }
        if failure != 0 { throw fail(.unreadable(errnoText(failure))) }
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
