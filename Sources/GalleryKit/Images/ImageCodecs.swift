internal import CImageCodecs

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

/// The Swift face of the CImageCodecs target (libjpeg and libpng behind C code that owns their
/// `setjmp`). This is the only file that imports CImageCodecs; C pointers never leave it. The
/// pixel loops are in `PixelOperations`.
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
