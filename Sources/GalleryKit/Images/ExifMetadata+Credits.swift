extension ExifMetadata {
    /// The longest Artist or Copyright text taken from XMP or IPTC.
    static let maxCreditBytes = 2_000

    /// With Artist (0x013B) and Copyright (0x8298) from the photo's XMP or IPTC (`dc:creator`,
    /// By-line; `dc:rights`, CopyrightNotice) where the EXIF has none.
    ///
    /// Published files never carry XMP or IPTC (it is where places, people regions and GPS
    /// also live); the credits that `privacy.exif` allows (`artist`, `copyright`) are carried
    /// as EXIF instead, wherever the photographer's tool wrote them. Nothing else of the XMP or
    /// IPTC is. The summary is not changed. Text is written as UTF-8, as exiftool and
    /// Lightroom write EXIF ASCII fields.
    /// - Parameter described: what the file's XMP and IPTC say; nil for nothing.
    /// - Returns: `self` (or an empty EXIF) with the credits added; nil when there was no
    ///   EXIF and there are no credits.
    static func withCredits(_ exif: ExifMetadata?, from described: DescriptiveMetadata?) -> ExifMetadata? {
        var metadata = exif ?? ExifMetadata()
        var added = false
        for (tag, text) in [(UInt16(0x013B), described?.creator), (UInt16(0x8298), described?.copyright)] {
            guard let text, !text.isEmpty, !metadata.primary.contains(where: { $0.tag == tag }) else {
                continue
            }
            metadata.primary.append(.ascii(tag, text.utf8.prefix(maxCreditBytes)))
            added = true
        }
        return added || exif != nil ? metadata : nil
    }
}
