internal import CAVIF

/// Encodes AVIF renditions through libavif (Debian's libavif-dev 0.11) with libaom. Every
/// libavif call in galleryc lives in this file.
///
/// Output carries only what it is given: the ICC profile and the allow-listed EXIF (never
/// GPS: the same TIFF payload as the JPEG and WebP renditions). One encoder thread: the build
/// already runs one encode per core.
enum AVIFEncoder {
    /// Whether this libavif can encode with libaom (Debian's builds it so).
    static let canEncode: Bool =
        avifCodecName(AVIF_CODEC_CHOICE_AOM, avifCodecFlags(AVIF_CODEC_FLAG_CAN_ENCODE.rawValue)) != nil

    /// Encodes straight RGB or RGBA pixels as an 8-bit 4:2:0 AVIF.
    /// - Parameters:
    ///   - quality: 1...100, mapped linearly onto AV1's quantizer (63 ... 0), as avifenc's
    ///     `--min/--max` would be.
    ///   - speed: libaom's speed, 0 (slowest) ... 10.
    ///   - exif: a TIFF payload (without `Exif\0\0`).
    static func encode(
        _ pixels: PixelBuffer, quality: Int, speed: Int, iccProfile: [UInt8]?, exif: [UInt8]?
    ) throws(CodecFailure) -> [UInt8] {
        guard canEncode else { throw .failed(.avif, "this libavif has no AV1 encoder (libaom)") }
        guard
            let image = avifImageCreate(
                UInt32(pixels.width), UInt32(pixels.height), 8, AVIF_PIXEL_FORMAT_YUV420)
        else { throw .failed(.avif, "out of memory") }
        defer { avifImageDestroy(image) }
        image.pointee.matrixCoefficients = avifMatrixCoefficients(AVIF_MATRIX_COEFFICIENTS_BT601)
        image.pointee.yuvRange = AVIF_RANGE_FULL
        if let iccProfile, !iccProfile.isEmpty {
            iccProfile.withUnsafeBufferPointer { avifImageSetProfileICC(image, $0.baseAddress, $0.count) }
        }
        if let exif, !exif.isEmpty {
            // libavif 0.11 wants the payload as in a JPEG's APP1: "Exif\0\0" first is fine, a
            // bare TIFF header too.
            exif.withUnsafeBufferPointer { avifImageSetMetadataExif(image, $0.baseAddress, $0.count) }
        }
        var rgb = avifRGBImage()
        avifRGBImageSetDefaults(&rgb, image)
        rgb.format = pixels.channels == 4 ? AVIF_RGB_FORMAT_RGBA : AVIF_RGB_FORMAT_RGB
        rgb.depth = 8
        rgb.rowBytes = UInt32(pixels.rowStride)
        var source = pixels.bytes
        let converted = source.withUnsafeMutableBufferPointer { buffer -> avifResult in
            rgb.pixels = buffer.baseAddress
            return avifImageRGBToYUV(image, &rgb)
        }
        guard converted == AVIF_RESULT_OK else { throw .failed(.avif, describe(converted)) }
        guard let encoder = avifEncoderCreate() else { throw .failed(.avif, "out of memory") }
        defer { avifEncoderDestroy(encoder) }
        encoder.pointee.codecChoice = AVIF_CODEC_CHOICE_AOM
        encoder.pointee.maxThreads = 1
        encoder.pointee.speed = Int32(min(max(speed, 0), 10))
        let quantizer = Int32(((100 - min(max(quality, 1), 100)) * 63 + 50) / 100)
        encoder.pointee.minQuantizer = quantizer
        encoder.pointee.maxQuantizer = quantizer
        encoder.pointee.minQuantizerAlpha = 0
        encoder.pointee.maxQuantizerAlpha = 0
        var output = avifRWData()
        defer { avifRWDataFree(&output) }
        let written = avifEncoderWrite(encoder, image, &output)
        guard written == AVIF_RESULT_OK, let data = output.data else {
            throw .failed(.avif, describe(written))
        }
        return [UInt8](UnsafeBufferPointer(start: data, count: output.size))
    }

    private static func describe(_ result: avifResult) -> String {
        avifResultToString(result).map { String(cString: $0) } ?? "error \(result.rawValue)"
    }
}
