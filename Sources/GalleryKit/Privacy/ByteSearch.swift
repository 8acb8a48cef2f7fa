/// Substring search over bytes, fast enough to run over every published file.
enum ByteSearch {
    /// The first offset in `range` where `needle` starts, or nil.
    static func firstIndex(of needle: [UInt8], in bytes: [UInt8], _ range: Range<Int>) -> Int? {
        guard let first = needle.first, range.lowerBound >= 0, range.upperBound <= bytes.count,
            range.count >= needle.count
        else { return nil }
        let last = range.upperBound - needle.count
        return bytes.withUnsafeBufferPointer { buffer -> Int? in
            var index = range.lowerBound
            while index <= last {
                if buffer[index] == first {
                    var matched = 1
                    while matched < needle.count, buffer[index + matched] == needle[matched] { matched += 1 }
                    if matched == needle.count { return index }
                }
                index += 1
            }
            return nil
        }
    }
}
