/// Writes the small EXIF (TIFF) payload that derivatives carry: only the allow-listed entries
/// and Orientation = 1 (the pixels are already turned). No GPS, serial numbers or maker notes
/// can get in, because nothing but these entries is ever written.
enum ExifWriter {
    /// The TIFF bytes for an APP1 segment (without `Exif\0\0`), or nil when there is nothing
    /// worth writing.
    static func payload(for metadata: ExifMetadata) -> [UInt8]? {
        guard !metadata.primary.isEmpty || !metadata.camera.isEmpty else { return nil }
        let big = metadata.bigEndian
        let orientation = ExifEntry(
            tag: 0x0112, type: 3, count: 1, data: big ? [0, 1] : [1, 0])
        var primary = metadata.primary + [orientation]
        let headerSize = 8
        if !metadata.camera.isEmpty {
            // Placeholder pointer: the Exif IFD goes right after IFD0, whose size does not
            // depend on the pointer's value.
            primary.append(ExifEntry(tag: 0x8769, type: 4, count: 1, data: [0, 0, 0, 0]))
            let cameraOffset = headerSize + size(of: primary)
            primary[primary.count - 1].data = bytes(UInt32(cameraOffset), 4, big)
        }
        var out: [UInt8] = big ? [0x4D, 0x4D, 0, 0x2A] : [0x49, 0x49, 0x2A, 0]
        out += bytes(UInt32(headerSize), 4, big)
        out += ifd(primary, at: headerSize, big)
        if !metadata.camera.isEmpty { out += ifd(metadata.camera, at: out.count, big) }
        return out.count + 6 <= 65_533 ? out : nil
    }

    private static func size(of entries: [ExifEntry]) -> Int {
        2 + 12 * entries.count + 4
            + entries.reduce(0) { total, entry in
                total + (entry.data.count > 4 ? (entry.data.count + 1) & ~1 : 0)
            }
    }

    /// One IFD followed by its out-of-line values; entries sorted by tag, no next IFD.
    private static func ifd(_ unsorted: [ExifEntry], at start: Int, _ big: Bool) -> [UInt8] {
        let entries = unsorted.sorted { $0.tag < $1.tag }
        var table = bytes(UInt32(entries.count), 2, big)
        var values: [UInt8] = []
        let valuesStart = start + 2 + 12 * entries.count + 4
        for entry in entries {
            table += bytes(UInt32(entry.tag), 2, big) + bytes(UInt32(entry.type), 2, big)
            table += bytes(entry.count, 4, big)
            if entry.data.count <= 4 {
                table += entry.data + [UInt8](repeating: 0, count: 4 - entry.data.count)
            } else {
                table += bytes(UInt32(valuesStart + values.count), 4, big)
                values += entry.data
                if values.count % 2 == 1 { values.append(0) }
            }
        }
        return table + bytes(0, 4, big) + values
    }

    private static func bytes(_ value: UInt32, _ count: Int, _ big: Bool) -> [UInt8] {
        let littleEndian = (0..<count).map { UInt8(truncatingIfNeeded: value >> (8 * UInt32($0))) }
        return big ? littleEndian.reversed() : littleEndian
    }
}
