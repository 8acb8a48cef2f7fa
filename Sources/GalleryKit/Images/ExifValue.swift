import Foundation

/// Typed reads of a raw EXIF entry (ASCII, SHORT, LONG, RATIONAL), defensively: a value of an
/// unexpected type or size reads as nil rather than trapping.
struct ExifValue {
    var entry: ExifEntry
    var bigEndian: Bool

    init(_ entry: ExifEntry, bigEndian: Bool) {
        self.entry = entry
        self.bigEndian = bigEndian
    }

    /// Bytes per component of a TIFF type, nil for unknown types.
    static func size(ofType type: UInt16) -> Int? {
        switch type {
        case 1, 2, 6, 7: 1
        case 3, 8: 2
        case 4, 9, 11: 4
        case 5, 10, 12: 8
        default: nil
        }
    }

    /// ASCII text without trailing NULs and spaces; nil when empty.
    var text: String? {
        guard entry.type == 2 || entry.type == 7 else { return nil }
        let bytes = entry.data.prefix { $0 != 0 }
        let string = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespaces)
        return string.isEmpty ? nil : string
    }

    /// UserComment (UNDEFINED, EXIF 2.32 4.6.5): an 8-byte character code, then the text.
    /// `ASCII` and undefined (NULs) codes read as UTF-8 (what cameras and tools write in
    /// practice), `UNICODE` as UTF-16 in the file's byte order (or as its BOM says); `JIS` and
    /// anything else as nothing. Trailing NULs and spaces dropped; nil when empty.
    var userComment: String? {
        guard entry.type == 7 || entry.type == 2 else { return nil }
        let data = entry.data
        guard data.count > 8 else { return nil }
        let code = Array(data[0..<8])
        let body = Array(data[8...])
        var string: String
        if code == Array("ASCII\0\0\0".utf8) || code == [UInt8](repeating: 0, count: 8) {
            string = String(decoding: body.prefix { $0 != 0 }, as: UTF8.self)
        } else if code == Array("UNICODE\0".utf8) {
            var units: [UInt16] = []
            var big = bigEndian
            var index = 0
            if body.count >= 2, (body[0], body[1]) == (0xFE, 0xFF) || (body[0], body[1]) == (0xFF, 0xFE) {
                big = body[0] == 0xFE
                index = 2
            }
            while index + 1 < body.count {
                let unit =
                    big
                    ? UInt16(body[index]) << 8 | UInt16(body[index + 1])
                    : UInt16(body[index + 1]) << 8 | UInt16(body[index])
                if unit == 0 { break }
                units.append(unit)
                index += 2
            }
            string = String(decoding: units, as: UTF16.self)
        } else {
            return nil
        }
        string = string.trimmingCharacters(in: .whitespacesAndNewlines)
        return string.isEmpty ? nil : string
    }

    /// The first SHORT or LONG component.
    var integer: Int? {
        switch entry.type {
        case 3 where entry.data.count >= 2: Int(word(at: 0, size: 2))
        case 4 where entry.data.count >= 4: Int(word(at: 0, size: 4))
        default: nil
        }
    }

    /// The first RATIONAL (or SHORT/LONG) component as a number; nil on a zero denominator.
    var number: Double? {
        guard entry.type == 5 || entry.type == 10 else { return integer.map(Double.init) }
        guard entry.data.count >= 8 else { return nil }
        var numerator = Double(word(at: 0, size: 4))
        var denominator = Double(word(at: 4, size: 4))
        if entry.type == 10 {
            numerator = Double(Int32(bitPattern: word(at: 0, size: 4)))
            denominator = Double(Int32(bitPattern: word(at: 4, size: 4)))
        }
        guard denominator != 0 else { return nil }
        return numerator / denominator
    }

    private func word(at offset: Int, size: Int) -> UInt32 {
        var value: UInt32 = 0
        for index in 0..<size {
            let byte = UInt32(entry.data[offset + (bigEndian ? index : size - 1 - index)])
            value = value << 8 | byte
        }
        return value
    }

    /// "YYYY:MM:DD HH:MM:SS" read as UTC; nil when malformed or out of range.
    static func date(fromExif text: String) -> Date? {
        let digits = text.split(whereSeparator: { $0 == ":" || $0 == " " || $0 == "-" })
        guard digits.count >= 6 else { return nil }
        let parts = digits.prefix(6).compactMap { Int($0) }
        guard parts.count == 6 else { return nil }
        let (year, month, day, hour, minute, second) =
            (parts[0], parts[1], parts[2], parts[3], parts[4], parts[5])
        guard (1...9999).contains(year), (1...12).contains(month), (1...31).contains(day),
            (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second)
        else { return nil }
        // Days from the civil date (Howard Hinnant's algorithm): no calendar or zone involved.
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = shiftedYear / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        let seconds = days * 86_400 + hour * 3_600 + minute * 60 + second
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }
}
