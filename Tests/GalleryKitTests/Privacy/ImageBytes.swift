import Foundation

/// Images made in the test: JPEGs with an EXIF segment spliced in, WebP and PNG containers
/// with EXIF chunks, and the shared photo corpus.
enum ImageBytes {
    /// The photo corpus (``ImageTestSupport/corpus``).
    static var corpusURL: URL { ImageTestSupport.corpus }

    static func corpus(_ path: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: corpusURL.appendingPathComponent(path)))
    }

    /// A structurally valid JPEG skeleton (SOI, JFIF APP0, SOS with a few bytes, EOI).
    static let skeletonJPEG: [UInt8] =
        [0xFF, 0xD8]
        + [0xFF, 0xE0, 0x00, 0x10] + Array("JFIF\0".utf8) + [1, 1, 0, 0, 1, 0, 1, 0, 0]
        + [0xFF, 0xDA, 0x00, 0x08, 1, 1, 0, 0, 0x3F, 0] + [0x12, 0x34, 0xFF, 0x00, 0x56]
        + [0xFF, 0xD9]

    /// An APP1 segment carrying `tiff` after the `Exif\0\0` header.
    static func app1(_ tiff: [UInt8]) -> [UInt8] {
        let length = tiff.count + 8
        return [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + Array("Exif\0\0".utf8) + tiff
    }

    /// `jpeg` with `segments` inserted right after its SOI marker.
    static func splice(_ segments: [UInt8], into jpeg: [UInt8]) -> [UInt8] {
        Array(jpeg[0..<2]) + segments + Array(jpeg[2...])
    }

    /// A lossless 1x1 WebP ("VP8L") with an `EXIF` chunk (and the VP8X header that announces it).
    static func webP(exif: [UInt8]) -> [UInt8] {
        let vp8l: [UInt8] = [
            0x2F, 0x00, 0x00, 0x00, 0x00, 0x07, 0x10, 0x11, 0x11, 0x88, 0x88, 0xFE, 0x07, 0x00,
        ]
        let vp8x: [UInt8] = [0x08, 0, 0, 0, 0, 0, 0, 0, 0, 0]
        var body = Array("WEBP".utf8)
        body += chunk("VP8X", vp8x) + chunk("VP8L", vp8l) + chunk("EXIF", exif)
        return Array("RIFF".utf8) + le32(body.count) + body
    }

    /// A PNG signature, an `eXIf` chunk and `IEND` (the reader does not need pixel data).
    static func png(exif: [UInt8]) -> [UInt8] {
        func pngChunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            let n = data.count
            return [UInt8(n >> 24), UInt8(n >> 16 & 0xFF), UInt8(n >> 8 & 0xFF), UInt8(n & 0xFF)]
                + Array(type.utf8) + data + [0, 0, 0, 0]
        }
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + pngChunk("eXIf", exif)
            + pngChunk("IEND", [])
    }

    private static func chunk(_ fourCC: String, _ payload: [UInt8]) -> [UInt8] {
        Array(fourCC.utf8) + le32(payload.count) + payload + (payload.count % 2 == 1 ? [0] : [])
    }

    private static func le32(_ value: Int) -> [UInt8] {
        [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 24 & 0xFF)]
    }
}
