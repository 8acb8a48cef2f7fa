import Foundation

/// Reads the entries of a ZIP whose entries are stored (as galleryc's album ZIPs are), one at
/// a time, so that the privacy scan checks each photo in it as the image it is, with memory
/// for one photo.
enum StoredZip {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// True when the file at `url` starts like a ZIP.
    static func isZip(_ url: URL) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: url.path) else { return false }
        defer { try? handle.close() }
        return (try? handle.read(upToCount: 4)) == Data([0x50, 0x4B, 0x03, 0x04])
    }

    /// Hands each entry's bytes to `body` until it returns false. A compressed or damaged
    /// entry throws: galleryc never writes one, so it cannot be checked, and the scan that
    /// calls this fails closed.
    static func forEachEntry(of url: URL, _ body: ([UInt8]) -> Bool) throws {
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        while let header = try handle.read(upToCount: 30), header.count == 30 {
            let bytes = [UInt8](header)
            func u16(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
            func u32(_ at: Int) -> UInt64 {
                (0..<4).reduce(0) { $0 | UInt64(bytes[at + $1]) << (8 * UInt64($1)) }
            }
            guard u32(0) == 0x0403_4B50 else { return }  // the central directory: no more entries
            guard u16(8) == 0 else { throw Failure(description: "a compressed entry in the ZIP") }
            let nameLength = u16(26)
            let extraLength = u16(28)
            var size = u32(18)
            let rest = [UInt8](try handle.read(upToCount: nameLength + extraLength) ?? Data())
            if size == 0xFFFF_FFFF {
                // ZIP64: the sizes are in the extra field (tag 1: uncompressed, then compressed).
                let extra = Array(rest.dropFirst(nameLength))
                guard extra.count >= 12, extra[0] == 1, extra[1] == 0 else {
                    throw Failure(description: "a ZIP64 entry without its sizes")
                }
                size = (0..<8).reduce(0) { $0 | UInt64(extra[4 + $1]) << (8 * UInt64($1)) }
            }
            let data = [UInt8](try handle.read(upToCount: Int(size)) ?? Data())
            guard UInt64(data.count) == size else {
                throw Failure(description: "a truncated entry in the ZIP")
            }
            if !body(data) { return }
        }
    }
}
