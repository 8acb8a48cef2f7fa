internal import CWebP

/// Encodes and decodes WebP through libwebp, carrying the ICC profile and EXIF through
/// libwebpmux. Every libwebp call in galleryc lives in this file.
///
/// Output is deterministic: the same pixels, settings and metadata give the same bytes.
enum WebPCodec {
    /// The largest width or height a WebP file can hold.
    static let maxDimension = Int(WEBP_MAX_DIMENSION)

    /// Encodes pixels as a lossy WebP.
    ///
    /// Uses `WebPConfig` (so that `method` is honoured; the simple API is fixed at 4), imports
    /// RGB or RGBA (`exact` off: colours under fully transparent pixels may change), writes
    /// through a `WebPMemoryWriter`, then, when metadata is given, adds `ICCP` and `EXIF`
    /// chunks with libwebpmux.
    /// - Parameters:
    ///   - image: RGB or RGBA pixels; alpha is kept (losslessly) when `channels == 4` and some
    ///     pixel is not opaque; libwebp leaves out an all-opaque alpha plane.
    ///   - quality: 0...100 (clamped).
    ///   - method: speed/size trade-off, 0 (fastest) ... 6 (smallest); clamped.
    ///   - iccProfile: an ICC profile to embed, so that colours display as in the source.
    ///   - exif: a TIFF-structured EXIF payload (starting `II*\0` or `MM\0*`); a leading
    ///     `Exif\0\0` is removed, as the WebP container expects the bare TIFF data.
    /// - Returns: the WebP file's bytes.
    /// - Throws: ``CodecFailure`` for an empty or oversized image or a libwebp failure.
    static func encode(
        _ image: PixelBuffer, quality: Int, method: Int = 4, iccProfile: [UInt8]?, exif: [UInt8]?
    ) throws(CodecFailure) -> [UInt8] {
        let bitstream = try encodeBitstream(image, quality: quality, method: method)
        let exifPayload = exif.map(stripExifPrefix)
        let icc = iccProfile.flatMap { $0.isEmpty ? nil : $0 }
        let exifChunk = exifPayload.flatMap { $0.isEmpty ? nil : $0 }
        if icc == nil && exifChunk == nil { return bitstream }
        return try addChunks(to: bitstream, icc: icc, exif: exifChunk)
    }

    /// The width and height a WebP file declares, from its header alone; nil when the header
    /// cannot be read.
    static func declaredSize(_ data: [UInt8]) -> (width: Int, height: Int)? {
        var width: Int32 = 0
        var height: Int32 = 0
        let ok = data.withUnsafeBufferPointer { WebPGetInfo($0.baseAddress, $0.count, &width, &height) }
        return ok != 0 ? (Int(width), Int(height)) : nil
    }

