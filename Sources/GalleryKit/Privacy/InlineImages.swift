/// Finds images embedded in text as base64 `data:` URIs (blur-up placeholders in HTML and CSS,
/// say) and checks their metadata, so an inline placeholder cannot smuggle EXIF GPS out.
enum InlineImages {
    private static let marker: [UInt8] = Array(";base64,".utf8)

    /// True when some base64 payload in `bytes` decodes to an image carrying GPS metadata.
    static func containGPS(_ bytes: [UInt8]) -> Bool {
        var position = 0
        while let found = ByteSearch.firstIndex(of: marker, in: bytes, position..<bytes.count) {
            let (decoded, end) = decode(bytes, from: found + marker.count)
            if let metadata = GPSCoordinates.metadata(fromImage: decoded), metadata.hasGPSData { return true }
            position = max(end, found + 1)
        }
        return false
    }

    /// Decodes base64 (standard or URL-safe) from `start` up to the first byte that is not
    /// base64; padding ends it too. Backslashes (JSON writes `\/`) and line breaks are skipped.
    static func decode(_ bytes: [UInt8], from start: Int) -> (decoded: [UInt8], end: Int) {
        var decoded: [UInt8] = []
        var accumulator = 0
        var bits = 0
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\\") || byte == 0x0A || byte == 0x0D {
                index += 1
                continue
            }
            guard let value = sextet(byte) else { break }
            accumulator = (accumulator << 6 | value) & 0xFFFFFF
            bits += 6
            if bits >= 8 {
                bits -= 8
                decoded.append(UInt8(truncatingIfNeeded: accumulator >> bits))
            }
            index += 1
        }
        return (decoded, index)
    }

    private static func sextet(_ byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): Int(byte - UInt8(ascii: "A"))
        case UInt8(ascii: "a")...UInt8(ascii: "z"): Int(byte - UInt8(ascii: "a")) + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0")) + 52
        case UInt8(ascii: "+"), UInt8(ascii: "-"): 62
        case UInt8(ascii: "/"), UInt8(ascii: "_"): 63
        default: nil
        }
    }
}
