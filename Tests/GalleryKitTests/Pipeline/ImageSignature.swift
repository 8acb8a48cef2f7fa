import Foundation

@testable import GalleryKit

/// What a golden test compares of an output image: its decoded size, its channel count and the
/// mean colour of each quadrant (top-left, top-right, bottom-left, bottom-right). Sizes must be
/// equal; colours may drift a little (encoder changes), but a photo turned or mirrored the
/// wrong way moves its colours to other quadrants and fails.
struct ImageSignature: Equatable {
    var width: Int
    var height: Int
    var channels: Int
    /// Per quadrant, the mean of each channel.
    var quadrants: [[Int]]

    /// How far a quadrant's channel mean may drift from the golden one.
    static let tolerance = 24

    static func isImage(_ path: String) -> Bool {
        ["jpg", "jpeg", "png", "webp"].contains((path as NSString).pathExtension.lowercased())
    }

    /// Decodes `data` (JPEG, PNG or WebP) with galleryc's own decoders.
    init(decoding data: [UInt8]) throws {
        try self.init(pixels: Self.decode(data))
    }

    init(pixels: PixelBuffer) {
        width = pixels.width
        height = pixels.height
        channels = pixels.channels
        let halfWidth = max(1, pixels.width / 2)
        let halfHeight = max(1, pixels.height / 2)
        quadrants = [(0, 0), (halfWidth, 0), (0, halfHeight), (halfWidth, halfHeight)].map { x0, y0 in
            var sums = [Int](repeating: 0, count: pixels.channels)
            var count = 0
            for y in y0..<min(pixels.height, y0 + halfHeight) {
                for x in x0..<min(pixels.width, x0 + halfWidth) {
                    let base = (y * pixels.width + x) * pixels.channels
                    for channel in 0..<pixels.channels { sums[channel] += Int(pixels.bytes[base + channel]) }
                    count += 1
                }
            }
            return sums.map { count > 0 ? $0 / count : 0 }
        }
    }

    init(width: Int, height: Int, channels: Int, quadrants: [[Int]]) {
        self.width = width
        self.height = height
        self.channels = channels
        self.quadrants = quadrants
    }

    static func decode(_ data: [UInt8]) throws -> PixelBuffer {
        switch SniffedFormat.sniff(data) {
        case .jpeg:
            return try ImageCodecs.decodeJPEG(data, scale: 8, maxPixels: 1 << 24, maxScans: 1000).pixels
        case .png: return try ImageCodecs.decodePNG(data, maxPixels: 1 << 24).pixels
        case .webp: return try WebPCodec.decode(data).0
        default: throw SignatureError(message: "not a JPEG, PNG or WebP file")
        }
    }

    /// Same size and channels; every quadrant's colour within ``tolerance``.
    func matches(_ golden: ImageSignature) -> Bool {
        guard width == golden.width, height == golden.height, channels == golden.channels,
            quadrants.count == golden.quadrants.count
        else { return false }
        return zip(quadrants, golden.quadrants).allSatisfy { got, want in
            got.count == want.count && zip(got, want).allSatisfy { abs($0 - $1) <= Self.tolerance }
        }
    }

    /// `64x48 c3 tl=30,70,b0 tr=... bl=... br=...` (channel means in hex).
    var line: String {
        let names = ["tl", "tr", "bl", "br"]
        let parts = zip(names, quadrants).map { name, means in
            "\(name)=" + means.map { String($0, radix: 16) }.joined(separator: ",")
        }
        return "\(width)x\(height) c\(channels) " + parts.joined(separator: " ")
    }

    /// One `path<TAB>signature` line per image, sorted by path.
    static func list(_ images: [String: ImageSignature]) -> String {
        images.sorted { $0.key < $1.key }.map { "\($0.key)\t\($0.value.line)\n" }.joined()
    }

    /// Reads what ``list(_:)`` wrote.
    static func parseList(_ text: String) throws -> [String: ImageSignature] {
        var result: [String: ImageSignature] = [:]
        for row in text.split(separator: "\n") {
            let columns = row.split(separator: "\t")
            guard columns.count == 2 else { throw SignatureError(message: "bad row \(row)") }
            let fields = columns[1].split(separator: " ")
            let size = fields.first?.split(separator: "x").compactMap { Int($0) } ?? []
            guard fields.count == 6, size.count == 2, let channels = Int(fields[1].dropFirst()) else {
                throw SignatureError(message: "bad signature \(columns[1])")
            }
            let quadrants = fields[2...].map { field in
                field.split(separator: "=").last.map {
                    $0.split(separator: ",").compactMap { Int($0, radix: 16) }
                } ?? []
            }
            result[String(columns[0])] = ImageSignature(
                width: size[0], height: size[1], channels: channels, quadrants: quadrants)
        }
        return result
    }
}

struct SignatureError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