    /// Decodes a WebP file to 8-bit pixels: RGBA when the file has alpha, RGB otherwise.
    /// - Parameters:
    ///   - data: the whole file.
    ///   - maxPixels: refuse images whose declared width x height exceeds this, before any
    ///     pixel memory is allocated.
    /// - Returns: the pixels and the embedded ICC profile (`ICCP` chunk), if any.
    /// - Throws: ``CodecFailure`` when the data is not a decodable WebP or is too large.
    static func decode(
        _ data: [UInt8], maxPixels: Int = .max
    ) throws(CodecFailure) -> (PixelBuffer, iccProfile: [UInt8]?) {
        // The header's size first: WebPGetFeatures refuses some absurd canvases outright.
        if let size = declaredSize(data), size.width * size.height > maxPixels {
            throw CodecFailure(
                .tooLarge(width: size.width, height: size.height), .webP,
                "image is \(size.width) x \(size.height), more than the limit of \(maxPixels) pixels")
        }
        var features = WebPBitstreamFeatures()
        let status = data.withUnsafeBufferPointer { WebPGetFeatures($0.baseAddress, $0.count, &features) }
        guard status == VP8_STATUS_OK else {
            throw .damaged(.webP, "not a readable WebP file (\(describe(status)))")
        }
        guard features.has_animation == 0 else {
            throw CodecFailure(.unsupported, .webP, "animated WebP is not read here")
        }
        let width = Int(features.width)
        let height = Int(features.height)
        guard width > 0, height > 0 else { throw .damaged(.webP, "image has no pixels") }
        guard width * height <= maxPixels else {
            throw CodecFailure(
                .tooLarge(width: width, height: height), .webP,
                "image is \(width) x \(height), more than the limit of \(maxPixels) pixels")
        }
        let channels = features.has_alpha != 0 ? 4 : 3
        var pixels = [UInt8](repeating: 0, count: width * height * channels)
        let stride = Int32(width * channels)
        let decoded = data.withUnsafeBufferPointer { input in
            pixels.withUnsafeMutableBufferPointer { output in
                channels == 4
                    ? WebPDecodeRGBAInto(
                        input.baseAddress, input.count, output.baseAddress, output.count, stride)
                    : WebPDecodeRGBInto(
                        input.baseAddress, input.count, output.baseAddress, output.count, stride)
            }
        }
        guard decoded != nil else { throw .damaged(.webP, "the image data is corrupt or truncated") }
        let image = PixelBuffer(width: width, height: height, channels: channels, bytes: pixels)
        return (image, iccProfile: try chunk("ICCP", in: data))
    }

    // MARK: - Encoding

    private static func encodeBitstream(_ image: PixelBuffer, quality: Int, method: Int) throws(CodecFailure)
        -> [UInt8]
    {
        guard image.width > 0, image.height > 0 else { throw .failed(.webP, "cannot encode an empty image") }
        guard image.width <= maxDimension, image.height <= maxDimension else {
            throw .failed(
                .webP,
                "image is \(image.width) x \(image.height); WebP allows at most \(maxDimension) per side")
        }
        var config = WebPConfig()
        let q = Float(min(max(quality, 0), 100))
        guard WebPConfigPreset(&config, WEBP_PRESET_DEFAULT, q) != 0 else {
            throw .failed(.webP, "libwebp version mismatch (WebPConfigPreset)")
        }
        config.method = Int32(min(max(method, 0), 6))
        config.exact = 0
        guard WebPValidateConfig(&config) != 0 else { throw .failed(.webP, "invalid encoder settings") }

        // libwebp keeps pointers to the picture and the writer between calls: heap, not stack.
        let picture = UnsafeMutablePointer<WebPPicture>.allocate(capacity: 1)
        picture.initialize(to: WebPPicture())
        let writer = UnsafeMutablePointer<WebPMemoryWriter>.allocate(capacity: 1)
        writer.initialize(to: WebPMemoryWriter())
        WebPMemoryWriterInit(writer)
        defer {
            WebPPictureFree(picture)
            WebPMemoryWriterClear(writer)
            picture.deallocate()
            writer.deallocate()
        }
        guard WebPPictureInit(picture) != 0 else {
            throw .failed(.webP, "libwebp version mismatch (WebPPictureInit)")
        }
        picture.pointee.width = Int32(image.width)
        picture.pointee.height = Int32(image.height)
        let stride = Int32(image.rowStride)
        let imported = image.bytes.withUnsafeBufferPointer { pixels in
            image.channels == 4
                ? WebPPictureImportRGBA(picture, pixels.baseAddress, stride)
                : WebPPictureImportRGB(picture, pixels.baseAddress, stride)
        }
        guard imported != 0 else {
            throw .failed(.webP, "out of memory importing \(image.width) x \(image.height)")
        }
        picture.pointee.writer = WebPMemoryWrite
        picture.pointee.custom_ptr = UnsafeMutableRawPointer(writer)
        guard WebPEncode(&config, picture) != 0 else {
            throw .failed(.webP, "encoding failed (\(describe(picture.pointee.error_code)))")
        }
        guard let mem = writer.pointee.mem, writer.pointee.size > 0 else {
            throw .failed(.webP, "encoder produced no output")
        }
        return [UInt8](UnsafeBufferPointer(start: mem, count: writer.pointee.size))
    }

