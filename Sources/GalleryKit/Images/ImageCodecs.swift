internal import CImageCodecs

/// A decoded image with what came with it, its colour made RGB (see ``SourceColour``).
struct DecodedImage: Sendable {
    var pixels: PixelBuffer
    /// The size the file declares, before any DCT scaling.
    var declaredWidth: Int
    var declaredHeight: Int
    /// The profile that describes `pixels`: the source's own RGB profile, the sRGB profile
    /// after a conversion, or nil (sRGB, untagged).
    var iccProfile: [UInt8]?
    /// Warnings the decoder recovered from, and the first one in its words.
    var warnings: Int
    var firstWarning: String = ""
    /// Colour notices (a profile left out), and a JPEG's damaged data when it had warnings.
    var notices: [ImageNotice] = []
    /// The colour was converted or a profile left out (``SourceColour/Normalised/revised``).
    var colourRevised = false
}

/// What a decoder's header pass says a decode will give.
struct DecodePlan: Sendable {
    var width: Int
    var height: Int
    var channels: Int
    var declaredWidth: Int
    var declaredHeight: Int
}

/// The Swift face of the CImageCodecs target (libjpeg and libpng behind C code that owns their
/// `setjmp`). This is the only file that imports CImageCodecs; C pointers never leave it. The
/// pixel loops are in `PixelOperations`.
enum ImageCodecs {
    /// The bytes a zlib stream (a compressed PNG `iTXt` text) inflates to; nil when it is
    /// damaged or inflates to more than `limit` bytes (nothing past the limit is ever written).
    static func inflate(_ data: ArraySlice<UInt8>, limit: Int) -> [UInt8]? {
        var capacity = min(limit, max(4096, data.count * 16))
        while true {
            var out = [UInt8](repeating: 0, count: capacity)
            let produced = data.withUnsafeBufferPointer { input in
                out.withUnsafeMutableBufferPointer { output in
                    cc_zlib_inflate(input.baseAddress, input.count, output.baseAddress, output.count)
                }
            }
            if produced >= 0 { return Array(out.prefix(Int(produced))) }
            if produced == -2, capacity < limit {
                capacity = min(limit, capacity * 4)
                continue
            }
            return nil
        }
    }

    /// The width and height a JPEG declares, from its header alone.
    static func jpegSize(_ data: [UInt8]) throws(CodecFailure) -> (width: Int, height: Int) {
        var image = cc_image()
        defer { cc_image_free(&image) }
        let code = data.withUnsafeBufferPointer { cc_jpeg_info($0.baseAddress, $0.count, &image) }
        try check(code, &image, .jpeg)
        return (Int(image.declared_width), Int(image.declared_height))
    }

    /// Gives the free memory of every heap back to the system (``BuildRun/returnFreeMemory()``).
    /// How malloc is set up when the program loads (the mmap and trim thresholds, one heap
    /// per core) is in CImageCodecs' allocator.c.
    static func returnFreeMemory() {
        cc_return_free_memory()
    }

    /// What a JPEG decode at `scale`/8 gives, from the header alone (no size limit).
    static func jpegPlan(_ data: [UInt8], scale: Int) throws(CodecFailure) -> DecodePlan {
        var plan = cc_image()
        defer { cc_image_free(&plan) }
        let code = data.withUnsafeBufferPointer {
            cc_jpeg_output_size($0.baseAddress, $0.count, Int32(scale), UInt64.max, &plan)
        }
        try check(code, &plan, .jpeg)
        return DecodePlan(
            width: Int(plan.width), height: Int(plan.height), channels: Int(plan.channels),
            declaredWidth: Int(plan.declared_width), declaredHeight: Int(plan.declared_height))
    }

