/// A file of galleryc's geographic data (`places.bin`, `map.bin`) that is not of the version
/// this galleryc reads, or is cut short.
struct GeodataDamaged: Error, Sendable, Hashable {
    var reason: String
}

/// Reads the little-endian fields of galleryc's geographic data files, refusing to read past
/// their end: every count must fit what is left of the file.
struct GeodataReader {
    let bytes: [UInt8]
    private(set) var offset = 0

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    var remaining: Int { bytes.count - offset }

    /// The file starts with `magic` and the 32-bit `version`; `what` names it in the refusal.
    mutating func expect(magic: String, version: UInt32, what: String) throws(GeodataDamaged) {
        guard try take(4) == Array(magic.utf8), try u32() == version else {
            throw GeodataDamaged(reason: "not a galleryc \(what) of version \(version)")
        }
    }

    mutating func take(_ count: Int) throws(GeodataDamaged) -> [UInt8] {
        try need(count)
        defer { offset += count }
        return Array(bytes[offset..<(offset + count)])
    }

    mutating func byte() throws(GeodataDamaged) -> UInt8 {
        try need(1)
        defer { offset += 1 }
        return bytes[offset]
    }

    mutating func u16() throws(GeodataDamaged) -> UInt16 {
        try need(2)
        defer { offset += 2 }
        return UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8
    }

    mutating func u32() throws(GeodataDamaged) -> UInt32 {
        try need(4)
        defer { offset += 4 }
        return (0..<4).reduce(UInt32(0)) { value, byte in value | UInt32(bytes[offset + byte]) << (8 * byte) }
    }

    mutating func i32() throws(GeodataDamaged) -> Int32 {
        Int32(bitPattern: try u32())
    }

    /// A count, which must fit what is left of the file (a byte per item at least).
    mutating func count() throws(GeodataDamaged) -> Int {
        let value = Int(try u32())
        guard value <= remaining else {
            throw GeodataDamaged(reason: "a count past the end at byte \(offset)")
        }
        return value
    }

    /// A name: its length in a byte, then UTF-8.
    mutating func text() throws(GeodataDamaged) -> String {
        let length = Int(try byte())
        return String(decoding: try take(length), as: UTF8.self)
    }

    /// Steps over a name (its bytes are read later, where they are wanted).
    mutating func skipText() throws(GeodataDamaged) {
        let length = Int(try byte())
        try need(length)
        offset += length
    }

    /// A signed number as a zigzag varint.
    mutating func zigzag() throws(GeodataDamaged) -> Int64 {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard shift < 64 else { throw GeodataDamaged(reason: "a number cut short at byte \(offset)") }
            let byte = try byte()
            value |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { break }
            shift += 7
        }
        return Int64(bitPattern: value >> 1) ^ -Int64(bitPattern: value & 1)
    }

    private func need(_ count: Int) throws(GeodataDamaged) {
        guard count <= remaining else { throw GeodataDamaged(reason: "cut short at byte \(offset)") }
    }
}
