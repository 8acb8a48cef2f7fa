internal import CCodecs

/// Why a codec call failed, before the pipeline adds the file it was reading.
enum CodecFailure: Error, Sendable, Equatable {
    /// Damaged or truncated data, with the C library's own words.
    case corrupt(String)
    /// The file declares more pixels than allowed; nothing was allocated for them.
    case tooLarge(width: Int, height: Int)
    case outOfMemory
    /// A bug on our side: arguments the C code refused.
    case invalidArgument(String)
}

/// A decoded image with what came with it.
struct DecodedImage: Sendable {
    var pixels: PixelBuffer
    /// The size the file declares, before any DCT scaling.
    var declaredWidth: Int
    var declaredHeight: Int
    var iccProfile: [UInt8]?
    /// Warnings the decoder recovered from.
    var warnings: Int
}

/// The Swift face of the CCodecs target (libjpeg, libpng and our C pixel loops). This is the
/// only file that imports CCodecs; C pointers never leave it.
enum ImageCodecs {
    /// The width and height a JPEG declares, from its header alone.
    static func jpegSize(_ data: [UInt8]) throws(CodecFailure) -> (width: Int, height: Int) {
        var image = cc_image()
        defer { cc_image_free(&image) }
        let code = data.withUnsafeBufferPointer { cc_jpeg_info($0.baseAddress, $0.count, &image) }
        try check(code, &image)
        return (Int(image.declared_width), Int(image.declared_height))
    }

    /// Decoded photos are buffers of tens of megabytes. After the first one is freed, glibc
    /// raises its mmap threshold and keeps later ones in the heap, where freed memory is not
    /// returned to the system, so peak memory grew with the number of photos rather than the
    /// number of workers (about 490 MB for eight 24 MP photos with two workers; about 250 MB
    /// with a fixed 4 MB threshold). Done once per process, before the first decode.
    static let largeBuffersReturnToSystem: Void = cc_return_large_buffers_to_system(4 << 20)

    /// Decodes a JPEG to RGB at `scale`/8 of its size (DCT scaling).
    static func decodeJPEG(_ data: [UInt8], scale: Int, maxPixels: Int, maxScans: Int)
        throws(CodecFailure) -> DecodedImage
    {
        var plan = cc_image()
        defer { cc_image_free(&plan) }
        let planned = data.withUnsafeBufferPointer {
            cc_jpeg_output_size($0.baseAddress, $0.count, Int32(scale), UInt64(maxPixels), &plan)
        }
        try check(planned, &plan)
        return try decodeInPlace(plan) { target, count, image in
            data.withUnsafeBufferPointer {
                cc_jpeg_decode(
                    $0.baseAddress, $0.count, Int32(scale), UInt64(maxPixels), Int32(maxScans),
                    target, count, &image)
            }
        }
    }

    /// Decodes a PNG to 8-bit RGB or RGBA.
    static func decodePNG(_ data: [UInt8], maxPixels: Int) throws(CodecFailure) -> DecodedImage {
        var plan = cc_image()
        defer { cc_image_free(&plan) }
        let planned = data.withUnsafeBufferPointer {
            cc_png_output_size($0.baseAddress, $0.count, UInt64(maxPixels), &plan)
        }
        try check(planned, &plan)
        return try decodeInPlace(plan) { target, count, image in
            data.withUnsafeBufferPointer {
                cc_png_decode($0.baseAddress, $0.count, UInt64(maxPixels), target, count, &image)
            }
        }
    }

    /// Runs a decoder whose header pass (`plan`) gave the output size, writing straight into
    /// the array the pixels will live in: a decode into C memory and a copy held two full-size
    /// buffers at once (40 MB each for a 24 MP JPEG at scale 6/8, 150 MB for a 50 MP PNG).
    private static func decodeInPlace(
        _ plan: cc_image, _ decode: (UnsafeMutablePointer<UInt8>?, Int, inout cc_image) -> Int32
    ) throws(CodecFailure) -> DecodedImage {
        let count = Int(plan.width) * Int(plan.height) * Int(plan.channels)
        var image = cc_image()
        defer { cc_image_free(&image) }
        var code = Int32(CC_OK)
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { target, written in
            code = decode(target.baseAddress, count, &image)
            written = code == Int32(CC_OK) ? count : 0
        }
        try check(code, &image)
        let icc = image.icc.map { Array(UnsafeBufferPointer(start: $0, count: image.icc_length)) }
        return DecodedImage(
            pixels: PixelBuffer(
                width: Int(image.width), height: Int(image.height), channels: Int(image.channels),
                bytes: bytes),
            declaredWidth: Int(image.declared_width), declaredHeight: Int(image.declared_height),
            iccProfile: icc, warnings: Int(image.warnings))
    }

