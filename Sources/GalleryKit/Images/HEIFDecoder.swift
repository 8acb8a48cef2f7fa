internal import CHeif

/// Decodes HEIF/HEIC (and AVIF) photos through libheif. Every libheif call in galleryc lives
/// in this file.
///
/// Debian 12's libheif 1.15.1 has its decoders built in: HEVC (HEIC) through libde265 and AV1
/// (AVIF) through dav1d/libaom, pulled in as dependencies of `libheif1`; no plugin package is
/// needed.
enum HEIFDecoder {
    /// Registers libheif's built-in decoders once per process (reference counted by libheif;
    /// never released, as decoding may happen until the process ends).
    private static let initialization: CodecFailure? = {
        let error = heif_init(nil)
        return error.code == heif_error_Ok ? nil : failure(error)
    }()

    /// Decodes the primary image of a HEIF/HEIC file to 8-bit RGB, or RGBA when it has alpha.
    ///
    /// libheif applies the file's geometric transformations (`clap` crop, `irot` rotation,
    /// `imir` mirror) while decoding, so the pixels come out upright: the EXIF Orientation tag
    /// must NOT be applied again (`orientationApplied` is always `true`). The size can differ
    /// from the `ispe` size because of `clap` (the sample `outdoor.heic`: ispe 462 x 348,
    /// decoded 462 x 347).
    /// - Parameters:
    ///   - data: the whole file.
    ///   - maxPixels: refuse the image, before any pixel memory is allocated, when its coded
    ///     size (`ispe` width x height) exceeds this.
    /// - Returns: the pixels; the ICC profile from a `colr` box of type `prof` or `rICC`
    ///   (nil when there is none or when colour is signalled only as `nclx` primaries and
    ///   transfer, which libheif reports as no ICC profile: treat those images as sRGB); the
    ///   EXIF block as a bare TIFF structure (starting `II*\0` or `MM\0*`, the form that
    ///   libexif's `exif_data_load_data` needs after an `Exif\0\0` prefix, and that the
    ///   WebP `EXIF` chunk holds), with the HEIF 4-byte header-offset prefix removed; and
    ///   whether orientation has been applied.
    /// - Throws: ``CodecFailure``: libheif's message for a damaged or unsupported file (an
    ///   unsupported file type or feature), `beyondLibraryLimit` for libheif's own size limit,
    ///   `tooLarge` for galleryc's.
    static func decode(
        _ data: [UInt8], maxPixels: Int
    ) throws(CodecFailure) -> (
        image: PixelBuffer, iccProfile: [UInt8]?, exif: [UInt8]?, orientationApplied: Bool
    ) {
        if let failure = initialization { throw failure }
        // The context reads `data` in place, so it lives and dies inside this closure.
        return try data.withUnsafeBufferPointer { bytes throws(CodecFailure) in
            guard let context = heif_context_alloc() else { throw .failed(.heif, "out of memory") }
            defer { heif_context_free(context) }
            // The build already runs one decode per core: no extra libheif threads for grid tiles.
            heif_context_set_max_decoding_threads(context, 0)
            try check(
                heif_context_read_from_memory_without_copy(context, bytes.baseAddress, bytes.count, nil))
            var primary: OpaquePointer?
            try check(heif_context_get_primary_image_handle(context, &primary))
            guard let handle = primary else { throw .damaged(.heif, "the file has no primary image") }
            defer { heif_image_handle_release(handle) }
            try checkSize(handle, maxPixels: maxPixels)
            let image = try decodePixels(handle)
            return (image, try colorProfile(handle), try exifPayload(handle), true)
        }
    }

    /// Compares the declared size with the limit; `ispe` is the coded size before any crop.
    private static func checkSize(_ handle: OpaquePointer, maxPixels: Int) throws(CodecFailure) {
        let width = max(
            Int(heif_image_handle_get_ispe_width(handle)), Int(heif_image_handle_get_width(handle)))
        let height = max(
            Int(heif_image_handle_get_ispe_height(handle)), Int(heif_image_handle_get_height(handle)))
        guard width > 0, height > 0 else { throw .damaged(.heif, "the image declares no size") }
        // Both come from 32-bit fields, so the product cannot overflow Int.
        guard width * height <= maxPixels else {
            throw CodecFailure(
                .tooLarge(width: width, height: height), .heif,
                "image is \(width) x \(height), more than the limit of \(maxPixels) pixels")
        }
    }

