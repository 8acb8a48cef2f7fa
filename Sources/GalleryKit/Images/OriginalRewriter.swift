/// Rewrites an original file for publishing without its private metadata, leaving the image
/// data itself untouched.
///
/// JPEG: every marker segment up to the image data is copied except APP1 (EXIF and XMP: XMP can
/// hold GPS, place names and edit history, and nothing on a web page needs it, so all of it
/// goes), APP13 (IPTC, which holds place names), COM, and the application segments other than
/// APP0 (JFIF), APP2 `ICC_PROFILE` and APP14 (Adobe, needed to decode the colours right).
/// The allow-listed EXIF goes in as a new APP1 after SOI/APP0. The scans are copied byte for
/// byte up to EOI; anything after EOI (MPF secondary images, vendor trailers) is dropped.
///
/// PNG: the eXIf, tEXt, iTXt and zTXt chunks are dropped; every other chunk (iCCP, the pixels)
/// is copied with its CRC.
enum OriginalRewriter {
    /// The JPEG `data` with its metadata replaced by `exif` (a TIFF payload, nil for none), or
    /// nil when the marker structure is damaged.
    static func rewriteJPEG(_ data: [UInt8], exif: [UInt8]?) -> [UInt8]? {
        guard data.count >= 4, data[0] == 0xFF, data[1] == 0xD8 else { return nil }
        var head: [UInt8] = [0xFF, 0xD8]
        var offset = 2
        // Leading APP0 (JFIF, JFXX) segments stay first, as JFIF requires.
        while let segment = JPEGMarkers.segment(in: data, at: offset), segment.marker == 0xE0 {
            head += data[offset..<segment.end]
            offset = segment.end
        }
        if let exif {
            let payload = EmbeddedMetadata.exifPrefix + exif
            let length = payload.count + 2
            guard length <= 0xFFFF else { return nil }
            head += [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
        }
        var out = head
        while offset < data.count {
            guard let segment = JPEGMarkers.segment(in: data, at: offset) else { return nil }
            if segment.marker == 0xD9 {
                out += [0xFF, 0xD9]
                return out
            }
            if keeps(segment.marker, payload: data[min(segment.end, offset + 4)..<segment.end]) {
                out += data[offset..<segment.end]
            }
            offset = segment.end
            if segment.marker == 0xDA {
                // Entropy-coded data up to the next marker that is not a restart or stuffing.
                let start = offset
                while offset + 1 < data.count {
                    if data[offset] == 0xFF, data[offset + 1] != 0,
                        !(0xD0...0xD7).contains(data[offset + 1]), data[offset + 1] != 0xFF
                    {
                        break
                    }
                    offset += 1
                }
                guard offset + 1 < data.count else { return nil }
                out += data[start..<offset]
            }
        }
        return nil
    }

    /// The PNG `data` without its text and EXIF chunks, or nil when the chunk structure is
    /// damaged.
    static func rewritePNG(_ data: [UInt8]) -> [UInt8]? {
        let signature = 8
        guard data.count > signature else { return nil }
        var out = Array(data[0..<signature])
        var offset = signature
        let dropped: Set<String> = ["eXIf", "tEXt", "iTXt", "zTXt"]
        while offset + 12 <= data.count {
            let length = data[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            let end = offset + 12 + length
            guard length <= 0x7FFF_FFFF, end <= data.count else { return nil }
            let type = String(decoding: data[offset + 4..<offset + 8], as: UTF8.self)
            if !dropped.contains(type) { out += data[offset..<end] }
            offset = end
            if type == "IEND" { return out }
        }
        return nil
    }

    /// Whether a segment before or between the scans is published.
    private static func keeps(_ marker: UInt8, payload: ArraySlice<UInt8>) -> Bool {
        switch marker {
        case 0xE0, 0xEE: true
        case 0xE2: payload.starts(with: Array("ICC_PROFILE\0".utf8))
        case 0xE1, 0xE3...0xED, 0xEF, 0xFE: false
        default: true
        }
    }
}
