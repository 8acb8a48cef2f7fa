/// Decoded pixels: 8 bits per channel, rows top to bottom, tightly packed (no row padding).
/// `channels` is 3 (RGB) or 4 (RGBA, straight alpha).
struct PixelBuffer: Sendable, Hashable {
    var width: Int
    var height: Int
    var channels: Int
    var bytes: [UInt8]

    /// Creates a buffer over existing bytes; `bytes.count` must be `width * height * channels`.
    init(width: Int, height: Int, channels: Int, bytes: [UInt8]) {
        precondition(channels == 3 || channels == 4, "PixelBuffer holds RGB or RGBA")
        precondition(bytes.count == width * height * channels, "PixelBuffer size mismatch")
        self.width = width
        self.height = height
        self.channels = channels
        self.bytes = bytes
    }

    /// Creates a buffer filled with zeros.
    init(width: Int, height: Int, channels: Int) {
        self.init(
            width: width, height: height, channels: channels,
            bytes: [UInt8](repeating: 0, count: width * height * channels))
    }

    /// Bytes per row.
    var rowStride: Int { width * channels }
}
