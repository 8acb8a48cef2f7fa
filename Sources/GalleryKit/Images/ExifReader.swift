internal import CExif

/// One EXIF entry as stored in the source: tag, TIFF type, count and raw value bytes in the
/// source's byte order.
struct ExifEntry: Sendable, Hashable {
    var tag: UInt16
    var type: UInt16
    var count: UInt32
    var data: [UInt8]
}

extension ExifEntry {
    /// An ASCII entry of `text` (UTF-8, as exiftool and Lightroom write EXIF text), with the
    /// NUL that ends it.
    static func ascii(_ tag: UInt16, _ text: some Sequence<UInt8>) -> ExifEntry {
        let data = Array(text) + [0]
        return ExifEntry(tag: tag, type: 2, count: UInt32(data.count), data: data)
    }
}

/// What galleryc takes from a photo's EXIF: the summary for the model and the allow-listed
/// entries that may be copied into derivatives.
struct ExifMetadata: Sendable {
    var summary = ExifSummary()
    /// IFD0 entries of every ``ExifGroup`` (Make, Model, Artist, Copyright), by tag.
    var primary: [ExifEntry] = []
    /// Exif sub-IFD entries of every ``ExifGroup`` (exposure, lens, date...), by tag.
    var camera: [ExifEntry] = []
    /// The source's Orientation entry as stored, if any.
    var orientation: ExifEntry?
    var bigEndian = false
}

/// Reads EXIF with libexif. This is the only file that imports CExif; GPS is never read.
enum ExifReader {
    /// Tags that derivatives may carry (every ``ExifGroup``'s), in the IFD where the standard
    /// puts them; the site's `privacy.exif` picks among them when writing.
    static let primaryTags: [UInt16] = ExifGroup.allCases.flatMap(\.primaryTags)
    static let cameraTags: [UInt16] = ExifGroup.allCases.flatMap(\.cameraTags)

    /// Parses an APP1 payload (starting with `Exif\0\0`). Returns nil when it holds no usable
    /// EXIF: broken EXIF is treated as none.
    static func read(app1Payload payload: [UInt8]) -> ExifMetadata? {
        guard payload.count > 14, let data = exif_data_new() else { return nil }
        defer { exif_data_unref(data) }
        // 0xA434 (LensModel) is unknown to libexif 0.6.24: keep unknown tags. Do not "fix" the
        // data either (that adds default entries).
        exif_data_unset_option(data, EXIF_DATA_OPTION_IGNORE_UNKNOWN_TAGS)
        exif_data_unset_option(data, EXIF_DATA_OPTION_FOLLOW_SPECIFICATION)
        payload.withUnsafeBufferPointer { bytes in
            exif_data_load_data(data, bytes.baseAddress, UInt32(bytes.count))
        }
        let bigEndian = exif_data_get_byte_order(data) == EXIF_BYTE_ORDER_MOTOROLA
        let ifds = data.pointee.ifd
        var entries: [UInt16: ExifEntry] = [:]
        for content in [ifds.0, ifds.2] {
            guard let content else { continue }
            for tag in primaryTags + cameraTags + [0x0112, 0x010E, 0x9286] where entries[tag] == nil {
                if let entry = copyEntry(content, tag) { entries[tag] = entry }
            }
        }
        guard !entries.isEmpty else { return nil }
        var metadata = ExifMetadata(bigEndian: bigEndian)
        metadata.primary = primaryTags.compactMap { entries[$0] }
        metadata.camera = cameraTags.compactMap { entries[$0] }
        metadata.orientation = entries[0x0112]
        metadata.summary = summary(entries, bigEndian: bigEndian)
        return metadata
    }

    /// Apple's content identifier (MakerNote tag 0x0011, the UUID an iPhone writes in both
    /// halves of a Live Photo: the still's MakerNote, the movie's
    /// `com.apple.quicktime.content.identifier`), from an APP1 payload (`Exif\0\0` first); nil
    /// when there is no Apple MakerNote or it has none.
    static func appleContentIdentifier(_ payload: [UInt8]) -> String? {
        guard let entry = appleMakerNote(payload)[0x0011], entry.type == 2, entry.count <= 256 else {
            return nil
        }
        let text = String(decoding: entry.data.prefix { $0 != 0 }, as: UTF8.self)
        return text.isEmpty ? nil : text
    }

