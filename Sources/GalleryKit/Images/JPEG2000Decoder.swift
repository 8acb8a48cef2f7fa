internal import COpenJPEG
import Foundation

/// Decodes JPEG 2000 (the JP2 container or a bare codestream) through OpenJPEG (Debian's
/// libopenjp2). Every OpenJPEG call in galleryc lives in this file.
///
/// Like JPEG's DCT scaling, JPEG 2000 decodes at a reduced resolution for free: each level
/// halves both sides, so a large scan is decoded at the smallest level that still covers the
/// largest rendition. Components are brought to 8 bits; sYCC is converted to RGB.
enum JPEG2000Decoder {
    private final class Input {
        let bytes: [UInt8]
        var position = 0
        var lastError = ""
        init(_ bytes: [UInt8]) { self.bytes = bytes }
    }

    /// Decodes at the smallest resolution level whose width still reaches `neededWidth` of the
    /// declared size.
    /// - Returns: the samples and the photo's full size.
    /// - Throws: ``CodecFailure``: damaged, in OpenJPEG's words when it said any; `tooLarge`
    ///   (the reduced size) when even the reduced decode passes `maxPixels`.
    static func decode(_ data: [UInt8], neededWidth: (_ width: Int, _ height: Int) -> Int, maxPixels: Int)
        throws(CodecFailure) -> (
            samples: DecodedSamples, width: Int, height: Int
        )
    {
        let input = Input(data)
        let context = Unmanaged.passRetained(input)
        defer { context.release() }
        let isJP2 = data.count >= 12 && data[4..<8].elementsEqual("jP  ".utf8)
        guard let codec = opj_create_decompress(isJP2 ? OPJ_CODEC_JP2 : OPJ_CODEC_J2K) else {
            throw .failed(.jpeg2000, "cannot make a decoder")
        }
        defer { opj_destroy_codec(codec) }
        let onError: opj_msg_callback = { message, user in
            guard let message, let user else { return }
            let input = Unmanaged<Input>.fromOpaque(user).takeUnretainedValue()
            if input.lastError.isEmpty {
                input.lastError = String(cString: message).trimmingCharacters(in: .whitespacesAndNewlines)
            }
        }
        let quiet: opj_msg_callback = { _, _ in }
        opj_set_error_handler(codec, onError, context.toOpaque())
        opj_set_warning_handler(codec, quiet, nil)
        opj_set_info_handler(codec, quiet, nil)
        var parameters = opj_dparameters_t()
        opj_set_default_decoder_parameters(&parameters)
        guard opj_setup_decoder(codec, &parameters) != 0 else {
            throw failure(input, "cannot set up the decoder")
        }
        guard let stream = opj_stream_create(1 << 16, 1) else {
            throw .failed(.jpeg2000, "cannot make a stream")
        }
        defer { opj_stream_destroy(stream) }
        opj_stream_set_user_data(stream, context.toOpaque(), nil)
        opj_stream_set_user_data_length(stream, UInt64(data.count))
        opj_stream_set_read_function(stream) { buffer, count, user in
            // (OPJ_SIZE_T)-1 is OpenJPEG's end of stream; size_t comes into Swift as Int.
            let end = OPJ_SIZE_T(bitPattern: UInt.max)
            guard let buffer, let user else { return end }
            let input = Unmanaged<Input>.fromOpaque(user).takeUnretainedValue()
            let available = min(count, input.bytes.count - input.position)
            guard available > 0 else { return end }
            input.bytes.withUnsafeBytes { source in
                guard let base = source.baseAddress else { return }
                buffer.copyMemory(from: base + input.position, byteCount: available)
            }
            input.position += available
            return available
        }
        opj_stream_set_skip_function(stream) { count, user in
            guard let user else { return -1 }
            let input = Unmanaged<Input>.fromOpaque(user).takeUnretainedValue()
            let target = max(0, min(input.bytes.count, input.position + Int(count)))
            guard target != input.position else { return -1 }
            let moved = target - input.position
            input.position = target
            return OPJ_OFF_T(moved)
        }
        opj_stream_set_seek_function(stream) { offset, user in
            guard let user, offset >= 0 else { return 0 }
            let input = Unmanaged<Input>.fromOpaque(user).takeUnretainedValue()
            guard Int(offset) <= input.bytes.count else { return 0 }
            input.position = Int(offset)
            return 1
        }
        var header: UnsafeMutablePointer<opj_image_t>?
        guard opj_read_header(stream, codec, &header) != 0, let image = header else {
            throw failure(input, "the header cannot be read")
        }
        defer { opj_image_destroy(image) }
        let width = Int(image.pointee.x1) - Int(image.pointee.x0)
        let height = Int(image.pointee.y1) - Int(image.pointee.y0)
        guard width > 0, height > 0 else { throw .damaged(.jpeg2000, "the image has no pixels") }
        var levels = 1
        if let info = opj_get_cstr_info(codec) {
            levels = Int(info.pointee.m_default_tile_info.tccp_info?.pointee.numresolutions ?? 1)
            var pointer: UnsafeMutablePointer<opj_codestream_info_v2_t>? = info
            opj_destroy_cstr_info(&pointer)
        }
        let needed = neededWidth(width, height)
        var reduction = 0
        while reduction + 1 < levels, (width + (1 << (reduction + 1)) - 1) >> (reduction + 1) >= needed {
            reduction += 1
        }
        let reducedWidth = (width + (1 << reduction) - 1) >> reduction
        let reducedHeight = (height + (1 << reduction) - 1) >> reduction
        guard reducedWidth * reducedHeight <= maxPixels else {
            throw CodecFailure(
                .tooLarge(width: reducedWidth, height: reducedHeight), .jpeg2000,
                "\(reducedWidth) x \(reducedHeight) pixels at the smallest useful resolution level")
        }
        if reduction > 0 { opj_set_decoded_resolution_factor(codec, OPJ_UINT32(reduction)) }
        guard opj_decode(codec, stream, image) != 0, opj_end_decompress(codec, stream) != 0 else {
            throw failure(input, "the image data is damaged or truncated")
        }
        let samples = try samples(of: image)
        return (samples, width, height)
    }

