/// A quick look at an MP4 or MOV file's top-level boxes before ffmpeg reads it: a copy cut
/// short ends inside a box (ffprobe still reads its header when `moov` comes first, and ffmpeg
/// then transcodes what is there without failing), so it is caught here, from the box sizes.
enum ContainerCheck {
    /// Why the file (or the movie at `range` in it) is truncated, or nil when its boxes end
    /// where it does (or it is not an ISO base media file, which ffmpeg checks on its own).
    static func truncation(of file: FileReader, in range: Range<Int64>? = nil) throws(FileReadFailure)
        -> String?
    {
        let start = range?.lowerBound ?? 0
        let end = min(range?.upperBound ?? file.size, file.size)
        let head = try file.read(at: start, count: 16)
        guard head.count >= 8,
            ["ftyp", "moov", "mdat", "wide", "free", "skip"].contains(
                String(decoding: head[4..<8], as: UTF8.self))
        else { return nil }
        var offset = start
        var boxes = 0
        while offset < end, boxes < 100_000 {
            let header = try file.read(at: offset, count: 16)
            guard header.count >= 8 else { return "it ends inside a box header at byte \(offset)" }
            var size = Int64(header[0..<4].reduce(0) { $0 << 8 | UInt32($1) })
            let type = String(
                decoding: header[4..<8].map { (32...126).contains($0) ? $0 : 63 }, as: UTF8.self)
            if size == 1 {
                guard header.count == 16 else { return "it ends inside the '\(type)' box header" }
                size = Int64(bitPattern: header[8..<16].reduce(0) { $0 << 8 | UInt64($1) })
            } else if size == 0 {
                return nil  // The last box runs to the end of the file.
            }
            guard size >= 8 else { return "the '\(type)' box at byte \(offset) declares \(size) bytes" }
            if offset + size > end {
                return range == nil
                    ? "the '\(type)' box needs \(offset + size) bytes, the file has \(file.size)"
                    : "the embedded movie's '\(type)' box runs past its end, byte \(end)"
            }
            offset += size
            boxes += 1
        }
        return nil
    }
}