    /// Wraps a simple-format bitstream in an extended (VP8X) container with metadata chunks.
    private static func addChunks(to bitstream: [UInt8], icc: [UInt8]?, exif: [UInt8]?) throws(CodecFailure)
        -> [UInt8]
    {
        try bitstream.withUnsafeBufferPointer { input throws(CodecFailure) in
            var source = WebPData(bytes: input.baseAddress, size: input.count)
            guard let mux = WebPMuxCreate(&source, 1) else {
                throw .failed(.webP, "libwebpmux could not read the image")
            }
            defer { WebPMuxDelete(mux) }
            if let icc { try setChunk("ICCP", icc, in: mux) }
            if let exif { try setChunk("EXIF", exif, in: mux) }
            var assembled = WebPData()
            defer { WebPDataClear(&assembled) }
            let status = WebPMuxAssemble(mux, &assembled)
            guard status == WEBP_MUX_OK, let bytes = assembled.bytes else {
                throw .failed(.webP, "libwebpmux could not assemble the file (\(describe(status)))")
            }
            return [UInt8](UnsafeBufferPointer(start: bytes, count: assembled.size))
        }
    }

    private static func setChunk(_ fourcc: String, _ payload: [UInt8], in mux: OpaquePointer)
        throws(CodecFailure)
    {
        let status = payload.withUnsafeBufferPointer { buffer in
            var data = WebPData(bytes: buffer.baseAddress, size: buffer.count)
            return WebPMuxSetChunk(mux, fourcc, &data, 1)  // 1: the mux copies the payload
        }
        guard status == WEBP_MUX_OK else {
            throw .failed(.webP, "libwebpmux refused the \(fourcc) chunk (\(describe(status)))")
        }
    }

    private static func stripExifPrefix(_ exif: [UInt8]) -> [UInt8] {
        let prefix = EmbeddedMetadata.exifPrefix
        return exif.starts(with: prefix) ? Array(exif.dropFirst(prefix.count)) : exif
    }

    // MARK: - Reading chunks

    /// The payload of a metadata chunk (`ICCP`, `EXIF`, `XMP `), or nil when absent.
    static func chunk(_ fourcc: String, in file: [UInt8]) throws(CodecFailure) -> [UInt8]? {
        try file.withUnsafeBufferPointer { input throws(CodecFailure) in
            var source = WebPData(bytes: input.baseAddress, size: input.count)
            guard let mux = WebPMuxCreate(&source, 0) else {
                throw .damaged(.webP, "the WebP container is corrupt")
            }
            defer { WebPMuxDelete(mux) }
            var payload = WebPData()
            let status = WebPMuxGetChunk(mux, fourcc, &payload)
            if status == WEBP_MUX_NOT_FOUND { return nil }
            guard status == WEBP_MUX_OK, let bytes = payload.bytes else {
                throw .damaged(.webP, "could not read the \(fourcc) chunk (\(describe(status)))")
            }
            return [UInt8](UnsafeBufferPointer(start: bytes, count: payload.size))
        }
    }

    // MARK: - Animation

    /// Whether the file is an animated WebP (its features say so).
    static func isAnimated(_ data: [UInt8]) -> Bool {
        var features = WebPBitstreamFeatures()
        let status = data.withUnsafeBufferPointer { WebPGetFeatures($0.baseAddress, $0.count, &features) }
        return status == VP8_STATUS_OK && features.has_animation != 0
    }

