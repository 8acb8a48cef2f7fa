import Foundation

extension ImagePipeline {
    /// libwebp's `method` for renditions (0 fastest ... 6 smallest).
    ///
    /// Measured on the 16 demo photos (1200-2400 px, 4 widths each, q80, release build, one
    /// job, WebP only): method 4 took 5.8-6.1 s of CPU for the whole build and wrote 6.48 MB;
    /// method 2 took 3.1-3.2 s and wrote 6.68 MB. Method 2 roughly halves the photo
    /// processing time for 3 % more bytes, so it is the default.
    static let webpMethod = 2

    /// libaom's speed for AVIF renditions (0 slowest ... 10).
    ///
    /// 8, the knee measured for the issue: about 2-4 MP/s per core for some 14 % more bytes
    /// than speed 6.
    static let avifSpeed = 8

    /// Encodes one size in one format and writes the file.
    ///
    /// WebP keeps the alpha. JPEG has none, so its pixels are flattened onto `images.background`
    /// (by default the default theme's light page colour; the stage does not read the theme's
    /// CSS, and JPEG is only the fallback for browsers without WebP). Each call works on its own
    /// copy of the pixels it changes, so calls can run in parallel on the same sizes.
    /// - Parameters:
    ///   - suffix: put after the width in the file name (`-still` for the still frame of an
    ///     animation, whose animated WebP has the plain name).
    ///   - gainMap: for a JPEG, the source's gain map and the photo's full size: the file is
    ///     then an Ultra HDR JPEG (``GainMap``).
    func encode(
        _ pixels: PixelBuffer, as format: ImageFormat, icc: [UInt8]?, exif: [UInt8]?,
        file: String, hash: String, slug: String, directory: URL, suffix: String = "",
        gainMap: (map: GainMap, photoWidth: Int, photoHeight: Int)? = nil
    ) throws(ImageError) -> Rendition {
        let name = "\(slug)-\(pixels.width)\(suffix).\(format.fileExtension)"
        let fail = { (detail: String) in ImageError(.cannotWrite("\(name): \(detail)"), file: file) }
        let quality =
            switch format {
            case .webp: settings.webpQuality
            case .avif: settings.avifQuality
            default: settings.jpegQuality
            }
        var bytes: [UInt8]
        do throws(CodecFailure) {
            bytes = try encoded(pixels, as: format, quality: quality, icc: icc, exif: exif)
            if let gainMap {
                bytes = try gainMap.map.ultraHDR(
                    primary: bytes, photoWidth: gainMap.photoWidth, photoHeight: gainMap.photoHeight)
            }
        } catch {
            throw ImageError(problem(error, writing: name), file: file)
        }
        do {
            try Data(bytes).write(to: directory.appendingPathComponent(name), options: .atomic)
        } catch {
            throw fail(fileErrorText(error))
        }
        return Rendition(
            path: "_img/\(hash)/\(name)", width: pixels.width, height: pixels.height, format: format,
            byteCount: bytes.count)
    }

    /// `pixels` (RGB, or premultiplied RGBA) as a WebP or AVIF that keeps the alpha, or as a
    /// JPEG flattened onto `images.background`.
    func encoded(
        _ pixels: PixelBuffer, as format: ImageFormat, quality: Int, icc: [UInt8]?, exif: [UInt8]?
    ) throws(CodecFailure) -> [UInt8] {
        switch format {
        case .avif:
            try AVIFEncoder.encode(
                PixelOperations.unpremultiplied(pixels), quality: quality, speed: Self.avifSpeed,
                iccProfile: icc, exif: exif)
        case .webp:
            try WebPCodec.encode(
                PixelOperations.unpremultiplied(pixels), quality: quality, method: Self.webpMethod,
                iccProfile: icc, exif: exif)
        default:
            try ImageCodecs.encodeJPEG(
                PixelOperations.flattenPremultiplied(pixels, onto: settings.background),
                quality: quality, progressive: settings.progressive, iccProfile: icc, exif: exif)
        }
    }
}
