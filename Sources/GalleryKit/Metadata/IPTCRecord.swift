import Foundation

/// What galleryc reads of IPTC-IIM (the "IPTC" block that Photoshop, Lightroom and most
/// photo tools still write beside XMP): the application record's ObjectName (2:05), Keywords
/// (2:25), By-line (2:80), Headline (2:105), CopyrightNotice (2:116) and Caption-Abstract
/// (2:120). Place names (2:90 City, 2:95 Province-State, 2:101 Country...) are never read.
///
/// Text is UTF-8 when the envelope's CodedCharacterSet (1:90) is `ESC % G`; otherwise it is
/// Latin-1 (ISO 8859-1, what the IIM default meant in practice), unless the bytes are valid
/// UTF-8 holding non-ASCII characters: many tools write UTF-8 without saying so, and such
/// bytes are almost never meant as Latin-1 (`Ã©` for `é`).
///
/// Parsing checks every length against the data and moves strictly forward: hostile input
/// ends the walk, it never reads out of bounds.
struct IPTCRecord: Sendable, Hashable {
    var objectName: String?
    var headline: String?
    var caption: String?
    var keywords: [String] = []
    var byline: String?
    var copyright: String?

    /// As galleryc's model has it.
    var descriptive: DescriptiveMetadata {
        DescriptiveMetadata(
            title: objectName ?? headline, description: caption,
            keywords: DescriptiveMetadata.uniqueKeywords(keywords), creator: byline, copyright: copyright)
    }

    /// The IPTC record inside a Photoshop image resource block (the APP13 payload after
    /// `Photoshop 3.0\0`): resource 0x0404, else nil.
    static func fromPhotoshopResources(_ bytes: ArraySlice<UInt8>) -> IPTCRecord? {
        var position = bytes.startIndex
        let end = bytes.endIndex
        while position + 12 <= end {
            guard bytes[position..<position + 4].elementsEqual("8BIM".utf8) else { return nil }
            let id = Int(bytes[position + 4]) << 8 | Int(bytes[position + 5])
            // A Pascal string, padded so that length byte + string is even.
            let nameLength = Int(bytes[position + 6])
            var cursor = position + 6 + 1 + nameLength
            if (1 + nameLength) % 2 == 1 { cursor += 1 }
            guard cursor + 4 <= end else { return nil }
            let size = bytes[cursor..<cursor + 4].reduce(0) { $0 << 8 | Int($1) }
            cursor += 4
            guard size <= end - cursor else { return nil }
            if id == 0x0404 { return parse(bytes[cursor..<cursor + size]) }
            position = cursor + size + (size % 2)
        }
        return nil
    }

    /// Parses IIM datasets (`0x1C record dataset length value`, extended lengths included).
    static func parse(_ bytes: ArraySlice<UInt8>) -> IPTCRecord? {
        var values: [(record: UInt8, dataset: UInt8, value: ArraySlice<UInt8>)] = []
        var position = bytes.startIndex
        let end = bytes.endIndex
        while position + 5 <= end, bytes[position] == 0x1C {
            let record = bytes[position + 1]
            let dataset = bytes[position + 2]
            var length = Int(bytes[position + 3]) << 8 | Int(bytes[position + 4])
            var cursor = position + 5
            if length & 0x8000 != 0 {
                // Extended dataset: the low 15 bits count the length bytes that follow.
                let count = length & 0x7FFF
                guard count <= 4, cursor + count <= end else { break }
                length = bytes[cursor..<cursor + count].reduce(0) { $0 << 8 | Int($1) }
                cursor += count
            }
            guard length <= end - cursor else { break }
            values.append((record, dataset, bytes[cursor..<cursor + length]))
            position = cursor + length
        }
        guard !values.isEmpty else { return nil }
        let utf8 = values.contains {
            $0.record == 1 && $0.dataset == 90 && $0.value.elementsEqual([0x1B, 0x25, 0x47])
        }
        let text = { (value: ArraySlice<UInt8>) -> String? in
            let decoded = Self.text(value, declaredUTF8: utf8)
            return decoded.isEmpty ? nil : decoded
        }
        var result = IPTCRecord()
        for entry in values where entry.record == 2 {
            switch entry.dataset {
            case 5: result.objectName = result.objectName ?? text(entry.value)
            case 25: if let keyword = text(entry.value) { result.keywords.append(keyword) }
            case 80: result.byline = result.byline ?? text(entry.value)
            case 105: result.headline = result.headline ?? text(entry.value)
            case 116: result.copyright = result.copyright ?? text(entry.value)
            case 120: result.caption = result.caption ?? text(entry.value)
            default: break
            }
        }
        return result
    }

    /// One dataset's text: trailing NULs and surrounding white space dropped.
    static func text(_ value: ArraySlice<UInt8>, declaredUTF8: Bool) -> String {
        var bytes = Array(value)
        while bytes.last == 0 { bytes.removeLast() }
        let string: String
        if declaredUTF8 {
            string = String(decoding: bytes, as: UTF8.self)
        } else if bytes.contains(where: { $0 >= 0x80 }), let utf8 = String(validating: bytes, as: UTF8.self) {
            string = utf8
        } else {
            string = String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
        }
        return string.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