    /// Encodes RGB pixels as a JPEG, with an ICC profile and an EXIF TIFF payload if given.
    static func encodeJPEG(
        _ pixels: PixelBuffer, quality: Int, progressive: Bool, iccProfile: [UInt8]?,
        exif: [UInt8]?
    ) throws(CodecFailure) -> [UInt8] {
        guard pixels.channels == 3 else { throw .invalidArgument("JPEG needs RGB pixels") }
        var buffer = cc_buffer()
        defer { cc_buffer_free(&buffer) }
        let icc = iccProfile ?? []
        let tiff = exif ?? []
        let code = pixels.bytes.withUnsafeBufferPointer { rgb in
            icc.withUnsafeBufferPointer { iccBytes in
                tiff.withUnsafeBufferPointer { exifBytes in
                    cc_jpeg_encode(
                        rgb.baseAddress, Int32(pixels.width), Int32(pixels.height), Int32(quality),
                        progressive ? 1 : 0, icc.isEmpty ? nil : iccBytes.baseAddress, icc.count,
                        tiff.isEmpty ? nil : exifBytes.baseAddress, tiff.count, &buffer)
                }
            }
        }
        guard code == Int32(CC_OK) else {
            throw failure(code, message(&buffer.message), width: 0, height: 0)
        }
        guard let data = buffer.data else { return [] }
        return Array(UnsafeBufferPointer(start: data, count: buffer.length))
    }

    /// Lanczos-3 resize to exactly `width` x `height`; `linearLight` averages light rather than
    /// sRGB code values (RGB only: RGBA is resampled as stored).
    static func resize(_ pixels: PixelBuffer, width: Int, height: Int, linearLight: Bool = false)
        throws(CodecFailure) -> PixelBuffer
    {
        var code = Int32(CC_OK)
        let bytes = [UInt8](unsafeUninitializedCapacity: width * height * pixels.channels) {
            target, count in
            code = pixels.bytes.withUnsafeBufferPointer { source in
                cc_resize(
                    source.baseAddress, Int32(pixels.width), Int32(pixels.height),
                    Int32(pixels.channels), target.baseAddress, Int32(width), Int32(height),
                    linearLight ? 1 : 0)
            }
            count = code == Int32(CC_OK) ? target.count : 0
        }
        guard code == Int32(CC_OK) else { throw failure(code, "resize failed", width: 0, height: 0) }
        return PixelBuffer(width: width, height: height, channels: pixels.channels, bytes: bytes)
    }

    /// Applies EXIF orientation 1...8 to the pixels (anything else acts as 1).
    static func orient(_ pixels: PixelBuffer, orientation: Int) -> PixelBuffer {
        guard (2...8).contains(orientation) else { return pixels }
        let bytes = [UInt8](unsafeUninitializedCapacity: pixels.bytes.count) { target, count in
            pixels.bytes.withUnsafeBufferPointer { source in
                cc_orient(
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

    /// RGBA with colours multiplied by alpha (what the resizer needs so that transparent
    /// pixels lend no colour to their neighbours); RGB passes through.
    static func premultiplied(_ pixels: PixelBuffer) -> PixelBuffer {
        guard pixels.channels == 4 else { return pixels }
        var result = pixels
        let count = pixels.width * pixels.height
        result.bytes.withUnsafeMutableBufferPointer { cc_premultiply($0.baseAddress, count) }
        return result
    }

    /// Premultiplied RGBA back to straight alpha (what encoders expect); RGB passes through.
    static func unpremultiplied(_ pixels: PixelBuffer) -> PixelBuffer {
        guard pixels.channels == 4 else { return pixels }
        let count = pixels.width * pixels.height
        let bytes = [UInt8](unsafeUninitializedCapacity: count * 4) { target, written in
            pixels.bytes.withUnsafeBufferPointer { source in
                cc_unpremultiply(source.baseAddress, count, target.baseAddress)
            }
            written = count * 4
        }
        return PixelBuffer(width: pixels.width, height: pixels.height, channels: 4, bytes: bytes)
    }

    /// Composites premultiplied RGBA onto `background`; RGB passes through.
    static func flattenPremultiplied(_ pixels: PixelBuffer, onto background: RGBColor) -> PixelBuffer {
        guard pixels.channels == 4 else { return pixels }
        let count = pixels.width * pixels.height
        let colour = [background.red, background.green, background.blue]
        let bytes = [UInt8](unsafeUninitializedCapacity: count * 3) { target, written in
            pixels.bytes.withUnsafeBufferPointer { source in
                cc_flatten_premultiplied(source.baseAddress, count, colour, target.baseAddress)
            }
            written = count * 3
        }
        return PixelBuffer(width: pixels.width, height: pixels.height, channels: 3, bytes: bytes)
    }

    private static func check(_ code: Int32, _ image: inout cc_image) throws(CodecFailure) {
        guard code != Int32(CC_OK) else { return }
        throw failure(
            code, message(&image.message), width: Int(image.declared_width),
            height: Int(image.declared_height))
    }

    private static func failure(_ code: Int32, _ text: String, width: Int, height: Int)
        -> CodecFailure
    {
        switch code {
        case Int32(CC_ERR_TOO_LARGE): .tooLarge(width: width, height: height)
        case Int32(CC_ERR_NO_MEMORY): .outOfMemory
        case Int32(CC_ERR_ARGUMENT): .invalidArgument(text)
        default: .corrupt(text)
        }
    }

    private static func message<T>(_ tuple: inout T) -> String {
        withUnsafeBytes(of: &tuple) { raw in
            let bytes = raw.prefix { $0 != 0 }
            return String(decoding: bytes, as: UTF8.self)
        }
    }
}