    /// Decodes a JPEG to RGB at `scale`/8 of its size (DCT scaling), converting CMYK, YCCK and
    /// grey with a grey profile to sRGB (``SourceColour``). Damaged data libjpeg recovered from
    /// is a notice. `maxPixels` limits the decoded size, `maxMemory` (bytes, 0: none) libjpeg's
    /// own working memory.
    static func decodeJPEG(
        _ data: [UInt8], scale: Int, maxPixels: Int, maxScans: Int, maxMemory: Int = 0
    ) throws(CodecFailure) -> DecodedImage {
        let samples = try decodeJPEGSamples(
            data, scale: scale, maxPixels: maxPixels, maxScans: maxScans, maxMemory: maxMemory)
        var image = try normalised(samples)
        if image.warnings > 0 {
            image.notices.insert(.damagedData(message: image.firstWarning, count: image.warnings), at: 0)
        }
        return image
    }

    /// Decodes a PNG to 8-bit RGB or RGBA; grey with a grey profile is converted to sRGB at its
    /// own depth (``SourceColour``).
    static func decodePNG(_ data: [UInt8], maxPixels: Int) throws(CodecFailure) -> DecodedImage {
        try normalised(decodePNGSamples(data, maxPixels: maxPixels))
    }

    private static func normalised(_ decoded: (DecodedSamples, DecodedImage)) throws(CodecFailure)
        -> DecodedImage
    {
        let colour = try SourceColour.normalise(decoded.0)
        var image = decoded.1
        image.pixels = colour.pixels
        image.iccProfile = colour.iccProfile
        image.notices = colour.notices
        image.colourRevised = colour.revised
        return image
    }

    /// The JPEG's samples as stored: RGB, grey or CMYK.
    static func decodeJPEGSamples(
        _ data: [UInt8], scale: Int, maxPixels: Int, maxScans: Int, maxMemory: Int
    ) throws(CodecFailure) -> (DecodedSamples, DecodedImage) {
        var plan = cc_image()
        defer { cc_image_free(&plan) }
        let planned = data.withUnsafeBufferPointer {
            cc_jpeg_output_size($0.baseAddress, $0.count, Int32(scale), UInt64(maxPixels), &plan)
        }
        try check(planned, &plan, .jpeg)
        return try decodeInPlace(plan, .jpeg) { target, count, image in
            data.withUnsafeBufferPointer {
                cc_jpeg_decode(
                    $0.baseAddress, $0.count, Int32(scale), UInt64(maxPixels), UInt64(maxMemory),
                    Int32(maxScans), target, count, &image)
            }
        }
    }

    /// The PNG's samples: 8-bit RGB(A), or grey at its own depth when it has a grey profile.
    static func decodePNGSamples(_ data: [UInt8], maxPixels: Int) throws(CodecFailure)
        -> (DecodedSamples, DecodedImage)
    {
        var plan = cc_image()
        defer { cc_image_free(&plan) }
        let planned = data.withUnsafeBufferPointer {
            cc_png_output_size($0.baseAddress, $0.count, UInt64(maxPixels), &plan)
        }
        try check(planned, &plan, .png)
        return try decodeInPlace(plan, .png) { target, count, image in
            data.withUnsafeBufferPointer {
                cc_png_decode($0.baseAddress, $0.count, UInt64(maxPixels), target, count, &image)
            }
        }
    }

