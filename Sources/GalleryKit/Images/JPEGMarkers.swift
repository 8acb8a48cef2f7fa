/// Walks the marker segments at the start of a JPEG file. libexif's whole-file search gives
/// up when a COM (or another) segment precedes APP1, so galleryc finds APP1 itself.
enum JPEGMarkers {
    /// The payload of the first APP1 segment that starts with `Exif\0\0` (header included),
    /// or nil when there is none before the image data.
    static func exifPayload(in data: [UInt8]) -> [UInt8]? {
        guard data.count >= 4, data[0] == 0xFF, data[1] == 0xD8 else { return nil }
        let exifHeader: [UInt8] = [0x45, 0x78, 0x69, 0x66, 0, 0]
        var offset = 2
        while offset + 4 <= data.count {
            guard data[offset] == 0xFF else { return nil }
            let marker = data[offset + 1]
            if marker == 0xFF {  // fill byte
                offset += 1
                continue
            }
            // Standalone markers carry no length; SOS starts the entropy-coded data, EOI ends.
            if marker == 0x01 || (0xD0...0xD7).contains(marker) {
                offset += 2
                continue
            }
            if marker == 0xDA || marker == 0xD9 { return nil }
            let length = Int(data[offset + 2]) << 8 | Int(data[offset + 3])
            guard length >= 2, offset + 2 + length <= data.count else { return nil }
            let payload = data[(offset + 4)..<(offset + 2 + length)]
            if marker == 0xE1, payload.starts(with: exifHeader) { return Array(payload) }
            offset += 2 + length
        }
        return nil
    }
}
