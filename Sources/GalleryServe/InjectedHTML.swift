/// An HTML page from disk with the live-reload tag spliced in, read as it is sent.
///
/// The bytes are exactly those of ``LiveReloadScript/inject(into:)`` on the whole file, but
/// the file is never read whole: where the tag goes is found by reading the page backwards
/// from its end (usually one read), and each piece libmicrohttpd asks for is read from the
/// file, or from the tag, at the moment it is sent, as an array that ``HTTPDaemon`` copies
/// into libmicrohttpd's block buffer (whose pointer never leaves that file). Memory per
/// response is that buffer and one piece in flight, whatever the size of the page and however
/// slowly the client reads it.
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

    /// Up to `count` bytes at `position` (counted from the start of ``window``); empty at the
    /// end of the window; nil when the file cannot be read or has become shorter than when
    /// it was opened.
    func read(at position: UInt64, count: Int) -> [UInt8]? {
        guard let tagOffset = tagOffset ?? findTag() else { return nil }
        let tagEnd = tagOffset + UInt64(tag.count)
        var offset = window.lowerBound + position
        let end = min(window.upperBound, offset + UInt64(max(0, count)))
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(end - min(offset, end)))
        while offset < end {
            let want = Int(end - offset)
            if offset < tagOffset {
                guard let piece = file.read(at: offset, count: Int(min(UInt64(want), tagOffset - offset))),
                    !piece.isEmpty
                else { return nil }
                bytes += piece
                offset += UInt64(piece.count)
            } else if offset < tagEnd {
                let start = Int(offset - tagOffset)
                let piece = tag[start..<min(tag.count, start + want)]
                bytes += piece
                offset += UInt64(piece.count)
            } else {
                guard let piece = file.read(at: offset - UInt64(tag.count), count: want), !piece.isEmpty
                else {
                    return nil
                }
                bytes += piece
                offset += UInt64(piece.count)
            }
        }
        return bytes
    }

    private func findTag() -> UInt64? {
        let file = file
        let found = LiveReloadScript.insertionOffset(length: file.size, chunkSize: searchChunk) {
            offset, count in
            var bytes: [UInt8] = []
            while bytes.count < count {
                guard let piece = file.read(at: offset + UInt64(bytes.count), count: count - bytes.count),
                    !piece.isEmpty
                else { return nil }
                bytes += piece
            }
            return bytes
        }
        tagOffset = found
        return found
    }
}