    /// The entries of the Apple MakerNote in an APP1 payload (`Exif\0\0` first), by tag, their
    /// values big-endian; empty when there is none.
    ///
    /// libexif finds the MakerNote entry; its contents are read here: libexif 0.6.24 reads
    /// Apple's values 6 bytes too early (it leaves out the `Exif\0\0` header when it adds the
    /// MakerNote's position), so what it gives is empty or garbage. Apple's MakerNote is
    /// `Apple iOS\0`, a version (2 bytes), `MM`, then an IFD whose offsets count from the
    /// MakerNote's first byte.
    static func appleMakerNote(_ payload: [UInt8]) -> [UInt16: ExifEntry] {
        guard payload.count > 14, let data = exif_data_new() else { return [:] }
        defer { exif_data_unref(data) }
        exif_data_unset_option(data, EXIF_DATA_OPTION_IGNORE_UNKNOWN_TAGS)
        payload.withUnsafeBufferPointer { bytes in
            exif_data_load_data(data, bytes.baseAddress, UInt32(bytes.count))
        }
        guard let camera = data.pointee.ifd.2,
            let entry = exif_content_get_entry(camera, EXIF_TAG_MAKER_NOTE), let bytes = entry.pointee.data
        else { return [:] }
        let note = Array(UnsafeBufferPointer(start: bytes, count: Int(entry.pointee.size)))
        guard note.count > 16, note.starts(with: Array("Apple iOS\0".utf8)), note[12] == 0x4D,
            note[13] == 0x4D
        else { return [:] }
        let number = { (at: Int, count: Int) in note[at..<at + count].reduce(0) { $0 << 8 | Int($1) } }
        var entries: [UInt16: ExifEntry] = [:]
        for index in 0..<min(number(14, 2), 256) {
            let at = 16 + index * 12
            guard at + 12 <= note.count else { break }
            let tag = UInt16(number(at, 2))
            let type = UInt16(number(at + 2, 2))
            let count = number(at + 4, 4)
            guard let unit = ExifValue.size(ofType: type), count > 0, count <= 65_535 else { continue }
            let size = unit * count
            let start = size <= 4 ? at + 8 : number(at + 8, 4)
            guard start + size <= note.count, entries[tag] == nil else { continue }
            entries[tag] = ExifEntry(
                tag: tag, type: type, count: UInt32(count), data: Array(note[start..<start + size]))
        }
        return entries
    }

    private static func copyEntry(_ content: UnsafeMutablePointer<ExifContent>, _ tag: UInt16)
        -> ExifEntry?
    {
        guard let entry = exif_content_get_entry(content, ExifTag(rawValue: UInt32(tag))),
            let bytes = entry.pointee.data
        else { return nil }
        let type = UInt16(truncatingIfNeeded: entry.pointee.format.rawValue)
        let count = Int(entry.pointee.components)
        let size = Int(entry.pointee.size)
        guard let unit = ExifValue.size(ofType: type), count > 0, count <= 65_535,
            size == unit * count
        else { return nil }
        return ExifEntry(
            tag: tag, type: type, count: UInt32(count),
            data: Array(UnsafeBufferPointer(start: bytes, count: size)))
    }

    private static func summary(_ entries: [UInt16: ExifEntry], bigEndian: Bool) -> ExifSummary {
        let value = { (tag: UInt16) in entries[tag].map { ExifValue($0, bigEndian: bigEndian) } }
        var summary = ExifSummary()
        if let orientation = value(0x0112)?.integer, (1...8).contains(orientation) {
            summary.orientation = orientation
        }
        summary.cameraMake = value(0x010F)?.text
        summary.cameraModel = value(0x0110)?.text
        summary.lens = value(0xA434)?.text
        summary.focalLength = value(0x920A)?.number
        summary.aperture = value(0x829D)?.number
        summary.exposureTime = value(0x829A)?.number
        summary.iso = value(0x8827)?.integer
        summary.dateTaken = value(0x9003)?.text.flatMap(ExifValue.date(fromExif:))
        summary.imageDescription = value(0x010E)?.text
        summary.userComment = value(0x9286)?.userComment
        summary.artist = value(0x013B)?.text
        summary.copyright = value(0x8298)?.text
        return summary
    }
}
