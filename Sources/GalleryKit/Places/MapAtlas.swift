/// The outlines galleryc draws its maps from: Natural Earth's 1:10m land, lakes, countries' and
/// regions' boundaries (public domain), simplified at three tolerances, made into
/// `Geodata/map.bin` by `Geodata/make-map.py`, which documents the format.
struct MapAtlas: Sendable {
    /// The file is not a map of this version, or is cut short.
    struct Damaged: Error, Sendable, Hashable {
        var reason: String
    }

    enum Layer: UInt8, Sendable, CaseIterable {
        case land = 0, lakes, countries, regions

        /// Rings (filled) rather than lines.
        var isRings: Bool { self == .land || self == .lakes }
    }

    /// Parts near each other (a 10° tile's), with their bounds in 1e-4 degree.
    struct Group: Sendable {
        var west: Int32
        var south: Int32
        var east: Int32
        var north: Int32
        /// Each part's points as longitude, latitude pairs, in 1e-4 degree.
        var parts: [[Int32]]
    }

    /// One simplification of every layer.
    struct Level: Sendable {
        /// Degrees: no point of the original is farther than this from the outline.
        var tolerance: Double
        var layers: [Layer: [Group]]
    }

    /// 1e-4 degree per unit of the file.
    static let unit = 1e-4

    /// Coarsest first.
    let levels: [Level]

    init(bytes: [UInt8]) throws(Damaged) {
        var reader = MapReader(bytes: bytes)
        guard try reader.take(4) == Array("GKMP".utf8), try reader.u32() == 1 else {
            throw Damaged(reason: "not a galleryc map of version 1")
        }
        var levels: [Level] = []
        for _ in 0..<(try reader.byte()) {
            let tolerance = Double(Float(bitPattern: try reader.u32()))
            var layers: [Layer: [Group]] = [:]
            for _ in 0..<(try reader.byte()) {
                guard let layer = Layer(rawValue: try reader.byte()) else {
                    throw Damaged(reason: "an unknown layer")
                }
                var groups: [Group] = []
                for _ in 0..<(try reader.count()) {
                    let bounds = (try reader.i32(), try reader.i32(), try reader.i32(), try reader.i32())
                    var parts: [[Int32]] = []
                    var (x, y): (Int64, Int64) = (0, 0)
                    for _ in 0..<(try reader.count()) {
                        let points = try reader.count()
                        var part: [Int32] = []
                        part.reserveCapacity(points * 2)
                        for _ in 0..<points {
                            x += try reader.zigzag()
                            y += try reader.zigzag()
                            guard abs(x) <= 1_800_000, abs(y) <= 900_000 else {
                                throw Damaged(reason: "a point off the Earth at byte \(reader.offset)")
                            }
                            part.append(Int32(x))
                            part.append(Int32(y))
                        }
                        parts.append(part)
                    }
                    groups.append(
                        Group(west: bounds.0, south: bounds.1, east: bounds.2, north: bounds.3, parts: parts))
                }
                layers[layer] = groups
            }
            levels.append(Level(tolerance: tolerance, layers: layers))
        }
        guard !levels.isEmpty, reader.offset == bytes.count else {
            throw Damaged(reason: "\(bytes.count - reader.offset) bytes after the last level")
        }
        self.levels = levels
    }
}

/// Reads the fields of a map file, refusing to read past its end.
private struct MapReader {
    let bytes: [UInt8]
    var offset = 0

    mutating func take(_ count: Int) throws(MapAtlas.Damaged) -> [UInt8] {
        guard count <= bytes.count - offset else {
            throw MapAtlas.Damaged(reason: "cut short at byte \(offset)")
        }
        defer { offset += count }
        return Array(bytes[offset..<(offset + count)])
    }

    mutating func byte() throws(MapAtlas.Damaged) -> UInt8 {
        try take(1)[0]
    }

    mutating func u32() throws(MapAtlas.Damaged) -> UInt32 {
        try take(4).reversed().reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
    }

    mutating func i32() throws(MapAtlas.Damaged) -> Int32 {
        Int32(bitPattern: try u32())
    }

    /// A count, which must fit what is left of the file (a byte per item at least).
    mutating func count() throws(MapAtlas.Damaged) -> Int {
        let value = Int(try u32())
        guard value <= bytes.count - offset else { throw MapAtlas.Damaged(reason: "a count past the end") }
        return value
    }

    mutating func zigzag() throws(MapAtlas.Damaged) -> Int64 {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard offset < bytes.count, shift < 64 else {
                throw MapAtlas.Damaged(reason: "a number cut short at byte \(offset)")
            }
            let byte = bytes[offset]
            offset += 1
            value |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { break }
            shift += 7
        }
        return Int64(bitPattern: value >> 1) ^ -Int64(bitPattern: value & 1)
    }
}