    /// The pixels of `handle`, 8 bits per channel, RGB or RGBA when it has alpha; `stored`
    /// leaves out the item's rotation, mirroring and crop.
    private static func decodePixels(_ handle: OpaquePointer, stored: Bool = false) throws(CodecFailure)
        -> PixelBuffer
    {
        let hasAlpha = heif_image_handle_has_alpha_channel(handle) != 0
        let channels = hasAlpha ? 4 : 3
        guard let options = heif_decoding_options_alloc() else {
            throw .failed(.heif, "out of memory")
        }
        defer { heif_decoding_options_free(options) }
        options.pointee.convert_hdr_to_8bit = 1  // 10-bit HEIC becomes 8 bits per channel
        options.pointee.strict_decoding = 1  // corrupt data is an error, not a best-effort picture
        options.pointee.ignore_transformations = stored ? 1 : 0
        var decoded: OpaquePointer?
        try check(
            heif_decode_image(
                handle, &decoded, heif_colorspace_RGB,
                hasAlpha ? heif_chroma_interleaved_RGBA : heif_chroma_interleaved_RGB, options))
        guard let image = decoded else { throw .damaged(.heif, "the decoder returned no image") }
        defer { heif_image_release(image) }
        let width = Int(heif_image_get_width(image, heif_channel_interleaved))
        let height = Int(heif_image_get_height(image, heif_channel_interleaved))
        var stride: Int32 = 0
        guard width > 0, height > 0,
            heif_image_get_bits_per_pixel_range(image, heif_channel_interleaved) == 8,
            let plane = heif_image_get_plane_readonly(image, heif_channel_interleaved, &stride),
            Int(stride) >= width * channels
        else { throw .damaged(.heif, "the decoder returned an unexpected pixel layout") }
        let rowBytes = width * channels
        var bytes = [UInt8](repeating: 0, count: rowBytes * height)
        bytes.withUnsafeMutableBufferPointer { out in
            for row in 0..<height {
                let source = plane + row * Int(stride)
                out.baseAddress?.advanced(by: row * rowBytes).update(from: source, count: rowBytes)
            }
        }
        let pixels = PixelBuffer(width: width, height: height, channels: channels, bytes: bytes)
        // PixelBuffer holds straight alpha; a file flagged premultiplied (`prem` reference)
        // decodes with colours already multiplied by alpha.
        return hasAlpha && heif_image_is_premultiplied_alpha(image) != 0
            ? PixelOperations.unpremultiplied(pixels) : pixels
    }

    /// The raw ICC profile (`prof` or `rICC`); nil for none or for `nclx` only.
    private static func colorProfile(_ handle: OpaquePointer) throws(CodecFailure) -> [UInt8]? {
        let type = heif_image_handle_get_color_profile_type(handle)
        guard type == heif_color_profile_type_prof || type == heif_color_profile_type_rICC else { return nil }
        let size = heif_image_handle_get_raw_color_profile_size(handle)
        guard size > 0 else { return nil }
        var profile = [UInt8](repeating: 0, count: size)
        try profile.withUnsafeMutableBufferPointer { raw throws(CodecFailure) in
            try check(heif_image_handle_get_raw_color_profile(handle, raw.baseAddress))
        }
        return profile
    }

    /// The first `Exif` metadata block as bare TIFF data, or nil when there is none.
    private static func exifPayload(_ handle: OpaquePointer) throws(CodecFailure) -> [UInt8]? {
        guard heif_image_handle_get_number_of_metadata_blocks(handle, "Exif") > 0 else { return nil }
        var id: heif_item_id = 0
        guard heif_image_handle_get_list_of_metadata_block_IDs(handle, "Exif", &id, 1) == 1 else {
            return nil
        }
        let size = heif_image_handle_get_metadata_size(handle, id)
        guard size > 4 else { return nil }
        var block = [UInt8](repeating: 0, count: size)
        try block.withUnsafeMutableBufferPointer { raw throws(CodecFailure) in
            try check(heif_image_handle_get_metadata(handle, id, raw.baseAddress))
        }
        // ISO/IEC 23008-12 A.2.1: a 32-bit big-endian offset from the end of this field to the
        // TIFF header (usually 6, skipping "Exif\0\0", or 0).
        let offset = block[0..<4].reduce(0) { $0 << 8 | Int($1) }
        let start = 4 + offset
        guard start < size - 8 else { throw .damaged(.heif, "the Exif block is malformed") }
        let tiff = Array(block[start...])
        let littleEndian: [UInt8] = [0x49, 0x49, 0x2A, 0x00]
        let bigEndian: [UInt8] = [0x4D, 0x4D, 0x00, 0x2A]
        guard tiff.starts(with: littleEndian) || tiff.starts(with: bigEndian) else {
            throw .damaged(.heif, "the Exif block does not hold TIFF data")
        }
        return tiff
    }