    /// Runs a decoder whose header pass (`plan`) gave the output size, writing straight into
    /// the array the samples will live in: a decode into C memory and a copy held two full-size
    /// buffers at once (40 MB each for a 24 MP JPEG at scale 6/8, 150 MB for a 50 MP PNG).
    /// Returns the samples, and the rest (sizes, profile, warnings) with empty pixels.
    private static func decodeInPlace(
        _ plan: cc_image, _ codec: CodecFailure.Codec,
        _ decode: (UnsafeMutablePointer<UInt8>?, Int, inout cc_image) -> Int32
    ) throws(CodecFailure) -> (DecodedSamples, DecodedImage) {
        let count =
            Int(plan.width) * Int(plan.height) * Int(plan.channels) * Int(max(1, plan.bytes_per_sample))
        var image = cc_image()
        defer { cc_image_free(&image) }
        var code = Int32(CC_OK)
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { target, written in
            code = decode(target.baseAddress, count, &image)
            written = code == Int32(CC_OK) ? count : 0
        }
        try check(code, &image, codec)
        let icc = image.icc.map { Array(UnsafeBufferPointer(start: $0, count: image.icc_length)) }
        let samples = DecodedSamples(
            width: Int(image.width), height: Int(image.height), channels: Int(image.channels),
            bytesPerSample: Int(max(1, image.bytes_per_sample)), cmyk: image.cmyk != 0,
            cmykInverted: image.cmyk_inverted != 0, bytes: bytes, iccProfile: icc)
        let rest = DecodedImage(
            pixels: PixelBuffer(width: 0, height: 0, channels: 3),
            declaredWidth: Int(image.declared_width), declaredHeight: Int(image.declared_height),
            iccProfile: icc, warnings: Int(image.warnings), firstWarning: message(&image.warning))
        return (samples, rest)
    }

    /// Encodes RGB pixels as a JPEG, with an ICC profile and an EXIF TIFF payload if given.
    static func encodeJPEG(
        _ pixels: PixelBuffer, quality: Int, progressive: Bool, iccProfile: [UInt8]?,
        exif: [UInt8]?
    ) throws(CodecFailure) -> [UInt8] {
        guard pixels.channels == 3 else { throw .failed(.jpeg, "JPEG needs RGB pixels") }
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
            throw failure(code, message(&buffer.message), .jpeg, width: 0, height: 0)
        }
        guard let data = buffer.data else { return [] }
        return Array(UnsafeBufferPointer(start: data, count: buffer.length))
    }

    private static func check(_ code: Int32, _ image: inout cc_image, _ codec: CodecFailure.Codec)
        throws(CodecFailure)
    {
        guard code != Int32(CC_OK) else { return }
        throw failure(
            code, message(&image.message), codec, width: Int(image.declared_width),
            height: Int(image.declared_height))
    }

    /// The failure for a CImageCodecs return code, with libjpeg's or libpng's words.
    private static func failure(
        _ code: Int32, _ text: String, _ codec: CodecFailure.Codec, width: Int, height: Int
    ) -> CodecFailure {
        switch code {
        case Int32(CC_ERR_TOO_LARGE): CodecFailure(.tooLarge(width: width, height: height), codec, text)
        case Int32(CC_ERR_NO_MEMORY): .failed(codec, "out of memory")
        case Int32(CC_ERR_ARGUMENT): .failed(codec, text)
        case Int32(CC_ERR_UNSUPPORTED):
            CodecFailure(.unsupported, codec, codec == .jpeg ? "\(jpegKind(text)) (libjpeg: \(text))" : text)
        case Int32(CC_ERR_MEMORY_LIMIT):
            CodecFailure(.workingMemory(width: width, height: height), codec, text)
        default: .damaged(codec, text)
        }
    }

    /// What libjpeg's "Unsupported JPEG process: SOF type 0xc3" means in words.
    static func jpegKind(_ message: String) -> String {
        let lower = message.lowercased()
        if lower.contains("precision") { return "a JPEG of more than 8 bits per sample is not read" }
        if lower.contains("0xc3") || lower.contains("0xcb") { return "lossless JPEG is not read" }
        if ["0xc5", "0xc6", "0xc7", "0xcd", "0xce", "0xcf"].contains(where: lower.contains) {
            return "hierarchical JPEG is not read"
        }
        return "this kind of JPEG is not read"
    }

    private static func message<T>(_ tuple: inout T) -> String {
        withUnsafeBytes(of: &tuple) { raw in
            let bytes = raw.prefix { $0 != 0 }
            return String(decoding: bytes, as: UTF8.self)
        }
    }
}
