internal import CRaw
import Foundation

/// Camera RAW files (CR2, CR3, NEF, ARW, DNG, RAF, ORF, RW2, PEF and every other format LibRaw
/// reads) through LibRaw's thread-safe build. The only file that imports CRaw.
///
/// Two ways to pixels, chosen by `images.raw` (``Mode``):
/// - `preview`: the JPEG (or bitmap) the camera embedded, which is its own rendering of the
///   photo (its picture style, lens corrections, white balance), when it is at least as wide
///   as the largest rendition the photo needs; otherwise the RAW is developed.
/// - `develop`: LibRaw develops the sensor data as dcraw does by default, so that the result
///   is the reference rendering of LibRaw's own tools (`dcraw_emu -w`, rawpy's `postprocess`):
///   the camera's white balance as shot, the camera's colour matrix to sRGB, 8 bits, the
///   brightest 1% at white; highlights clipped to white (`-H 0`: a clipped sky stays white,
///   never magenta, and nothing is invented); AHD demosaicing, or half size (each 2x2 block of
///   the sensor one pixel, no demosaicing: four times fewer pixels) when half the sensor still
///   covers the largest rendition needed.
///
/// The orientation the camera recorded (LibRaw's `flip`) is applied: a developed image comes
/// upright from LibRaw, a preview (stored as the sensor saw it) is turned by the caller. LibRaw
/// is built with OpenMP; its loops run on the calling worker alone, so `--jobs` still bounds
/// the build's threads (ARCHITECTURE.md, Concurrency).
enum RAWDecoder {
    /// `images.raw`.
    enum Mode: String, Sendable, Hashable, CaseIterable {
        case preview, develop
    }

    /// What a RAW decodes to.
    enum Pixels {
        /// The embedded JPEG preview, as the sensor saw it (turn it by ``Decoded/orientation``).
        case previewJPEG([UInt8])
        /// RGB pixels, upright.
        case upright(PixelBuffer)
    }

    /// A decoded RAW file.
    struct Decoded {
        var pixels: Pixels
        /// The photo's size, upright: the sensor's as LibRaw crops it when developed, the
        /// preview's when a preview is used.
        var width: Int
        var height: Int
        /// EXIF orientation (1...8) the camera recorded.
        var orientation: Int
        /// Camera, lens, exposure and date, as EXIF entries derivatives may carry; never GPS.
        var exif: ExifMetadata
        /// The XMP packet the file carries (a DNG's tag 700, a CR3's XMP box), as LibRaw
        /// found it: titles, keywords and ratings written by Lightroom and the like.
        var xmp: [UInt8]?
    }

    /// Decodes `data`, a whole RAW file.
    /// - Parameters:
    ///   - mode: `images.raw`.
    ///   - neededWidth: the widest pixels the photo needs, for its upright full size.
    ///   - maxPixels: the most pixels the sensor data may have (`images.max_megapixels`).
    static func decode(
        _ data: [UInt8], mode: Mode, neededWidth: (_ width: Int, _ height: Int) -> Int, maxPixels: Int
    ) throws(CodecFailure) -> Decoded {
        guard let raw = libraw_init(0) else { throw .failed(.raw, "LibRaw could not start (out of memory)") }
        defer { libraw_close(raw) }
        // LibRaw's own handlers print to stderr ("Unexpected end of file"); the failure it
        // returns is reported instead, once, naming the photo.
        libraw_set_dataerror_handler(raw, { _, _, _ in }, nil)
        libraw_set_memerror_handler(raw, { _, _, _ in }, nil)
        // LibRaw reads from the buffer until it is closed: the bytes stay pinned until then.
        return try data.withUnsafeBytes { bytes in
            Result { () throws(CodecFailure) in
                try decode(raw, bytes, mode: mode, neededWidth: neededWidth, maxPixels: maxPixels)
            }
        }.get()
    }

