internal import CJXL

/// Decodes JPEG XL through libjxl (Debian's libjxl-dev 0.7). Every libjxl call in galleryc
/// lives in this file.
///
/// The whole file is handed over at once. libjxl applies the file's orientation itself;
/// samples come out at 8 bits, or 16 for sources of more than 8 bits (so that SourceColour
/// converts them before rounding), with the ICC profile that describes them. An animation is
/// published as its first frame.
enum JPEGXLDecoder {
    /// The first frame's samples (grey, grey + alpha, RGB or RGBA) and its ICC profile.
    /// - Throws: ``CodecFailure``: damaged, in words for libjxl's status; `tooLarge`.
    static func decode(_ data: [UInt8], maxPixels: Int) throws(CodecFailure) -> DecodedSamples {
        guard let decoder = JxlDecoderCreate(nil) else { throw .failed(.jpegXL, "cannot make a decoder") }
        defer { JxlDecoderDestroy(decoder) }
        let events = Int32(
            JXL_DEC_BASIC_INFO.rawValue | JXL_DEC_COLOR_ENCODING.rawValue | JXL_DEC_FULL_IMAGE.rawValue)
        guard JxlDecoderSubscribeEvents(decoder, events) == JXL_DEC_SUCCESS else {
            throw .failed(.jpegXL, "cannot subscribe to events")
        }
        var info = JxlBasicInfo()
        var format = JxlPixelFormat(
            num_channels: 3, data_type: JXL_TYPE_UINT8, endianness: JXL_NATIVE_ENDIAN, align: 0)
        var samples: [UInt8] = []
        var icc: [UInt8]?
        return try data.withUnsafeBufferPointer { input throws(CodecFailure) in
            guard JxlDecoderSetInput(decoder, input.baseAddress, input.count) == JXL_DEC_SUCCESS else {
                throw .damaged(.jpegXL, "cannot read the input")
            }
            JxlDecoderCloseInput(decoder)
            while true {
                let status = JxlDecoderProcessInput(decoder)
                switch status {
                case JXL_DEC_BASIC_INFO:
                    guard JxlDecoderGetBasicInfo(decoder, &info) == JXL_DEC_SUCCESS else {
                        throw .damaged(.jpegXL, "the header cannot be read")
                    }
                    let width = Int(info.xsize)
                    let height = Int(info.ysize)
                    guard width > 0, height > 0 else { throw .damaged(.jpegXL, "the image has no pixels") }
                    guard width * height <= maxPixels else {
                        throw CodecFailure(.tooLarge(width: width, height: height), .jpegXL, "too large")
                    }
                    let alpha = info.alpha_bits > 0
                    let grey = info.num_color_channels == 1
                    format.num_channels = UInt32((grey ? 1 : 3) + (alpha ? 1 : 0))
                    format.data_type = info.bits_per_sample > 8 ? JXL_TYPE_UINT16 : JXL_TYPE_UINT8
                case JXL_DEC_COLOR_ENCODING:
                    var size = 0
                    if JxlDecoderGetICCProfileSize(decoder, &format, JXL_COLOR_PROFILE_TARGET_DATA, &size)
                        == JXL_DEC_SUCCESS, size > 0
                    {
                        var profile = [UInt8](repeating: 0, count: size)
                        let got = profile.withUnsafeMutableBufferPointer {
                            JxlDecoderGetColorAsICCProfile(
                                decoder, &format, JXL_COLOR_PROFILE_TARGET_DATA, $0.baseAddress, size)
                        }
                        if got == JXL_DEC_SUCCESS { icc = profile }
                    }
                case JXL_DEC_NEED_IMAGE_OUT_BUFFER:
                    var size = 0
                    guard JxlDecoderImageOutBufferSize(decoder, &format, &size) == JXL_DEC_SUCCESS else {
                        throw .damaged(.jpegXL, "no output size")
                    }
                    samples = [UInt8](repeating: 0, count: size)
                    let set = samples.withUnsafeMutableBytes {
                        JxlDecoderSetImageOutBuffer(decoder, &format, $0.baseAddress, size)
                    }
                    guard set == JXL_DEC_SUCCESS else {
                        throw .damaged(.jpegXL, "the output buffer was refused")
                    }
                case JXL_DEC_FULL_IMAGE, JXL_DEC_SUCCESS:
                    guard !samples.isEmpty else { throw .damaged(.jpegXL, "the file holds no image") }
                    return DecodedSamples(
                        width: Int(info.xsize), height: Int(info.ysize), channels: Int(format.num_channels),
                        bytesPerSample: format.data_type == JXL_TYPE_UINT16 ? 2 : 1, bytes: samples,
                        iccProfile: icc)
                case JXL_DEC_NEED_MORE_INPUT:
                    throw .damaged(.jpegXL, "the file is truncated")
                default:
                    throw .damaged(.jpegXL, "the data is damaged (libjxl status \(status.rawValue))")
                }
            }
        }
    }
}