    private static func failure(_ input: Input, _ fallback: String) -> CodecFailure {
        .damaged(.jpeg2000, input.lastError.isEmpty ? fallback : input.lastError)
    }

    /// The decoded components as 8-bit grey, grey + alpha, RGB, RGBA or CMYK samples.
    private static func samples(of image: UnsafeMutablePointer<opj_image_t>) throws(CodecFailure)
        -> DecodedSamples
    {
        let count = Int(image.pointee.numcomps)
        guard count >= 1, let comps = image.pointee.comps else { throw .damaged(.jpeg2000, "no components") }
        let first = comps[0]
        let width = Int(first.w)
        let height = Int(first.h)
        guard width > 0, height > 0 else { throw .damaged(.jpeg2000, "no decoded pixels") }
        let space = image.pointee.color_space
        let channels = min(count, 4)
        var planes: [[Int32]] = []
        for index in 0..<channels {
            let comp = comps[index]
            guard let data = comp.data, comp.w > 0, comp.h > 0 else {
                throw .damaged(.jpeg2000, "component \(index + 1) has no data")
            }
            let compWidth = Int(comp.w)
            let compHeight = Int(comp.h)
            let precision = Int(comp.prec)
            guard (1...31).contains(precision) else {
                throw CodecFailure(.unsupported, .jpeg2000, "\(precision)-bit samples are not read")
            }
            let offset: Int32 = comp.sgnd != 0 ? Int32(1 << (precision - 1)) : 0
            let maximum = Int64(1 << precision) - 1
            var plane = [Int32](repeating: 0, count: width * height)
            // Subsampled components (sYCC 4:2:0) are spread over the full grid.
            for y in 0..<height {
                let sourceRow = min(compHeight - 1, y * compHeight / height) * compWidth
                for x in 0..<width {
                    let value = Int64(data[sourceRow + min(compWidth - 1, x * compWidth / width)] + offset)
                    plane[y * width + x] = Int32((max(0, min(maximum, value)) * 255 + maximum / 2) / maximum)
                }
            }
            planes.append(plane)
        }
        if (space == OPJ_CLRSPC_SYCC || space == OPJ_CLRSPC_EYCC) && channels >= 3 {
            for i in 0..<(width * height) {
                let y = Double(planes[0][i])
                let cb = Double(planes[1][i]) - 128
                let cr = Double(planes[2][i]) - 128
                planes[0][i] = Int32(max(0, min(255, (y + 1.402 * cr).rounded())))
                planes[1][i] = Int32(max(0, min(255, (y - 0.344136 * cb - 0.714136 * cr).rounded())))
                planes[2][i] = Int32(max(0, min(255, (y + 1.772 * cb).rounded())))
            }
        }
        var bytes = [UInt8](repeating: 0, count: width * height * channels)
        for i in 0..<(width * height) {
            for c in 0..<channels { bytes[i * channels + c] = UInt8(planes[c][i]) }
        }
        // OpenJPEG's CMYK is the amount of ink (0: none), lcms2's plain, not inverted, CMYK.
        let cmyk = space == OPJ_CLRSPC_CMYK && channels == 4
        let icc: [UInt8]? =
            image.pointee.icc_profile_len > 0 && image.pointee.icc_profile_buf != nil
            ? Array(
                UnsafeBufferPointer(
                    start: image.pointee.icc_profile_buf, count: Int(image.pointee.icc_profile_len)))
            : nil
        return DecodedSamples(
            width: width, height: height, channels: channels, bytesPerSample: 1, cmyk: cmyk,
            cmykInverted: false,
            bytes: bytes, iccProfile: icc)
    }
}
