internal import CPixels

/// The Swift face of the CPixels target: the Lanczos-3 resampler, EXIF orientation, alpha
/// premultiplication and flattening, in C so that they are fast in debug builds too. This is
/// the only file that imports CPixels; C pointers never leave it.
enum PixelOperations {
    /// Lanczos-3 resize to exactly `width` x `height` (`px_resize`); `linearLight` averages
    /// light rather than sRGB code values (RGB only: RGBA is resampled as stored).
    static func resize(_ pixels: PixelBuffer, width: Int, height: Int, linearLight: Bool = false)
        throws(CodecFailure) -> PixelBuffer
    {
        var code = Int32(PX_OK)
        let bytes = [UInt8](unsafeUninitializedCapacity: width * height * pixels.channels) {
            target, count in
            code = pixels.bytes.withUnsafeBufferPointer { source in
                px_resize(
                    source.baseAddress, Int32(pixels.width), Int32(pixels.height),
                    Int32(pixels.channels), target.baseAddress, Int32(width), Int32(height),
                    linearLight ? 1 : 0)
            }
            count = code == Int32(PX_OK) ? target.count : 0
        }
        switch code {
        case Int32(PX_OK):
            return PixelBuffer(width: width, height: height, channels: pixels.channels, bytes: bytes)
        case Int32(PX_ERR_NO_MEMORY): throw .failed(.resize, "out of memory")
        default: throw .failed(.resize, "the resampler refused the sizes")
        }
    }

    /// Whether this CPU runs the AVX2 path of the resampler (`px_resize_has_simd`).
    static var resizeHasSIMD: Bool { px_resize_has_simd() == 1 }

    /// Runs `body` with the resampler's AVX2 path switched off (`px_resize_set_simd`), for the
    /// test that checks both paths give the same bytes. The switch is process-wide: a resize on
    /// another thread meanwhile also runs the portable path, which gives the same bytes.
    static func withPortableResize<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        let previous = px_resize_set_simd(0)
        defer { px_resize_set_simd(previous) }
        return try body()
    }

    /// Applies EXIF orientation 1...8 to the pixels (`px_orient`; anything else acts as 1).
    static func orient(_ pixels: PixelBuffer, orientation: Int) -> PixelBuffer {
        guard (2...8).contains(orientation) else { return pixels }
        let bytes = [UInt8](unsafeUninitializedCapacity: pixels.bytes.count) { target, count in
            pixels.bytes.withUnsafeBufferPointer { source in
                px_orient(
                    source.baseAddress, Int32(pixels.width), Int32(pixels.height),
                    Int32(pixels.channels), Int32(orientation), target.baseAddress)
            }
            count = target.count
        }
        let transposed = orientation >= 5
        return PixelBuffer(
            width: transposed ? pixels.height : pixels.width,
            height: transposed ? pixels.width : pixels.height, channels: pixels.channels,
            bytes: bytes)
    }

    /// RGBA with colours multiplied by alpha (`px_premultiply`: what the resizer needs so that
    /// transparent pixels lend no colour to their neighbours); RGB passes through.
    static func premultiplied(_ pixels: consuming PixelBuffer) -> PixelBuffer {
        premultiply(&pixels)
        return pixels
    }

    /// ``premultiplied(_:)`` in place: a decoded photo is the largest buffer of a build
    /// (400 MB for 100 MP of RGBA), so it is never copied to be premultiplied. The caller
    /// must hold the only reference, or the array copies itself anyway.
    static func premultiply(_ pixels: inout PixelBuffer) {
        guard pixels.channels == 4 else { return }
        let count = pixels.width * pixels.height
        pixels.bytes.withUnsafeMutableBufferPointer { px_premultiply($0.baseAddress, count) }
    }

    /// Premultiplied RGBA back to straight alpha (`px_unpremultiply`: what encoders expect);
    /// RGB passes through.
    static func unpremultiplied(_ pixels: PixelBuffer) -> PixelBuffer {
        guard pixels.channels == 4 else { return pixels }
        let count = pixels.width * pixels.height
        let bytes = [UInt8](unsafeUninitializedCapacity: count * 4) { target, written in
            pixels.bytes.withUnsafeBufferPointer { source in
                px_unpremultiply(source.baseAddress, count, target.baseAddress)
            }
            written = count * 4
        }
        return PixelBuffer(width: pixels.width, height: pixels.height, channels: 4, bytes: bytes)
    }

    /// Composites premultiplied RGBA onto `background` (`px_flatten_premultiplied`); RGB
    /// passes through.
    static func flattenPremultiplied(_ pixels: PixelBuffer, onto background: RGBColor) -> PixelBuffer {
        guard pixels.channels == 4 else { return pixels }
        let count = pixels.width * pixels.height
        let colour = [background.red, background.green, background.blue]
        let bytes = [UInt8](unsafeUninitializedCapacity: count * 3) { target, written in
            pixels.bytes.withUnsafeBufferPointer { source in
                px_flatten_premultiplied(source.baseAddress, count, colour, target.baseAddress)
            }
            written = count * 3
        }
        return PixelBuffer(width: pixels.width, height: pixels.height, channels: 3, bytes: bytes)
    }

    /// Grey, or grey + alpha (`alpha`), to RGB or RGBA by copying the grey value
    /// (`px_gray_to_rgb`); 16-bit samples (`bytesPerSample` 2, native order) are rounded.
    static func grayToRGB(
        _ samples: [UInt8], width: Int, height: Int, bytesPerSample: Int = 1, alpha: Bool
    ) -> PixelBuffer {
        let count = width * height
        let channels = alpha ? 4 : 3
        precondition(samples.count == count * bytesPerSample * (alpha ? 2 : 1), "grey buffer size")
        let bytes = [UInt8](unsafeUninitializedCapacity: count * channels) { target, written in
            samples.withUnsafeBufferPointer { source in
                px_gray_to_rgb(
                    source.baseAddress, count, Int32(bytesPerSample), alpha ? 1 : 0, target.baseAddress)
            }
            written = count * channels
        }
        return PixelBuffer(width: width, height: height, channels: channels, bytes: bytes)
    }

    /// 16-bit RGB(A) (native order) rounded to 8 bits, for a 16-bit PNG whose profile cannot
    /// be read (`px_rgb16_to_rgb`).
    static func rgb16ToRGB(_ samples: [UInt8], width: Int, height: Int, alpha: Bool) -> PixelBuffer {
        let channels = alpha ? 4 : 3
        let count = width * height * channels
        precondition(samples.count == count * 2, "16-bit buffer size")
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { target, written in
            samples.withUnsafeBufferPointer { source in
                px_rgb16_to_rgb(source.baseAddress, count, target.baseAddress)
            }
            written = count
        }
        return PixelBuffer(width: width, height: height, channels: channels, bytes: bytes)
    }
}