    /// Decodes every frame of an animated WebP (libwebp's WebPAnimDecoder composes them onto
    /// the canvas) as straight RGBA.
    /// - Parameter maxPixels: the most pixels all frames together may hold; refused before
    ///   the first frame is decoded.
    static func decodeAnimation(_ data: [UInt8], maxPixels: Int) throws(CodecFailure) -> AnimatedImage {
        try data.withUnsafeBufferPointer { input throws(CodecFailure) in
            var options = WebPAnimDecoderOptions()
            guard WebPAnimDecoderOptionsInit(&options) != 0 else {
                throw .failed(.webP, "libwebp version mismatch (WebPAnimDecoderOptionsInit)")
            }
            options.color_mode = MODE_RGBA
            options.use_threads = 0
            var source = WebPData(bytes: input.baseAddress, size: input.count)
            guard let decoder = WebPAnimDecoderNew(&source, &options) else {
                throw .damaged(.webP, "the animation is corrupt or truncated")
            }
            defer { WebPAnimDecoderDelete(decoder) }
            var info = WebPAnimInfo()
            guard WebPAnimDecoderGetInfo(decoder, &info) != 0 else {
                throw .damaged(.webP, "no animation info")
            }
            let width = Int(info.canvas_width)
            let height = Int(info.canvas_height)
            let frameCount = Int(info.frame_count)
            guard width > 0, height > 0, frameCount > 0 else {
                throw .damaged(.webP, "the animation has no frames")
            }
            guard width * height * frameCount <= maxPixels else {
                throw CodecFailure(
                    .animationTooLarge(width: width, height: height, frames: frameCount), .webP,
                    "\(frameCount) frames of \(width) x \(height) pixels")
            }
            var frames: [PixelBuffer] = []
            var durations: [Int] = []
            var previous: Int32 = 0
            while WebPAnimDecoderHasMoreFrames(decoder) != 0 {
                var buffer: UnsafeMutablePointer<UInt8>?
                var timestamp: Int32 = 0
                guard WebPAnimDecoderGetNext(decoder, &buffer, &timestamp) != 0, let buffer else {
                    throw .damaged(.webP, "frame \(frames.count + 1) is corrupt or truncated")
                }
                let bytes = [UInt8](UnsafeBufferPointer(start: buffer, count: width * height * 4))
                frames.append(PixelBuffer(width: width, height: height, channels: 4, bytes: bytes))
                durations.append(Int(timestamp - previous))
                previous = timestamp
            }
            return AnimatedImage(
                width: width, height: height, frames: frames, durations: durations,
                loopCount: Int(info.loop_count), iccProfile: try chunk("ICCP", in: data))
        }
    }

