/// An HTML page from disk with the live-reload tag spliced in, read as it is sent.
///
/// The bytes are exactly those of ``LiveReloadScript/inject(into:)`` on the whole file, but
/// the file is never read whole: where the tag goes is found by reading the page backwards
/// from its end (usually one read), and each piece libmicrohttpd asks for is read from the
/// file, or from the tag, at the moment it is sent. Memory per response is libmicrohttpd's
/// block buffer, whatever the size of the page and however slowly the client reads it.
final class InjectedHTML: @unchecked Sendable {
    // @unchecked Sendable: made on one connection thread and then used only by the content
    // reader of that connection, which libmicrohttpd never calls concurrently; `tagOffset`
    // is the only var.
    private let file: OpenFile
    private let tag = LiveReloadScript.tagBytes
    /// The part of the injected page to send (the whole page, or one byte range).
    let window: Range<UInt64>
    /// Found on the first read, so that HEAD requests never search for it.
    private var tagOffset: UInt64?
    private let searchChunk: Int

    /// - Parameters:
    ///   - window: the bytes of the injected page to send, by default all of them.
    ///   - searchChunk: how much of the page each backward read for `</body>` takes.
    init(file: OpenFile, window: Range<UInt64>? = nil, searchChunk: Int = 65_536) {
        self.file = file
        self.window = window ?? 0..<Self.length(ofFileOfSize: file.size)
        self.searchChunk = searchChunk
    }

    /// The length of the whole injected page: the file plus the tag.
    static func length(ofFileOfSize size: UInt64) -> UInt64 { size + UInt64(LiveReloadScript.tagBytes.count) }

    /// Copies the bytes at `position` (counted from the start of ``window``) into `buffer`.
    /// Returns the count, 0 at the end of the window, or nil when the file cannot be read or
    /// has become shorter than when it was opened.
    func read(at position: UInt64, into buffer: UnsafeMutableRawBufferPointer) -> Int? {
        guard let tagOffset = tagOffset ?? findTag() else { return nil }
        let tagEnd = tagOffset + UInt64(tag.count)
        var offset = window.lowerBound + position
        var filled = 0
        while filled < buffer.count, offset < window.upperBound {
            let want = Int(min(UInt64(buffer.count - filled), window.upperBound - offset))
            let target = UnsafeMutableRawBufferPointer(rebasing: buffer[filled..<(filled + want)])
            let count: Int
            if offset < tagOffset {
                let piece = UnsafeMutableRawBufferPointer(
                    rebasing: target[..<Int(min(UInt64(want), tagOffset - offset))])
                guard let read = file.read(at: offset, into: piece), read > 0 else { return nil }
                count = read
            } else if offset < tagEnd {
                let start = Int(offset - tagOffset)
                count = min(want, tag.count - start)
                tag[start..<(start + count)].withUnsafeBytes { target.copyMemory(from: $0) }
            } else {
                guard let read = file.read(at: offset - UInt64(tag.count), into: target), read > 0 else {
                    return nil
                }
                count = read
            }
            filled += count
            offset += UInt64(count)
        }
        return filled
    }

    private func findTag() -> UInt64? {
        let file = file
        let found = LiveReloadScript.insertionOffset(length: file.size, chunkSize: searchChunk) {
            offset, count in
            var bytes = [UInt8](repeating: 0, count: count)
            var filled = 0
            while filled < count {
                let read = bytes.withUnsafeMutableBytes { raw in
                    file.read(
                        at: offset + UInt64(filled),
                        into: UnsafeMutableRawBufferPointer(rebasing: raw[filled...]))
                }
                guard let read, read > 0 else { return nil }
                filled += read
            }
            return bytes
        }
        tagOffset = found
        return found
    }
}
