/// Finds the EXIF and XMP blocks inside JPEG, WebP and PNG files without decoding anything.
///
/// Each walker moves strictly forward (every step advances by at least one header), checks
/// every length against the file size and stops at the first thing it does not understand, so
/// it ends after at most one step per byte of input.
enum MetadataBlocks {
    /// Where one metadata block lies in the file.
    enum Block: Equatable {
        /// A TIFF structure (the EXIF payload after `Exif\0\0`).
        case exif(Range<Int>)
        /// An XMP packet.
        case xmp(Range<Int>)
        /// Text stored compressed (a PNG's compressed `iTXt`, `zTXt`), inflated.
        case inflated([UInt8])
        /// Compressed text that could not be inflated: damaged, or past the file's budget.
        case uninflatable
    }

    static let exifPrefix: [UInt8] = Array("Exif\0\0".utf8)
    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    /// At most this many EXIF blocks are taken from a search of raw data (after a JPEG's image
    /// data, or a whole HEIF file).
    static let maxTrailingBlocks = 32

    /// APP1 `Exif` segments, and every other APPn segment (XMP, extended XMP...) as text to
    /// search for GPS property names, up to the first SOS marker, then any `Exif\0\0` + TIFF
    /// header found in the rest of the file.
    static func jpeg(_ bytes: [UInt8]) -> [Block] {
        guard bytes.starts(with: [0xFF, 0xD8]) else { return [] }
        var blocks: [Block] = []
        var position = 2
        while position + 4 <= bytes.count, bytes[position] == 0xFF {
            var markerAt = position + 1
            while markerAt < bytes.count, bytes[markerAt] == 0xFF { markerAt += 1 }
            guard markerAt < bytes.count else { break }
            let marker = bytes[markerAt]
            position = markerAt + 1
            if marker == 0xDA || marker == 0xD9 { break }
            if (0xD0...0xD7).contains(marker) || marker == 0x01 { continue }
            guard position + 2 <= bytes.count else { break }
            let length = Int(bytes[position]) << 8 | Int(bytes[position + 1])
            guard length >= 2 else { break }
            let segment = (position + 2)..<min(position + length, bytes.count)
            if marker == 0xE1, hasPrefix(bytes, at: segment.lowerBound, Array("Exif\0".utf8)) {
                blocks.append(
                    .exif((segment.lowerBound + 6)..<max(segment.lowerBound + 6, segment.upperBound)))
            } else if (0xE0...0xEF).contains(marker) {
                // XMP, extended XMP (its GPS may sit in any chunk) and other APPn payloads.
                blocks.append(.xmp(segment))
            }
            position = segment.upperBound
        }
        return blocks + exifAnywhere(bytes, from: position)
    }

    /// HEIF/AVIF (ISO base media) files: their Exif item is a 4-byte offset to a TIFF header
    /// (ISO/IEC 23008-12 A.2.1) wherever `iloc` put it, so search the whole file rather than
    /// parse the boxes: for offset 6 the header follows `Exif\0\0` (what cameras write), for
    /// offset 0 it follows the zero offset itself (what libavif writes for a bare TIFF
    /// payload, as galleryc's AVIF renditions have). XMP (a `mime` item) is searched for GPS
    /// property names across the whole file.
    static func isoBaseMedia(_ bytes: [UInt8]) -> [Block] {
        exifAnywhere(bytes, from: 0) + tiffAfterZeroOffset(bytes) + [.xmp(0..<bytes.count)]
    }

    /// TIFF headers right after four zero bytes: Exif items whose TIFF offset is 0.
    private static func tiffAfterZeroOffset(_ bytes: [UInt8]) -> [Block] {
        var blocks: [Block] = []
        for header in [Array("II*\0".utf8), Array("MM\0*".utf8)] {
            var position = 0
            while blocks.count < maxTrailingBlocks,
                let found = ByteSearch.firstIndex(
                    of: [0, 0, 0, 0] + header, in: bytes, position..<bytes.count)
            {
                blocks.append(.exif((found + 4)..<bytes.count))
                position = found + 1
            }
        }
        return blocks
    }

