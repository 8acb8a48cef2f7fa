/// Reads GPS metadata from JPEG, WebP, PNG, HEIF/AVIF and bare TIFF/EXIF bytes, in pure Swift.
///
/// This is the independent privacy check's reader: it shares no code with the image stage's
/// EXIF reading (libexif), so a bug there cannot hide a leak here. It walks each container to
/// its EXIF blocks (JPEG APP1 `Exif\0\0` segments, WebP `EXIF` chunks, PNG `eXIf` chunks,
/// HEIF Exif items) and its XMP packets, then follows the GPS IFD pointer (tag 0x8825). Malformed input never
/// crashes or hangs it; it just yields less.
enum GPSCoordinates {
    /// The GPS coordinates in a JPEG's EXIF segments.
    static func read(fromJPEG bytes: [UInt8], source: String = "") -> [GPSCoordinate] {
        metadata(fromJPEG: bytes, source: source).coordinates
    }

    /// The GPS coordinates in a WebP's `EXIF` chunk.
    static func read(fromWebP bytes: [UInt8], source: String = "") -> [GPSCoordinate] {
        metadata(fromWebP: bytes, source: source).coordinates
    }

    /// The GPS coordinates in a PNG's `eXIf` chunk.
    static func read(fromPNG bytes: [UInt8], source: String = "") -> [GPSCoordinate] {
        metadata(fromPNG: bytes, source: source).coordinates
    }

    /// The GPS coordinates in a bare TIFF structure, with or without the `Exif\0\0` prefix.
    static func read(fromTIFF bytes: [UInt8], source: String = "") -> [GPSCoordinate] {
        metadata(fromTIFF: bytes, source: source).coordinates
    }

    /// The GPS coordinates of any supported image, recognised by its first bytes.
    ///
    /// The build calls this on every source photo to learn which coordinates must not appear
    /// in the published site.
    static func read(fromImage bytes: [UInt8], source: String = "") -> [GPSCoordinate] {
        metadata(fromImage: bytes, source: source)?.coordinates ?? []
    }

    /// GPS metadata of any supported image, or nil when the bytes are not JPEG, WebP, PNG,
    /// HEIF/AVIF or TIFF.
    static func metadata(fromImage bytes: [UInt8], source: String = "") -> GPSMetadata? {
        if bytes.starts(with: [0xFF, 0xD8]) { return metadata(fromJPEG: bytes, source: source) }
        if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)),
            Array(bytes[8..<12]) == Array("WEBP".utf8)
        {
            return metadata(fromWebP: bytes, source: source)
        }
        if bytes.starts(with: MetadataBlocks.pngSignature) { return metadata(fromPNG: bytes, source: source) }
        if bytes.count >= 8, Array(bytes[4..<8]) == Array("ftyp".utf8) {
            return metadata(fromHEIF: bytes, source: source)
        }
        if bytes.starts(with: Array("II*\0".utf8)) || bytes.starts(with: Array("MM\0*".utf8)) {
            return metadata(fromTIFF: bytes, source: source)
        }
        return nil
    }

    /// GPS metadata of a JPEG: every APP1 EXIF and XMP segment before the image data, plus any
    /// EXIF block embedded after it (the extra images of an MPF file, for instance).
    static func metadata(fromJPEG bytes: [UInt8], source: String = "") -> GPSMetadata {
        evaluate(MetadataBlocks.jpeg(bytes), in: bytes, source: source)
    }

    /// GPS metadata of a WebP: its `EXIF` and `XMP ` chunks.
    static func metadata(fromWebP bytes: [UInt8], source: String = "") -> GPSMetadata {
        evaluate(MetadataBlocks.webP(bytes), in: bytes, source: source)
    }

    /// GPS metadata of a PNG: its `eXIf` chunk and its text chunks (XMP in `iTXt`, compressed
    /// or not).
    static func metadata(fromPNG bytes: [UInt8], source: String = "") -> GPSMetadata {
        evaluate(MetadataBlocks.png(bytes), in: bytes, source: source)
    }

    /// GPS metadata of a HEIF, HEIC or AVIF file: every `Exif\0\0` + TIFF block in it, and
    /// GPS property names anywhere in it (its XMP item).
    static func metadata(fromHEIF bytes: [UInt8], source: String = "") -> GPSMetadata {
        evaluate(MetadataBlocks.isoBaseMedia(bytes), in: bytes, source: source)
    }

    /// GPS metadata of a bare TIFF structure, with or without the `Exif\0\0` prefix.
    static func metadata(fromTIFF bytes: [UInt8], source: String = "") -> GPSMetadata {
        let start = bytes.starts(with: MetadataBlocks.exifPrefix) ? 6 : 0
        return evaluate([.exif(start..<bytes.count)], in: bytes, source: source)
    }

    private static func evaluate(
        _ blocks: [MetadataBlocks.Block], in bytes: [UInt8], source: String
    ) -> GPSMetadata {
        var result = GPSMetadata.empty
        for block in blocks {
            switch block {
            case .exif(let range):
                if let reader = TIFFReader(bytes: bytes, start: range.lowerBound, end: range.upperBound) {
                    result.merge(reader.gpsMetadata(source: source))
                }
            case .xmp(let range):
                if MetadataBlocks.xmpHasGPS(bytes, range) { result.hasXMPGPS = true }
            case .inflated(let text):
                if MetadataBlocks.xmpHasGPS(text, text.indices) { result.hasXMPGPS = true }
            case .uninflatable:
                result.hasUnreadableText = true
            }
        }
        return result
    }
}
