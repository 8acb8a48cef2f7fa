/// A movie as ffmpeg and ffprobe are to read it: a whole file (a clip, a Live Photo's `.MOV`),
/// or the bytes of a file where a Motion Photo keeps its MP4 after the still.
struct MovieSource: Sendable, Hashable {
    /// The file, absolute.
    var path: String
    /// Where the movie is in the file; nil: all of it.
    var range: Range<Int64>?

    init(path: String, range: Range<Int64>? = nil) {
        self.path = path
        self.range = range
    }

    /// ffmpeg's input: the path, or for a range its `subfile` protocol (`start` and `end` are
    /// byte offsets; the demuxer seeks within them as in a file of their own), so that no copy
    /// of the movie is written.
    var argument: String {
        guard let range else { return path }
        return "subfile,,start,\(range.lowerBound),end,\(range.upperBound),,:\(path)"
    }
}
