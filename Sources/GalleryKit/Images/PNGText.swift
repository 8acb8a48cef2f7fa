/// The text of a PNG text chunk (PNG 1.2, 4.2.3): `tEXt` is keyword\0 text; `zTXt` keyword\0,
/// method, zlib text; `iTXt` keyword\0, compression flag, method, language\0, translated
/// keyword\0, text (zlib when the flag is 1). The reader of the XMP the build reads
/// (``EmbeddedMetadata``); the leak check reads the same chunks with its own code
/// (`Privacy/PNGTextChunk.swift`), so that a bug here cannot hide a leak from it too.
enum PNGText {
    /// What follows a chunk's header.
    enum Content: Equatable {
        /// Uncompressed text: these indices of the chunk's data.
        case plain(Range<Int>)
        /// Compressed text, inflated.
        case inflated([UInt8])
        /// Compressed text that cannot be inflated: a broken stream, or more than the limit.
        case uninflatable
    }

    /// The keyword and text of the chunk of `type` (`tEXt`, `zTXt`, `iTXt`) whose data is
    /// `body`, compressed text inflated to at most `limit` bytes; nil for another type or a
    /// header cut short.
    static func read(_ body: ArraySlice<UInt8>, type: ArraySlice<UInt8>, limit: Int)
        -> (keyword: ArraySlice<UInt8>, content: Content)?
    {
        guard let keywordEnd = body.firstIndex(of: 0) else { return nil }
        let keyword = body[body.startIndex..<keywordEnd]
        var cursor = keywordEnd + 1
        let compressed: Bool
        if type.elementsEqual("tEXt".utf8) {
            compressed = false
        } else if type.elementsEqual("zTXt".utf8) {
            compressed = true
            cursor += 1  // the method (0, zlib, is the only one)
        } else if type.elementsEqual("iTXt".utf8) {
            guard cursor + 2 <= body.endIndex else { return nil }
            compressed = body[cursor] == 1
            cursor += 2
            for _ in 0..<2 {
                guard let zero = body[cursor...].firstIndex(of: 0) else { return nil }
                cursor = zero + 1
            }
        } else {
            return nil
        }
        guard cursor <= body.endIndex else { return nil }
        guard compressed else { return (keyword, .plain(cursor..<body.endIndex)) }
        guard limit > 0, let text = ImageCodecs.inflate(body[cursor...], limit: limit) else {
            return (keyword, .uninflatable)
        }
        return (keyword, .inflated(text))
    }
}