    /// ``decode(_:mode:neededWidth:maxPixels:)`` with LibRaw started and the bytes pinned.
    private static func decode(
        _ raw: UnsafeMutablePointer<libraw_data_t>, _ bytes: UnsafeRawBufferPointer, mode: Mode,
        neededWidth: (_ width: Int, _ height: Int) -> Int, maxPixels: Int
    ) throws(CodecFailure) -> Decoded {
        let opened = libraw_open_buffer(
            raw, UnsafeMutableRawPointer(mutating: bytes.baseAddress), bytes.count)
        guard opened == LIBRAW_SUCCESS.rawValue else { throw failure(opened, raw, "reading the file") }
        let sizes = raw.pointee.sizes
        let rawPixels = Int(sizes.raw_width) * Int(sizes.raw_height)
        guard rawPixels <= maxPixels else {
            throw CodecFailure(
                .tooLarge(width: Int(sizes.raw_width), height: Int(sizes.raw_height)), .raw,
                "\(sizes.raw_width) x \(sizes.raw_height) sensor pixels")
        }
        let orientation = Self.orientation(flip: Int(sizes.flip))
        let turned = orientation >= 5
        let width = Int(turned ? sizes.height : sizes.width)
        let height = Int(turned ? sizes.width : sizes.height)
        let needed = neededWidth(width, height)
        let exif = metadata(raw.pointee, orientation: orientation)
        let identity = raw.pointee.idata
        let xmp = identity.xmpdata.map { start in
            Array(
                UnsafeRawBufferPointer(start: start, count: Int(identity.xmplen)).bindMemory(to: UInt8.self))
        }
        if mode == .preview, let preview = preview(raw, neededWidth: needed, orientation: orientation) {
            return Decoded(
                pixels: preview.pixels, width: preview.width, height: preview.height,
                orientation: orientation, exif: exif, xmp: xmp)
        }
        let developed = try develop(raw, halfSize: needed * 2 <= width)
        return Decoded(
            pixels: .upright(developed), width: width, height: height, orientation: orientation,
            exif: exif, xmp: xmp)
    }

    /// The embedded preview when it is at least `neededWidth` wide once upright (a JPEG, or
    /// an RGB bitmap turned upright here); nil when there is none, or a smaller one.
    private static func preview(
        _ raw: UnsafeMutablePointer<libraw_data_t>, neededWidth: Int, orientation: Int
    ) -> (pixels: Pixels, width: Int, height: Int)? {
        let turned = orientation >= 5
        guard libraw_unpack_thumb(raw) == LIBRAW_SUCCESS.rawValue else { return nil }
        var code: Int32 = 0
        guard let image = libraw_dcraw_make_mem_thumb(raw, &code) else { return nil }
        defer { libraw_dcraw_clear_mem(image) }
        let bytes = Self.bytes(of: image)
        let byteCount = bytes.count
        switch image.pointee.type {
        case LIBRAW_IMAGE_JPEG:
            guard let size = try? ImageCodecs.jpegSize(bytes) else { return nil }
            let (width, height) = turned ? (size.height, size.width) : (size.width, size.height)
            guard width >= neededWidth else { return nil }
            return (.previewJPEG(bytes), width, height)
        case LIBRAW_IMAGE_BITMAP:
            let (width, height) = (Int(image.pointee.width), Int(image.pointee.height))
            guard image.pointee.colors == 3, image.pointee.bits == 8, byteCount == width * height * 3,
                (turned ? height : width) >= neededWidth
            else { return nil }
            let pixels = PixelBuffer(width: width, height: height, channels: 3, bytes: bytes)
            let upright = PixelOperations.orient(pixels, orientation: orientation)
            return (.upright(upright), upright.width, upright.height)
        default:
            return nil
        }
    }

    /// Full-size develops of more sensor pixels than this run one at a time in the process.
    /// LibRaw holds about 13 bytes per sensor pixel while it develops at full size (the raw
    /// data, its 4 x 16-bit image, the 8-bit result): 300 MB at 24 MP, so `--jobs 8` developing
    /// eight at once would want 2.5 GB. Half-size develops (a quarter of that) and previews
    /// are never held back; the other workers go on with other photos meanwhile.
    static let largeDevelopPixels = 12_000_000
    private static let largeDevelops = DispatchSemaphore(value: 1)

