/// The outlines galleryc draws its maps from: Natural Earth's 1:10m land, lakes, countries' and
/// regions' boundaries (public domain), simplified at three tolerances, made into
/// `Geodata/map.bin` by `Geodata/make-map.py`, which documents the format.
struct MapAtlas: Sendable {
    /// The file is not a map of this version, or is cut short.
    typealias Damaged = GeodataDamaged

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
        var reader = GeodataReader(bytes: bytes)
        try reader.expect(magic: "GKMP", version: 1, what: "map")
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