    /// The primary image's auxiliary image of type `type` (its `auxC` URN), decoded as stored
    /// (without its own rotation or crop) to RGB, whatever its chroma (a grey 4:0:0 image and
    /// a grey 4:2:0 one alike give three equal channels); nil when the file has none or libheif
    /// cannot read the file.
    /// - Throws: ``CodecFailure`` when the auxiliary image is there but damaged or larger
    ///   than `maxPixels`.
    static func auxiliaryImage(_ data: [UInt8], type: String, maxPixels: Int) throws(CodecFailure)
        -> PixelBuffer?
    {
        let found = withPrimaryImage(of: data) { primary -> Result<PixelBuffer?, CodecFailure> in
            // Alpha and depth have their own calls in libheif; everything else is listed here.
            let filter = Int32(LIBHEIF_AUX_IMAGE_FILTER_OMIT_ALPHA | LIBHEIF_AUX_IMAGE_FILTER_OMIT_DEPTH)
            let count = Int(heif_image_handle_get_number_of_auxiliary_images(primary, filter))
            guard count > 0 else { return .success(nil) }
            var ids = [heif_item_id](repeating: 0, count: min(count, 16))
            let listed = Int(
                heif_image_handle_get_list_of_auxiliary_image_IDs(primary, filter, &ids, Int32(ids.count)))
            for id in ids.prefix(listed) {
                var auxiliary: OpaquePointer?
                guard
                    heif_image_handle_get_auxiliary_image_handle(primary, id, &auxiliary).code
                        == heif_error_Ok,
                    let handle = auxiliary
                else { continue }
                defer { heif_image_handle_release(handle) }
                var urn: UnsafePointer<CChar>?
                guard heif_image_handle_get_auxiliary_type(handle, &urn).code == heif_error_Ok, let text = urn
                else { continue }
                let matches = String(cString: text) == type
                heif_image_handle_free_auxiliary_types(handle, &urn)
                guard matches else { continue }
                return Result { () throws(CodecFailure) in
                    try checkSize(handle, maxPixels: maxPixels)
                    return try decodePixels(handle, stored: true)
                }
            }
            return .success(nil)
        }
        return try found?.get() ?? nil
    }

    /// The XMP packets of the primary image: its metadata blocks of type `mime` with content
    /// type `application/rdf+xml` (how HEIF stores XMP), at most `maxBytes` each; empty when
    /// the file cannot be read (the decoder reports why).
    static func xmpPackets(_ data: [UInt8], maxBytes: Int) -> [[UInt8]] {
        withPrimaryImage(of: data) { handle in
            let count = Int(heif_image_handle_get_number_of_metadata_blocks(handle, "mime"))
            guard count > 0 else { return [] }
            var ids = [heif_item_id](repeating: 0, count: min(count, 16))
            let listed = Int(
                heif_image_handle_get_list_of_metadata_block_IDs(handle, "mime", &ids, Int32(ids.count)))
            var packets: [[UInt8]] = []
            for id in ids.prefix(listed) {
                guard let type = heif_image_handle_get_metadata_content_type(handle, id),
                    String(cString: type) == "application/rdf+xml"
                else { continue }
                let size = heif_image_handle_get_metadata_size(handle, id)
                guard size > 0, size <= maxBytes else { continue }
                var block = [UInt8](repeating: 0, count: size)
                let error = block.withUnsafeMutableBytes {
                    heif_image_handle_get_metadata(handle, id, $0.baseAddress)
                }
                if error.code == heif_error_Ok { packets.append(block) }
            }
            return packets
        } ?? []
    }

    /// The primary image's EXIF as bare TIFF data, without decoding the image; nil when it
    /// has none or the file cannot be read.
    static func exifTIFF(_ data: [UInt8]) -> [UInt8]? {
        withPrimaryImage(of: data) { handle in try? exifPayload(handle) } ?? nil
    }

    /// `body` with the primary image's handle of the HEIF in `data` (its boxes parsed, nothing
    /// decoded); nil when libheif cannot read it.
    private static func withPrimaryImage<T>(of data: [UInt8], _ body: (OpaquePointer) -> T) -> T? {
        guard initialization == nil else { return nil }
        return data.withUnsafeBytes { bytes in
            guard let context = heif_context_alloc() else { return nil }
            defer { heif_context_free(context) }
            guard
                heif_context_read_from_memory_without_copy(context, bytes.baseAddress, bytes.count, nil).code
                    == heif_error_Ok
            else { return nil }
            var primary: OpaquePointer?
            guard heif_context_get_primary_image_handle(context, &primary).code == heif_error_Ok,
                let handle = primary
            else { return nil }
            defer { heif_image_handle_release(handle) }
            return body(handle)
        }
    }

    private static func check(_ error: heif_error) throws(CodecFailure) {
        if error.code != heif_error_Ok { throw failure(error) }
    }

    /// libheif's error in its own words: an unsupported file type or feature is `unsupported`
    /// (a valid file libheif cannot read), its security limit (32768 pixels a side in 1.15,
    /// met before galleryc sees the size) `beyondLibraryLimit`, anything else `damaged`.
    private static func failure(_ error: heif_error) -> CodecFailure {
        var message = error.message.map { String(cString: $0) } ?? ""
        while message.last?.isWhitespace == true { message.removeLast() }  // some end with "\n"
        if message.isEmpty { message = "unknown libheif error" }
        if error.subcode == heif_suberror_Security_limit_exceeded {
            return CodecFailure(.beyondLibraryLimit, .heif, message)
        }
        switch error.code {
        case heif_error_Unsupported_filetype, heif_error_Unsupported_feature:
            return CodecFailure(.unsupported, .heif, message)
        case heif_error_Memory_allocation_error: return .failed(.heif, message)
        default: return .damaged(.heif, message)
        }
    }
}
