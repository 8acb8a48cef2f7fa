/// Writes the small EXIF (TIFF) payload that published images carry: only the entries of the
/// allowed ``ExifGroup``s and an Orientation. No GPS, serial numbers or maker notes can get in,
/// because nothing but these entries is ever written.
enum ExifWriter {
    /// What the written Orientation says.
    enum Orientation {
        /// 1: the pixels are already turned (renditions).
        case reset
        /// The source's own Orientation (a published original, whose pixels are not turned).
        case keep
    }

    /// The TIFF bytes for an APP1 segment (without `Exif\0\0`), or nil when there is nothing
    /// worth writing (no allowed entry, and an Orientation of 1 or none).
    /// - Parameters:
    ///   - metadata: what the reader found in the source.
    ///   - groups: the allowed groups (`privacy.exif`).
    ///   - orientation: reset to 1, or the source's.
    static func payload(
        for metadata: ExifMetadata, groups: Set<ExifGroup> = Set(ExifGroup.allCases),
        orientation: Orientation = .reset
    ) -> [UInt8]? {
        let primaryAllowed = Set(groups.flatMap(\.primaryTags))
        let cameraAllowed = Set(groups.flatMap(\.cameraTags))
        let camera = metadata.camera.filter { cameraAllowed.contains($0.tag) }
        var primary = metadata.primary.filter { primaryAllowed.contains($0.tag) }
        let big = metadata.bigEndian
        let kept = orientation == .keep ? metadata.orientation : nil
        let keptValue = kept.map { ExifValue($0, bigEndian: big).integer ?? 1 } ?? 1
        guard !primary.isEmpty || !camera.isEmpty || keptValue != 1 else { return nil }
        if let kept, keptValue != 1 {
            primary.append(kept)
        } else {
            primary.append(ExifEntry(tag: 0x0112, type: 3, count: 1, data: big ? [0, 1] : [1, 0]))
        }
        let headerSize = 8
        if !camera.isEmpty {
            // Placeholder pointer: the Exif IFD goes right after IFD0, whose size does not
            // depend on the pointer's value.
            primary.append(ExifEntry(tag: 0x8769, type: 4, count: 1, data: [0, 0, 0, 0]))
            let cameraOffset = headerSize + size(of: primary)
            primary[primary.count - 1].data = bytes(UInt32(cameraOffset), 4, big)
        }
        var out: [UInt8] = big ? [0x4D, 0x4D, 0, 0x2A] : [0x49, 0x49, 0x2A, 0]
        out += bytes(UInt32(headerSize), 4, big)
        out += ifd(primary, at: headerSize, big)
        if !camera.isEmpty { out += ifd(camera, at: out.count, big) }
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
