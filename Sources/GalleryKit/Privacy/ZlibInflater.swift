internal import CZlib

/// zlib's inflate, for the privacy check's own reading of compressed PNG text (`zTXt`,
/// compressed `iTXt`). The only file that imports CZlib; the stream and every pointer into it
/// stay here. The image stage inflates the same chunks through its own code (CImageCodecs),
/// so that a bug in one cannot hide a leak from the other as well.
enum ZlibInflater {
    /// How much output each call of `inflate` may write: the most held beyond `limit`.
    private static let blockSize = 1 << 16

    /// The bytes the zlib stream at the start of `data` inflates to (anything after the end of
    /// the stream is ignored); nil when the stream is damaged, cut short, needs a preset
    /// dictionary, or inflates to more than `limit` bytes. Memory held: the output so far, at
    /// most `limit` plus one block.
    static func inflate(_ data: ArraySlice<UInt8>, limit: Int) -> [UInt8]? {
        guard limit > 0 else { return nil }
        // zlib's state points back at its z_stream (and checks it on every call): the stream
        // lives on the heap, where it does not move.
        let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
        stream.initialize(to: z_stream())
        defer {
            stream.deinitialize(count: 1)
            stream.deallocate()
        }
        guard czlib_inflate_init(stream) == Z_OK else { return nil }
        defer { inflateEnd(stream) }
        var output: [UInt8] = []
        var block = [UInt8](repeating: 0, count: blockSize)
        return data.withUnsafeBufferPointer { input -> [UInt8]? in
            while true {
                // total_in is 64 bits wide; avail_in only 32: the input is handed over in pieces.
                let consumed = Int(stream.pointee.total_in)
                stream.pointee.next_in = input.baseAddress.map {
                    UnsafeMutablePointer(mutating: $0 + consumed)
                }
                stream.pointee.avail_in = UInt32(min(input.count - consumed, Int(UInt32.max)))
                let status = block.withUnsafeMutableBufferPointer { out -> Int32 in
                    stream.pointee.next_out = out.baseAddress
                    stream.pointee.avail_out = UInt32(out.count)
                    return CZlib.inflate(stream, Z_NO_FLUSH)
                }
                let produced = blockSize - Int(stream.pointee.avail_out)
                guard output.count + produced <= limit else { return nil }
                output += block[..<produced]
                // Z_OK: progress, go on. Z_BUF_ERROR: no progress possible (the input ended
                // before the stream did). Anything else: damaged, or a dictionary we lack.
                if status == Z_STREAM_END { return output }
                guard status == Z_OK else { return nil }
            }
        }
    }
}
