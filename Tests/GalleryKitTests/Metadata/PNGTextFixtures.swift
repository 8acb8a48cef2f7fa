import Testing

@testable import GalleryKit

/// PNG files with text chunks of every kind, for the image stage's XMP reader
/// (``EmbeddedMetadata``) and the privacy check's own reader (``MetadataBlocks``) alike: the
/// two share no code, so they are held to the same files.
enum PNGTextFixtures {
    /// How a chunk's text is stored.
    enum Packing: Sendable {
        /// As it is (`tEXt`, or `iTXt` with the compression flag 0).
        case none
        /// A zlib stream of stored deflate blocks: the text is still in the file's bytes.
        case stored
        /// A zlib stream of fixed-Huffman literals: no byte of the text appears as itself.
        case fixedHuffman
    }

    /// One way of putting text into a PNG.
    struct Fixture: Sendable, CustomTestStringConvertible {
        let type: String
        let keyword: String
        let packing: Packing
        /// `iTXt`'s compression flag (1 when packed; 2 is out of the standard).
        var flag: UInt8 = 1

        var testDescription: String { "\(type) '\(keyword)' \(packing)" + (flag > 1 ? " flag \(flag)" : "") }

        /// True when the image stage reads this chunk as the file's XMP.
        var isXMP: Bool { type == "iTXt" && keyword == "XML:com.adobe.xmp" && flag <= 1 }

        /// The chunk's data holding `text`.
        func body(_ text: String) -> [UInt8] {
            let bytes = Array(text.utf8)
            let packed: [UInt8] =
                switch packing {
                case .none: bytes
                case .stored: PNGTextFixtures.storedZlib(bytes)
                case .fixedHuffman: PNGTextFixtures.fixedHuffmanZlib(bytes)
                }
            let keyword = Array(self.keyword.utf8) + [0]
            switch type {
            case "iTXt": return keyword + [packing == .none ? 0 : flag, 0, 0, 0] + packed
            case "zTXt": return keyword + [0] + packed
            default: return keyword + packed
            }
        }

        /// A 2 x 2 PNG with this chunk, holding `text`, after its header.
        func png(_ text: String) -> [UInt8] { PNGTextFixtures.png(with: [(type, body(text))]) }
    }

    /// Every fixture: XMP in `iTXt` as exiftool writes it, compressed both ways, and the other
    /// text chunks a file may carry a location in.
    static let all: [Fixture] = [
        Fixture(type: "iTXt", keyword: "XML:com.adobe.xmp", packing: .none),
        Fixture(type: "iTXt", keyword: "XML:com.adobe.xmp", packing: .stored),
        Fixture(type: "iTXt", keyword: "XML:com.adobe.xmp", packing: .fixedHuffman),
        Fixture(type: "zTXt", keyword: "Comment", packing: .fixedHuffman),
        Fixture(type: "tEXt", keyword: "Comment", packing: .none),
        Fixture(type: "iTXt", keyword: "Description", packing: .fixedHuffman),
    ]

    /// An XMP packet with a title, and with `exif:GPSLatitude`/`GPSLongitude` when `gps`.
    static func packet(title: String = "A PNG title", gps: Bool) -> String {
        let position = gps ? " exif:GPSLatitude='59,24.0N' exif:GPSLongitude='5,18.0E'" : ""
        return
            "<x:xmpmeta xmlns:x='adobe:ns:meta/'><rdf:RDF xmlns:rdf='http://www.w3.org/1999/02/22-rdf-syntax-ns#'>"
            + "<rdf:Description xmlns:dc='http://purl.org/dc/elements/1.1/' xmlns:exif='http://ns.adobe.com/exif/1.0/'\(position)>"
            + "<dc:title><rdf:Alt><rdf:li xml:lang='x-default'>\(title)</rdf:li></rdf:Alt></dc:title>"
            + "</rdf:Description></rdf:RDF></x:xmpmeta>"
    }

    /// A 2 x 2 PNG with `chunks` between its header and its pixels; without `checked`, their
    /// CRCs are 0 (nothing galleryc reads checks them, and a debug build takes seconds for
    /// the CRC of megabytes).
    static func png(with chunks: [(type: String, body: [UInt8])], checked: Bool = true) -> [UInt8] {
        let png = ImageTestSupport.png(width: 2, height: 2, rgba: Array(repeating: 200, count: 16))
        return Array(png[..<33]) + chunks.flatMap { chunk($0.type, $0.body, checked: checked) }
            + Array(png[33...])
    }

    static func chunk(_ type: String, _ body: [UInt8], checked: Bool = true) -> [UInt8] {
        let name = Array(type.utf8)
        return withUnsafeBytes(of: UInt32(body.count).bigEndian, Array.init) + name + body
            + withUnsafeBytes(of: (checked ? crc32(name + body) : 0).bigEndian, Array.init)
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    /// zlib's checksum of `data`, big-endian, as a stream ends with it.
    static func adler32(_ data: [UInt8]) -> [UInt8] {
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in data {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return withUnsafeBytes(of: (b << 16 | a).bigEndian, Array.init)
    }

    /// `data` as a zlib stream of stored (uncompressed) deflate blocks.
    static func storedZlib(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var start = 0
        repeat {
            let count = min(65_535, data.count - start)
            let final: UInt8 = start + count == data.count ? 1 : 0
            out += [
                final, UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF),
                UInt8((~count >> 8) & 0xFF),
            ]
            out += data[start..<start + count]
            start += count
        } while start < data.count
        return out + adler32(data)
    }

    /// `data` as a zlib stream of one deflate block with the fixed Huffman codes, literals
    /// only (RFC 1951 3.2.6): no byte of the input appears as itself.
    static func fixedHuffmanZlib(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var bits: UInt32 = 0
        var count = 0
        func put(_ value: UInt32, _ length: Int) {  // least significant bit first
            bits |= value << count
            count += length
            while count >= 8 {
                out.append(UInt8(bits & 0xFF))
                bits >>= 8
                count -= 8
            }
        }
        func code(_ value: UInt32, _ length: Int) {  // Huffman codes go most significant bit first
            var reversed: UInt32 = 0
            for bit in 0..<length where value & (1 << bit) != 0 { reversed |= 1 << (length - 1 - bit) }
            put(reversed, length)
        }
        put(1, 1)  // final block
        put(1, 2)  // fixed codes
        for byte in data {
            if byte < 144 { code(0x30 + UInt32(byte), 8) } else { code(0x190 + UInt32(byte) - 144, 9) }
        }
        code(0, 7)  // end of block
        if count > 0 { out.append(UInt8(bits & 0xFF)) }
        return out + adler32(data)
    }
}
