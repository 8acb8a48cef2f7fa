import Foundation

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
        func reading<T>(_ body: () throws(FileReadFailure) -> T) throws(ImageError) -> T {
            do throws(FileReadFailure) {
                return try body()
            } catch {
                switch error {
                case .notARegularFile: throw fail(.notARegularFile)
                case .unreadable(let reason): throw fail(.unreadable(reason))
                }
            }
        }
        let file = try reading { () throws(FileReadFailure) in try FileReader(path: url.path) }
        guard file.size > 0 else { throw fail(.emptyFile) }
        let head = try reading { () throws(FileReadFailure) in
            try file.read(count: Int(min(file.size, Int64(headLength))))
        }
        let format = SniffedFormat.sniff(head)
        try ImagePipeline.checkUsable(format, head: head, fileName: url.lastPathComponent, fail: fail)
        if let limit = plausibleSize(of: format, head: head), file.size > limit {
            throw fail(.implausibleSize(bytes: file.size, limit: limit))
        }
        guard file.size <= maxBytes else { throw fail(.fileTooLarge(bytes: file.size, limit: maxBytes)) }
        if head.count == file.size { return head }
        return try reading { () throws(FileReadFailure) in try file.readWhole() }
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
}