    /// `EXIF` and `XMP ` chunks of a RIFF WebP file.
    static func webP(_ bytes: [UInt8]) -> [Block] {
        guard bytes.count >= 12, hasPrefix(bytes, at: 8, Array("WEBP".utf8)) else { return [] }
        var blocks: [Block] = []
        var position = 12
        while position + 8 <= bytes.count {
            let size =
                Int(bytes[position + 4]) | Int(bytes[position + 5]) << 8 | Int(bytes[position + 6]) << 16
                | Int(bytes[position + 7]) << 24
            let payload = (position + 8)..<min(position + 8 + size, bytes.count)
            if hasPrefix(bytes, at: position, Array("EXIF".utf8)) {
                let skip = hasPrefix(bytes, at: payload.lowerBound, exifPrefix) ? 6 : 0
                blocks.append(
                    .exif((payload.lowerBound + skip)..<max(payload.lowerBound + skip, payload.upperBound)))
            } else if hasPrefix(bytes, at: position, Array("XMP ".utf8)) {
                blocks.append(.xmp(payload))
            }
            position = payload.upperBound + (size & 1)
        }
        return blocks
    }

    /// The most text a PNG's compressed chunks may inflate to, all of them together: 16 MiB,
    /// as much as the largest XMP packet the image stage reads.
    static let inflateBudget = 16 << 20

    /// `eXIf` chunks and the text chunks of a PNG file (`tEXt`, `iTXt`, `zTXt`, read by
    /// ``PNGTextChunk``; compressed text inflated by ``ZlibInflater``, to at most
    /// ``inflateBudget`` for the whole file: each attempt, whether it succeeds or not, is
    /// charged what it may have inflated, so that a file of many bombs costs no more than
    /// one), up to `IEND`.
    static func png(_ bytes: [UInt8]) -> [Block] {
        guard bytes.starts(with: pngSignature) else { return [] }
        var blocks: [Block] = []
        var position = 8
        var budget = inflateBudget
        while position + 8 <= bytes.count {
            let length =
                Int(bytes[position]) << 24 | Int(bytes[position + 1]) << 16 | Int(bytes[position + 2]) << 8
                | Int(bytes[position + 3])
            let data = (position + 8)..<min(position + 8 + length, bytes.count)
            let type = bytes[(position + 4)..<(position + 8)]
            if type.elementsEqual("IEND".utf8) { break }
            if type.elementsEqual("eXIf".utf8) {
                let skip = hasPrefix(bytes, at: data.lowerBound, exifPrefix) ? 6 : 0
                blocks.append(.exif((data.lowerBound + skip)..<max(data.lowerBound + skip, data.upperBound)))
            } else if let text = PNGTextChunk(type: type, data: data, in: bytes) {
                if let stream = text.compressed {
                    if let inflated = ZlibInflater.inflate(bytes[stream], limit: budget) {
                        budget -= max(1, inflated.count)
                        blocks += [.xmp(text.stored), .inflated(inflated)]  // the keyword searched too
                    } else {
                        budget = 0
                        blocks.append(.uninflatable)
                    }
                } else {
                    blocks.append(.xmp(text.stored))
                }
            } else if isTextChunk(type) {
                blocks.append(.xmp(data))  // a header cut short: searched as it lies
            }
            position = data.upperBound + 4
        }
        return blocks
    }

    /// True when the chunk type is `tEXt`, `zTXt` or `iTXt`.
    private static func isTextChunk(_ type: ArraySlice<UInt8>) -> Bool {
        ["tEXt", "zTXt", "iTXt"].contains { type.elementsEqual($0.utf8) }
    }

    /// True when the XMP packet (or any PNG text) names a GPS latitude or longitude property.
    static func xmpHasGPS(_ bytes: [UInt8], _ range: Range<Int>) -> Bool {
        ByteSearch.firstIndex(of: Array("GPSLatitude".utf8), in: bytes, range) != nil
            || ByteSearch.firstIndex(of: Array("GPSLongitude".utf8), in: bytes, range) != nil
    }

    /// `Exif\0\0` + TIFF header blocks from `start` on: after a JPEG's entropy-coded data
    /// (where MPF files keep further images), or anywhere in a HEIF file.
    private static func exifAnywhere(_ bytes: [UInt8], from start: Int) -> [Block] {
        var blocks: [Block] = []
        var position = start
        while blocks.count < maxTrailingBlocks,
            let found = ByteSearch.firstIndex(of: exifPrefix, in: bytes, position..<bytes.count)
        {
            let tiff = found + 6
            if hasPrefix(bytes, at: tiff, Array("II*\0".utf8))
                || hasPrefix(bytes, at: tiff, Array("MM\0*".utf8))
            {
                blocks.append(.exif(tiff..<bytes.count))
            }
            position = found + 1
        }
        return blocks
    }

    static func hasPrefix(_ bytes: [UInt8], at offset: Int, _ prefix: [UInt8]) -> Bool {
        guard offset >= 0, offset + prefix.count <= bytes.count else { return false }
        for (index, byte) in prefix.enumerated() where bytes[offset + index] != byte { return false }
        return true
    }
}
