/// Walks the marker segments at the start of a JPEG file. libexif's whole-file search gives
/// up when a COM (or another) segment precedes APP1, so galleryc finds APP1 itself.
enum JPEGMarkers {
    /// The payload of the first APP1 segment that starts with `Exif\0\0` (header included),
    /// or nil when there is none before the image data.
    static func exifPayload(in data: [UInt8]) -> [UInt8]? {
        headerSegments(in: data).first {
            $0.marker == 0xE1 && data[$0.payload].starts(with: EmbeddedMetadata.exifPrefix)
        }
        .map { Array(data[$0.payload]) }
    }

    /// The marker segments before the image data (SOS starts the entropy-coded data, EOI ends
    /// the file): each marker with where its payload (after the 2-byte length) is in `data`;
    /// empty when `data` is no JPEG. Nothing is copied.
    static func headerSegments(in data: [UInt8]) -> [(marker: UInt8, payload: Range<Int>)] {
        guard data.count >= 4, data[0] == 0xFF, data[1] == 0xD8 else { return [] }
        var found: [(marker: UInt8, payload: Range<Int>)] = []
        var offset = 2
        while let segment = segment(in: data, at: offset), segment.marker != 0xDA, segment.marker != 0xD9 {
            found.append((segment.marker, min(segment.end, offset + 4)..<segment.end))
            offset = segment.end
        }
        return found
    }

    /// The width and height the first SOF segment declares, or nil when `data` ends before it.
    static func declaredSize(in data: [UInt8]) -> (width: Int, height: Int)? {
        guard data.count >= 4, data[0] == 0xFF, data[1] == 0xD8 else { return nil }
        var offset = 2
        while let segment = segment(in: data, at: offset), segment.marker != 0xDA, segment.marker != 0xD9 {
            let isFrame =
                (0xC0...0xCF).contains(segment.marker) && ![0xC4, 0xC8, 0xCC].contains(segment.marker)
            var marker = offset
            while data[marker + 1] == 0xFF { marker += 1 }  // fill bytes, as segment(in:at:) skips
            // FF Cn, length (2), precision (1), height (2), width (2), ...
            if isFrame, marker + 8 < segment.end {
                let height = Int(data[marker + 5]) << 8 | Int(data[marker + 6])
                let width = Int(data[marker + 7]) << 8 | Int(data[marker + 8])
                return (width, height)
            }
            offset = segment.end
        }
        return nil
    }

    /// One marker segment starting at `start` (fill bytes skipped): its marker byte and where
    /// it ends (after its payload; standalone markers have none). Nil when `start` holds no
    /// marker or the segment runs past the end of the data.
    static func segment(in data: [UInt8], at start: Int) -> (marker: UInt8, end: Int)? {
        var offset = start
        guard offset >= 0, offset + 1 < data.count, data[offset] == 0xFF else { return nil }
        while offset + 1 < data.count, data[offset + 1] == 0xFF { offset += 1 }  // fill bytes
        guard offset + 1 < data.count else { return nil }
        let marker = data[offset + 1]
        if marker == 0xD9 || marker == 0x01 || (0xD0...0xD7).contains(marker) {
            return (marker, offset + 2)
        }
        guard offset + 3 < data.count else { return nil }
        let length = Int(data[offset + 2]) << 8 | Int(data[offset + 3])
        guard length >= 2, offset + 2 + length <= data.count else { return nil }
        return (marker, offset + 2 + length)
    }
}