    /// The sensor data developed to 8-bit sRGB, upright (see the type's documentation).
    private static func develop(_ raw: UnsafeMutablePointer<libraw_data_t>, halfSize: Bool)
        throws(CodecFailure) -> PixelBuffer
    {
        raw.pointee.params.use_camera_wb = 1
        raw.pointee.params.output_color = 1
        raw.pointee.params.output_bps = 8
        raw.pointee.params.highlight = 0
        raw.pointee.params.half_size = halfSize ? 1 : 0
        let sizes = raw.pointee.sizes
        let held = !halfSize && Int(sizes.raw_width) * Int(sizes.raw_height) > largeDevelopPixels
        if held { largeDevelops.wait() }
        defer { if held { largeDevelops.signal() } }
        let unpacked = libraw_unpack(raw)
        guard unpacked == LIBRAW_SUCCESS.rawValue else {
            throw failure(unpacked, raw, "unpacking the sensor data")
        }
        OpenMP.runOnThisThreadOnly()
        let processed = libraw_dcraw_process(raw)
        guard processed == LIBRAW_SUCCESS.rawValue else { throw failure(processed, raw, "developing") }
        var code: Int32 = 0
        guard let image = libraw_dcraw_make_mem_image(raw, &code) else {
            throw failure(code, raw, "developing")
        }
        defer { libraw_dcraw_clear_mem(image) }
        // The sensor data and LibRaw's 4 x 16-bit image go before the result is copied.
        libraw_recycle(raw)
        let (width, height) = (Int(image.pointee.width), Int(image.pointee.height))
        let bytes = Self.bytes(of: image)
        let byteCount = bytes.count
        guard image.pointee.type == LIBRAW_IMAGE_BITMAP, image.pointee.colors == 3, image.pointee.bits == 8,
            byteCount == width * height * 3
        else {
            throw .failed(
                .raw,
                "LibRaw made a \(image.pointee.colors)-channel, \(image.pointee.bits)-bit image, not 8-bit RGB"
            )
        }
        return PixelBuffer(width: width, height: height, channels: 3, bytes: bytes)
    }

    /// The bytes of a processed image LibRaw made: `data_size` of them from its `data` member,
    /// a C flexible array (declared `data[1]`), found by its offset in the struct.
    private static func bytes(of image: UnsafeMutablePointer<libraw_processed_image_t>) -> [UInt8] {
        let offset = MemoryLayout<libraw_processed_image_t>.offset(of: \.data) ?? 0
        return Array(
            UnsafeRawBufferPointer(
                start: UnsafeRawPointer(image).advanced(by: offset), count: Int(image.pointee.data_size)))
    }

    /// LibRaw's `flip` (dcraw's numbering) as an EXIF orientation.
    static func orientation(flip: Int) -> Int {
        [0: 1, 1: 2, 2: 4, 3: 3, 4: 5, 5: 8, 6: 6, 7: 7][flip & 7] ?? 1
    }

    /// Why LibRaw failed, as a codec failure naming the camera when LibRaw recognised it.
    private static func failure(_ code: Int32, _ raw: UnsafeMutablePointer<libraw_data_t>, _ step: String)
        -> CodecFailure
    {
        let camera = cameraName(raw.pointee.idata)
        let said = String(cString: libraw_strerror(code))
        switch code {
        case LIBRAW_FILE_UNSUPPORTED.rawValue:
            let what =
                camera.map { "the RAW files of the \($0)" } ?? "this file (no camera RAW format it knows)"
            return CodecFailure(
                .unreadableRAW, .raw, "LibRaw \(String(cString: libraw_version())) does not read \(what)")
        case LIBRAW_DATA_ERROR.rawValue, LIBRAW_IO_ERROR.rawValue,
            LIBRAW_REQUEST_FOR_NONEXISTENT_IMAGE.rawValue:
            let from = camera.map { " (\($0))" } ?? ""
            return .damaged(.raw, "\(said) while \(step)\(from); the file may be cut short")
        case LIBRAW_TOO_BIG.rawValue:
            return CodecFailure(.beyondLibraryLimit, .raw, "\(said) while \(step)")
        case LIBRAW_NOT_IMPLEMENTED.rawValue:
            let from = camera.map { " of the \($0)" } ?? ""
            return CodecFailure(.unreadableRAW, .raw, "LibRaw cannot decode the compression\(from) (\(said))")
        default:
            return .failed(.raw, "\(said) while \(step)")
        }
    }

    /// "Canon EOS R5", from LibRaw's make and model; nil when it found neither.
    private static func cameraName(_ identity: libraw_iparams_t) -> String? {
        let make = text(identity.make)
        let model = text(identity.model)
        let name =
            model.hasPrefix(make) ? model : [make, model].filter { !$0.isEmpty }.joined(separator: " ")
        return name.isEmpty ? nil : name
    }

