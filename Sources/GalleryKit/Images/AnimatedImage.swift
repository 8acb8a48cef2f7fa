/// An animation as decoded from an animated WebP or GIF: every frame composed onto the full
/// canvas, as it is shown.
struct AnimatedImage: Sendable {
    var width: Int
    var height: Int
    /// Straight-alpha RGBA, `width` x `height` each.
    var frames: [PixelBuffer]
    /// How long each frame shows, in milliseconds.
    var durations: [Int]
    /// How many times the animation plays; 0 is for ever.
    var loopCount: Int
    var iccProfile: [UInt8]?

    /// True when some pixel of some frame is not opaque.
    var hasAlpha: Bool {
        frames.contains { frame in
            stride(from: 3, to: frame.bytes.count, by: 4).contains { frame.bytes[$0] != 255 }
        }
    }
}
