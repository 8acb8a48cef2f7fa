/// Reads the GPS IFD of a TIFF structure (an EXIF block) in pure Swift, with bounded work.
///
/// Every read is checked against `[start, end)`; offsets are relative to the TIFF header, as
/// EXIF requires. IFDs are visited at most once each and at most ``maxIFDs`` in all, so an
/// offset loop, a pointer past the end or an entry count of 65,535 can neither crash nor hang
/// the reader: the worst case is a few thousand entry reads per EXIF block.
struct TIFFReader {
    /// The most IFDs (IFD0, IFD1, ..., the Exif IFD and GPS IFDs) one block may make us visit.
    static let maxIFDs = 16

    private let bytes: [UInt8]
    private let start: Int
    private let end: Int
    private let bigEndian: Bool

    /// Checks the header (`II*\0` or `MM\0*`) of the TIFF structure at `bytes[start..<end]`.
    init?(bytes: [UInt8], start: Int, end: Int) {
        guard start >= 0, end <= bytes.count, end - start >= 8 else { return nil }
        switch (bytes[start], bytes[start + 1]) {
        case (0x49, 0x49): bigEndian = false
        case (0x4D, 0x4D): bigEndian = true
        default: return nil
        }
        self.bytes = bytes
        self.start = start
        self.end = end
        guard u16(2) == 42 else { return nil }
    }

    /// Finds every GPS IFD reachable from IFD0 (the IFD chain and the Exif IFD) and decodes
    /// its latitude and longitude.
    func gpsMetadata(source: String) -> GPSMetadata {
        var result = GPSMetadata.empty
        var visited = Set<Int>()
        var pending = [u32(4)].compactMap { $0 }
        var gpsIFDs: [Int] = []
        while let offset = pending.popLast(), visited.count < Self.maxIFDs {
            guard offset != 0, visited.insert(offset).inserted else { continue }
            let count = entryCount(at: offset)
            for index in 0..<count {
                let entry = offset + 2 + 12 * index
                switch u16(entry) {
                case 0x8825:
                    result.hasGPSIFD = true
                    if let pointer = u32(entry + 8) { gpsIFDs.append(pointer) }
                case 0x8769:
                    if let pointer = u32(entry + 8) { pending.append(pointer) }
                default: break
                }
            }
            if let next = u32(offset + 2 + 12 * count) { pending.append(next) }
        }
        for offset in Set(gpsIFDs).sorted().prefix(Self.maxIFDs) {
            if let coordinate = coordinate(inGPSIFD: offset, source: source) {
                result.coordinates.append(coordinate)
            }
        }
        return result
    }

    /// Decodes GPSLatitudeRef (1), GPSLatitude (2), GPSLongitudeRef (3) and GPSLongitude (4).
    private func coordinate(inGPSIFD offset: Int, source: String) -> GPSCoordinate? {
        var latitude: Double?
        var longitude: Double?
        var south = false
        var west = false
        for index in 0..<entryCount(at: offset) {
            let entry = offset + 2 + 12 * index
            switch u16(entry) {
            case 1: south = (firstCharacter(entry) ?? 0) | 0x20 == UInt8(ascii: "s")
            case 2: latitude = degrees(entry)
            case 3: west = (firstCharacter(entry) ?? 0) | 0x20 == UInt8(ascii: "w")
            case 4: longitude = degrees(entry)
            default: break
            }
        }
        guard let latitude, let longitude, abs(latitude) <= 90, abs(longitude) <= 180 else { return nil }
        // A negative SRATIONAL (written by some tools instead of a S/W reference) also means south/west.
        return GPSCoordinate(
            latitude: south || latitude < 0 ? -abs(latitude) : latitude,
            longitude: west || longitude < 0 ? -abs(longitude) : longitude, source: source)
    }

    /// How many whole 12-byte entries the IFD at `offset` has inside the block.
    private func entryCount(at offset: Int) -> Int {
        guard let declared = u16(offset) else { return 0 }
        let room = (end - start - offset - 2) / 12
        return max(0, min(declared, room))
    }

    /// The first byte of an ASCII entry (`N`, `S`, `E`, `W`), stored inline.
    private func firstCharacter(_ entry: Int) -> UInt8? {
        guard u16(entry + 2) == 2, let count = u32(entry + 4), count >= 1 else { return nil }
        return byte(entry + 8)
    }

    /// Degrees + minutes/60 + seconds/3600 from one to three (S)RATIONALs; nil when a
    /// denominator is zero or the data lies outside the block. Negative when any part is
    /// negative (`-33° 30'` is -33.5).
    private func degrees(_ entry: Int) -> Double? {
        guard let type = u16(entry + 2), type == 5 || type == 10,
            let count = u32(entry + 4), count >= 1, let data = u32(entry + 8)
        else { return nil }
        var total = 0.0
        var negative = false
        for (index, scale) in [1.0, 60.0, 3600.0].prefix(min(count, 3)).enumerated() {
            guard let numerator = u32(data + 8 * index), let denominator = u32(data + 8 * index + 4),
                denominator != 0
            else { return nil }
            let signedNumerator =
                type == 10 ? Double(Int32(truncatingIfNeeded: numerator)) : Double(numerator)
            let signedDenominator =
                type == 10 ? Double(Int32(truncatingIfNeeded: denominator)) : Double(denominator)
            let value = signedNumerator / signedDenominator
            guard value.isFinite else { return nil }
            negative = negative || value < 0
            total += abs(value) / scale
        }
        return negative ? -total : total
    }

    private func byte(_ offset: Int) -> UInt8? {
        guard offset >= 0, offset < end - start else { return nil }
        return bytes[start + offset]
    }

    private func u16(_ offset: Int) -> Int? {
        guard offset >= 0, offset <= end - start - 2 else { return nil }
        let a = Int(bytes[start + offset])
        let b = Int(bytes[start + offset + 1])
        return bigEndian ? a << 8 | b : b << 8 | a
    }

    private func u32(_ offset: Int) -> Int? {
        guard let first = u16(offset), let second = u16(offset + 2) else { return nil }
        return bigEndian ? first << 16 | second : second << 16 | first
    }
}