    /// Camera, lens, exposure, date, artist and description, as the EXIF entries a JPEG
    /// would have carried them in (so `privacy.exif` picks among them as for any photo).
    private static func metadata(_ data: libraw_data_t, orientation: Int) -> ExifMetadata {
        var exif = ExifMetadata()
        var summary = ExifSummary()
        summary.orientation = orientation
        let other = data.other
        let make = text(data.idata.make)
        let model = text(data.idata.model)
        let lens = text(data.lens.Lens)
        let artist = text(other.artist)
        let description = text(other.desc)
        if !make.isEmpty {
            summary.cameraMake = make
            exif.primary.append(ExifEntry.ascii(0x010F, make.utf8))
        }
        if !model.isEmpty {
            summary.cameraModel = model
            exif.primary.append(ExifEntry.ascii(0x0110, model.utf8))
        }
        if !artist.isEmpty {
            summary.artist = artist
            exif.primary.append(ExifEntry.ascii(0x013B, artist.utf8))
        }
        if !description.isEmpty { summary.imageDescription = description }
        if other.shutter > 0 {
            summary.exposureTime = Double(other.shutter)
            exif.camera.append(ExifEntry.rational(0x829A, exposure(Double(other.shutter))))
        }
        if other.aperture > 0 {
            summary.aperture = Double(other.aperture)
            exif.camera.append(ExifEntry.rational(0x829D, (UInt32((other.aperture * 10).rounded()), 10)))
        }
        if other.iso_speed > 0 {
            summary.iso = Int(other.iso_speed.rounded())
            exif.camera.append(ExifEntry.short(0x8827, UInt16(clamping: Int(other.iso_speed.rounded()))))
        }
        if other.timestamp > 0, let (date, written) = dateTaken(other.timestamp) {
            summary.dateTaken = date
            exif.camera.append(ExifEntry.ascii(0x9003, written.utf8))
        }
        if other.focal_len > 0 {
            summary.focalLength = Double(other.focal_len)
            exif.camera.append(ExifEntry.rational(0x920A, (UInt32((other.focal_len * 10).rounded()), 10)))
        }
        if !lens.isEmpty {
            summary.lens = lens
            exif.camera.append(ExifEntry.ascii(0xA434, lens.utf8))
        }
        exif.camera.sort { $0.tag < $1.tag }
        exif.summary = summary
        return exif
    }

    /// An exposure time as EXIF writes it: 1/250 for short ones, tenths of a second for long.
    private static func exposure(_ seconds: Double) -> (UInt32, UInt32) {
        seconds < 1
            ? (1, UInt32(clamping: Int((1 / seconds).rounded()))) : (UInt32((seconds * 10).rounded()), 10)
    }

    /// The date the camera wrote, from LibRaw's timestamp: LibRaw turned the camera's local
    /// `YYYY:MM:DD HH:MM:SS` into seconds with the machine's zone (`mktime`), so the same zone
    /// turns it back into the camera's text, which is then read as UTC as for every photo.
    private static func dateTaken(_ timestamp: time_t) -> (Date, String)? {
        var seconds = timestamp
        var parts = tm()
        guard localtime_r(&seconds, &parts) != nil else { return nil }
        let written = String(
            format: "%04d:%02d:%02d %02d:%02d:%02d", parts.tm_year + 1900, parts.tm_mon + 1, parts.tm_mday,
            parts.tm_hour, parts.tm_min, parts.tm_sec)
        return ExifValue.date(fromExif: written).map { ($0, written) }
    }

    /// A C string field of LibRaw's, trimmed; empty when unset.
    private static func text<T>(_ field: T) -> String {
        withUnsafeBytes(of: field) { bytes in
            let end = bytes.firstIndex(of: 0) ?? bytes.count
            return String(decoding: bytes[..<end], as: UTF8.self).trimmingCharacters(in: .whitespaces)
        }
    }
}

extension ExifEntry {
    /// A SHORT entry, little-endian.
    fileprivate static func short(_ tag: UInt16, _ value: UInt16) -> ExifEntry {
        ExifEntry(tag: tag, type: 3, count: 1, data: [UInt8(value & 0xFF), UInt8(value >> 8)])
    }

    /// A RATIONAL entry, little-endian.
    fileprivate static func rational(_ tag: UInt16, _ value: (UInt32, UInt32)) -> ExifEntry {
        let bytes = [value.0, value.1].flatMap { number in
            (0..<4).map { UInt8(truncatingIfNeeded: number >> ($0 * 8)) }
        }
        return ExifEntry(tag: tag, type: 5, count: 1, data: bytes)
    }
}

/// LibRaw's OpenMP loops (demosaicing) on the calling thread alone.
private enum OpenMP {
    private typealias SetThreads = @convention(c) (Int32) -> Void
    /// `omp_set_num_threads` of the libgomp LibRaw brought in; nil when it was built without.
    /// (A nil handle is glibc's RTLD_DEFAULT: every library loaded.)
    private static let setThreads: SetThreads? = dlsym(nil, "omp_set_num_threads").map {
        unsafeBitCast($0, to: SetThreads.self)
    }

    /// One thread for the parallel regions this thread starts (OpenMP keeps it per thread).
    static func runOnThisThreadOnly() {
        setThreads?(1)
    }
}