    /// Encodes frames (straight RGBA or RGB, all the same size) as a lossy animated WebP
    /// (WebPAnimEncoder), with an `ICCP` chunk when a profile is given.
    static func encodeAnimation(
        _ frames: [PixelBuffer], durations: [Int], loopCount: Int, quality: Int, method: Int,
        iccProfile: [UInt8]?
    ) throws(CodecFailure) -> [UInt8] {
        guard let first = frames.first, frames.count == durations.count else {
            throw .failed(.webP, "an animation needs frames, each with a duration")
        }
        var options = WebPAnimEncoderOptions()
        guard WebPAnimEncoderOptionsInit(&options) != 0 else {
            throw .failed(.webP, "libwebp version mismatch (WebPAnimEncoderOptionsInit)")
        }
        options.anim_params.loop_count = Int32(max(0, min(loopCount, 65535)))
        options.allow_mixed = 0
        guard let encoder = WebPAnimEncoderNew(Int32(first.width), Int32(first.height), &options) else {
            throw .failed(.webP, "cannot make an animation encoder for \(first.width) x \(first.height)")
        }
        defer { WebPAnimEncoderDelete(encoder) }
        var config = WebPConfig()
        guard WebPConfigPreset(&config, WEBP_PRESET_DEFAULT, Float(min(max(quality, 0), 100))) != 0 else {
            throw .failed(.webP, "libwebp version mismatch (WebPConfigPreset)")
        }
        config.method = Int32(min(max(method, 0), 6))
        guard WebPValidateConfig(&config) != 0 else { throw .failed(.webP, "invalid encoder settings") }
        let picture = UnsafeMutablePointer<WebPPicture>.allocate(capacity: 1)
        picture.initialize(to: WebPPicture())
        defer { picture.deallocate() }
        var timestamp: Int32 = 0
        for (frame, duration) in zip(frames, durations) {
            guard WebPPictureInit(picture) != 0 else { throw .failed(.webP, "libwebp version mismatch") }
            defer { WebPPictureFree(picture) }
            picture.pointee.width = Int32(frame.width)
            picture.pointee.height = Int32(frame.height)
            picture.pointee.use_argb = 1
            let stride = Int32(frame.rowStride)
            let imported = frame.bytes.withUnsafeBufferPointer { pixels in
                frame.channels == 4
                    ? WebPPictureImportRGBA(picture, pixels.baseAddress, stride)
                    : WebPPictureImportRGB(picture, pixels.baseAddress, stride)
            }
            guard imported != 0 else { throw .failed(.webP, "out of memory importing a frame") }
            guard WebPAnimEncoderAdd(encoder, picture, timestamp, &config) != 0 else {
                throw .failed(.webP, "encoding a frame failed")
            }
            timestamp += Int32(duration)
        }
        guard WebPAnimEncoderAdd(encoder, nil, timestamp, nil) != 0 else {
            throw .failed(.webP, "closing the animation failed")
        }
        var assembled = WebPData()
        defer { WebPDataClear(&assembled) }
        guard WebPAnimEncoderAssemble(encoder, &assembled) != 0, let bytes = assembled.bytes else {
            throw .failed(.webP, "assembling the animation failed")
        }
        let animation = [UInt8](UnsafeBufferPointer(start: bytes, count: assembled.size))
        guard let icc = iccProfile, !icc.isEmpty else { return animation }
        return try animation.withUnsafeBufferPointer { input throws(CodecFailure) in
            var source = WebPData(bytes: input.baseAddress, size: input.count)
            guard let mux = WebPMuxCreate(&source, 1) else {
                throw .failed(.webP, "libwebpmux could not read the animation")
            }
            defer { WebPMuxDelete(mux) }
            try setChunk("ICCP", icc, in: mux)
            var output = WebPData()
            defer { WebPDataClear(&output) }
            let status = WebPMuxAssemble(mux, &output)
            guard status == WEBP_MUX_OK, let outBytes = output.bytes else {
                throw .failed(.webP, "libwebpmux could not assemble the animation (\(describe(status)))")
            }
            return [UInt8](UnsafeBufferPointer(start: outBytes, count: output.size))
        }
    }

    // MARK: - Messages

    private static func describe(_ status: VP8StatusCode) -> String {
        switch status {
        case VP8_STATUS_OUT_OF_MEMORY: "out of memory"
        case VP8_STATUS_INVALID_PARAM: "invalid parameter"
        case VP8_STATUS_BITSTREAM_ERROR: "bitstream error"
        case VP8_STATUS_UNSUPPORTED_FEATURE: "unsupported feature"
        case VP8_STATUS_NOT_ENOUGH_DATA: "not enough data: truncated file"
        default: "status \(status.rawValue)"
        }
    }

    private static func describe(_ status: WebPMuxError) -> String {
        switch status {
        case WEBP_MUX_NOT_FOUND: "not found"
        case WEBP_MUX_INVALID_ARGUMENT: "invalid argument"
        case WEBP_MUX_BAD_DATA: "bad data"
        case WEBP_MUX_MEMORY_ERROR: "out of memory"
        case WEBP_MUX_NOT_ENOUGH_DATA: "not enough data"
        default: "status \(status.rawValue)"
        }
    }

    private static func describe(_ error: WebPEncodingError) -> String {
        switch error {
        case VP8_ENC_ERROR_OUT_OF_MEMORY, VP8_ENC_ERROR_BITSTREAM_OUT_OF_MEMORY: "out of memory"
        case VP8_ENC_ERROR_BAD_DIMENSION: "bad dimension"
        case VP8_ENC_ERROR_PARTITION0_OVERFLOW, VP8_ENC_ERROR_PARTITION_OVERFLOW: "partition overflow"
        case VP8_ENC_ERROR_FILE_TOO_BIG: "file too big (over 4 GB)"
        default: "error \(error.rawValue)"
        }
    }
}
