/// Where the parts of one PNG text chunk lie, as the privacy check reads it (PNG, third
/// edition, 11.3.3): `tEXt` is keyword, NUL, text; `zTXt` keyword, NUL, compression method,
/// then a zlib stream; `iTXt` keyword, NUL, compression flag, compression method, language
/// tag, NUL, translated keyword, NUL, then the text (a zlib stream when the flag is set).
///
/// The check has its own reader, sharing nothing with the image stage's (`Images/`): what one
/// misreads the other still sees. It fails closed where the two could differ: an `iTXt` whose
/// flag is anything but 0 counts as compressed (a stream that does not inflate fails the
/// check; it is never searched as it lies), and the compression method byte is not trusted
/// to say otherwise.
struct PNGTextChunk: Equatable {
    /// What is stored as it is: the keyword, and for `iTXt` the flags, language tag and
    /// translated keyword; the whole chunk data when the text is not compressed.
    let stored: Range<Int>
    /// The zlib stream of compressed text, to the end of the chunk data; nil for plain text.
    let compressed: Range<Int>?

    /// The chunk of `type` whose data is `data` (indices of `bytes`); nil when `type` is not a
    /// text chunk, or the chunk ends before its fields do (then it is searched as it lies).
    init?(type: ArraySlice<UInt8>, data: Range<Int>, in bytes: [UInt8]) {
        // Each field ends at a NUL; `nul(after:)` is the index just past it.
        func nul(after start: Int) -> Int? {
            guard start <= data.upperBound else { return nil }
            return bytes[start..<data.upperBound].firstIndex(of: 0).map { $0 + 1 }
        }
        guard let afterKeyword = nul(after: data.lowerBound) else { return nil }
        let text: Int
        let isCompressed: Bool
        switch String(decoding: type, as: UTF8.self) {
        case "tEXt":
            (text, isCompressed) = (afterKeyword, false)
        case "zTXt":
            guard afterKeyword < data.upperBound else { return nil }
            (text, isCompressed) = (afterKeyword + 1, true)
        case "iTXt":
            guard afterKeyword + 2 <= data.upperBound, let afterLanguage = nul(after: afterKeyword + 2),
                let afterTranslated = nul(after: afterLanguage)
            else { return nil }
            (text, isCompressed) = (afterTranslated, bytes[afterKeyword] != 0)
        default:
            return nil
        }
        stored = isCompressed ? data.lowerBound..<text : data
        compressed = isCompressed ? text..<data.upperBound : nil
    }
}
