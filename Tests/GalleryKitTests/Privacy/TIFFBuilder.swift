/// Builds small TIFF/EXIF structures byte by byte, in either byte order, so tests can make
/// images with exactly the GPS tags (or the damage) they need.
struct TIFFBuilder {
    /// One IFD entry; `value` is already in the builder's byte order.
    struct Entry {
        var tag: Int
        var type: Int
        var count: Int
        var value: [UInt8]
    }

    let bigEndian: Bool

    func u16(_ value: Int) -> [UInt8] {
        let bytes = [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
        return bigEndian ? bytes : bytes.reversed()
    }

    func u32(_ value: Int) -> [UInt8] {
        let bytes = [
            UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF),
            UInt8(value & 0xFF),
        ]
        return bigEndian ? bytes : bytes.reversed()
    }

    func ascii(_ tag: Int, _ text: String) -> Entry {
        Entry(tag: tag, type: 2, count: text.utf8.count + 1, value: Array(text.utf8) + [0])
    }

    func short(_ tag: Int, _ value: Int) -> Entry {
        Entry(tag: tag, type: 3, count: 1, value: u16(value))
    }

    func rationals(_ tag: Int, _ values: [(Int, Int)], signed: Bool = false) -> Entry {
        Entry(
            tag: tag, type: signed ? 10 : 5, count: values.count,
            value: values.flatMap { u32($0.0) + u32($0.1) })
    }

    /// GPS IFD entries for a latitude and longitude given as degrees, minutes, seconds * 100.
    func gpsEntries(
        latitudeRef: String, latitude: (Int, Int, Int), longitudeRef: String, longitude: (Int, Int, Int)
    ) -> [Entry] {
        [
            Entry(tag: 0, type: 1, count: 4, value: [2, 3, 0, 0]),
            ascii(1, latitudeRef),
            rationals(2, [(latitude.0, 1), (latitude.1, 1), (latitude.2, 100)]),
            ascii(3, longitudeRef),
            rationals(4, [(longitude.0, 1), (longitude.1, 1), (longitude.2, 100)]),
        ]
    }

    /// A TIFF structure: header, IFD0 (plus a GPS IFD pointer when `gps` is given), the GPS IFD,
    /// then the values that do not fit in four bytes.
    func build(ifd0: [Entry] = [], gps: [Entry]?) -> [UInt8] {
        let ifd0Count = ifd0.count + (gps == nil ? 0 : 1)
        let gpsOffset = 8 + 2 + 12 * ifd0Count + 4
        let gpsSize = gps.map { 2 + 12 * $0.count + 4 } ?? 0
        var dataOffset = gpsOffset + gpsSize
        var data: [UInt8] = []

        func ifd(_ entries: [Entry]) -> [UInt8] {
            var out = u16(entries.count)
            for entry in entries {
                out += u16(entry.tag) + u16(entry.type) + u32(entry.count)
                if entry.value.count <= 4 {
                    out += entry.value + [UInt8](repeating: 0, count: 4 - entry.value.count)
                } else {
                    out += u32(dataOffset)
                    data += entry.value
                    dataOffset += entry.value.count
                }
            }
            return out + u32(0)
        }

        var pointer: [Entry] = []
        if gps != nil { pointer = [Entry(tag: 0x8825, type: 4, count: 1, value: u32(gpsOffset))] }
        var out: [UInt8] = bigEndian ? Array("MM".utf8) + [0, 42] : Array("II".utf8) + [42, 0]
        out += u32(8)
        out += ifd(ifd0 + pointer)
        if let gps { out += ifd(gps) }
        return out + data
    }
}
