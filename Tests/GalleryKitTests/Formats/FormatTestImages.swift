import Foundation

@testable import GalleryKit

/// Small images and metadata blobs made in code for the format tests.
enum FormatTestImages {
    /// The photo corpus (``ImageTestSupport/corpus``).
    static var corpus: URL { ImageTestSupport.corpus }

    /// A smooth colour gradient with a soft diagonal stripe: photo-like, so lossy codecs
    /// behave as on real pictures. With 4 channels, alpha runs from 0 (left) to 255 (right).
    static func gradient(width: Int, height: Int, channels: Int) -> PixelBuffer {
        var bytes = [UInt8]()
        bytes.reserveCapacity(width * height * channels)
        for y in 0..<height {
            for x in 0..<width {
                let stripe = (x + y) % 16 < 8 ? 40 : 0
                bytes.append(UInt8(min(255, x * 255 / max(1, width - 1) / 2 + stripe)))
                bytes.append(UInt8(y * 255 / max(1, height - 1)))
                bytes.append(UInt8((x + y) * 255 / max(1, width + height - 2)))
                if channels == 4 { bytes.append(UInt8(x * 255 / max(1, width - 1))) }
            }
        }
        return PixelBuffer(width: width, height: height, channels: channels, bytes: bytes)
    }

    /// Pseudo-random pixels from a fixed seed (an LCG): detail that costs bytes to encode.
    static func noise(width: Int, height: Int, seed: UInt64 = 42) -> PixelBuffer {
        PixelBuffer(
            width: width, height: height, channels: 3, bytes: randomBytes(width * height * 3, seed: seed))
    }

    static func randomBytes(_ count: Int, seed: UInt64) -> [UInt8] {
        var state = seed
        return (0..<count).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: state >> 56)
        }
    }

    /// A minimal valid ICC v2 display profile (header, tag table, `desc`, `wtpt`, `cprt`).
    static let iccProfile: [UInt8] = {
        func be32(_ v: UInt32) -> [UInt8] { withUnsafeBytes(of: v.bigEndian, Array.init) }
        func ascii(_ s: String) -> [UInt8] { Array(s.utf8) }
        func fixed(_ v: Double) -> [UInt8] { be32(UInt32(bitPattern: Int32((v * 65536).rounded()))) }
        let text = "galleryc test profile"
        var desc = ascii("desc") + be32(0) + be32(UInt32(text.utf8.count + 1)) + ascii(text) + [0]
        desc += be32(0) + be32(0) + [0, 0, 0] + [UInt8](repeating: 0, count: 67)  // Unicode + ScriptCode
        let wtpt = ascii("XYZ ") + be32(0) + fixed(0.9642) + fixed(1.0) + fixed(0.8249)
        let cprt = ascii("text") + be32(0) + ascii("No copyright") + [0]
        let tags: [(String, [UInt8])] = [("desc", desc), ("wtpt", wtpt), ("cprt", cprt)]
        var offset = 128 + 4 + 12 * tags.count
        var table = be32(UInt32(tags.count))
        var data = [UInt8]()
        for (signature, body) in tags {
            let padded = body + [UInt8](repeating: 0, count: (4 - body.count % 4) % 4)
            table += ascii(signature) + be32(UInt32(offset)) + be32(UInt32(body.count))
            data += padded
            offset += padded.count
        }
        var header = be32(UInt32(offset)) + be32(0) + be32(0x0210_0000) + ascii("mntrRGB XYZ ")
        header +=
            [0x07, 0xEA, 0, 12, 0, 1, 0, 0, 0, 0, 0, 0] + ascii("acsp") + [UInt8](repeating: 0, count: 24)
        header += be32(0) + fixed(0.9642) + fixed(1.0) + fixed(0.8249) + [UInt8](repeating: 0, count: 48)
        return header + table + data
    }()

    /// A tiny TIFF-structured EXIF block: little-endian, one IFD with Orientation = 1.
    static let exif: [UInt8] = [
        0x49, 0x49, 0x2A, 0x00, 0x08, 0x00, 0x00, 0x00,  // "II*\0", IFD0 at 8
        0x01, 0x00,  // one entry
        0x12, 0x01, 0x03, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00,  // Orientation SHORT 1
        0x00, 0x00, 0x00, 0x00,  // no next IFD
    ]

    /// Mean absolute difference per byte of two same-sized buffers, optionally only some channels.
    static func meanDifference(_ a: PixelBuffer, _ b: PixelBuffer, channels: Range<Int>) -> Double {
        var total = 0
        var count = 0
        for pixel in 0..<(a.width * a.height) {
            for c in channels {
                total += abs(Int(a.bytes[pixel * a.channels + c]) - Int(b.bytes[pixel * b.channels + c]))
                count += 1
            }
        }
        return Double(total) / Double(max(1, count))
    }
}
