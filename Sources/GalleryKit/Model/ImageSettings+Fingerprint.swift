/// The one description of the settings that shape a rendition's bytes.
///
/// Two things are derived from it, and nothing else describes the settings: the rendition
/// folder name `_img/<hash>/` (``ImagePipeline/contentHash(sourceDigest:)``, part of every
/// published image URL) and the derivative cache key (``DerivativeCache/key(for:settings:photo:)``).
/// A setting that is in one and not the other would serve stale renditions from the cache, or
/// change URLs for nothing.
///
/// Adding a stored property to ``ImageSettings`` (or ``PrivacySettings``) means adding a field
/// here: `ImageSettingsFingerprintTests` fails until every stored property is listed. A new
/// field is left out of the text while it has its default value, so that adding a setting does
/// not change the URLs of sites that do not use it.
extension ImageSettings {
    /// One field of the fingerprint: the stored property it covers and its text, nil when the
    /// field is left out (a newer setting at its default).
    struct FingerprintField: Sendable, Hashable {
        var property: String
        var text: String?
    }

    /// Every field, in the fixed order of the fingerprint.
    var fingerprintFields: [FingerprintField] {
        let privacyText = privacy == PrivacySettings() ? nil : "privacy=\(privacy.canonicalDescription)"
        return [
            FingerprintField(
                property: "widths", text: "widths=\(widths.map(String.init).joined(separator: ","))"),
            FingerprintField(property: "jpegQuality", text: "jpeg=\(jpegQuality)"),
            FingerprintField(property: "webpQuality", text: "webp=\(webpQuality)"),
            // Left out at its default, which only AVIF renditions use.
            FingerprintField(
                property: "avifQuality",
                text: avifQuality == Self.defaultAVIFQuality ? nil : "avif=\(avifQuality)"),
            FingerprintField(
                property: "formats", text: "formats=\(formats.map(\.rawValue).joined(separator: ","))"),
            FingerprintField(property: "progressive", text: "progressive=\(progressive)"),
            FingerprintField(property: "background", text: "background=\(background)"),
            // Left out at its default: sites without `privacy:` kept their hashes when it came.
            FingerprintField(property: "privacy", text: privacyText),
            // Never in the text: the limit decides whether a photo is decoded at all, not the
            // bytes of its renditions, so raising it must not change any URL or cache key.
            FingerprintField(property: "maxMegapixels", text: nil),
            // Never in the text: it shapes RAW photos only, whose keys and folder names carry
            // it on their own (``rawSuffix(for:)``), so that `raw: develop` renders the RAW
            // files again and no other photo.
            FingerprintField(property: "raw", text: nil),
            // Left out at its default: `keep` changes only the JPEGs of photos with a gain map,
            // which the pipeline version made again when it came; `off` changes their URLs.
            FingerprintField(property: "hdr", text: hdr == .keep ? nil : "hdr=\(hdr.rawValue)"),
        ]
    }

    /// What a photo's rendition folder name and cache key add to ``fingerprint``: for a camera
    /// RAW file, how it becomes pixels (`;raw=preview`, `;raw=develop`); nothing for others.
    func rawSuffix(for fileName: String) -> String {
        MediaFileType.isCameraRAW(fileName) ? ";raw=\(raw.rawValue)" : ""
    }

    /// What the derivative cache key alone adds for a file of a format whose processing
    /// changed since ``ImagePipeline/version``, so that only those photos are made again (a
    /// version bump remakes every photo of every site: an hour at 50,000). Rendition URLs keep
    /// their hash. `;heic=2`: an iPhone HEIC's HDR gain map kept (``AppleGainMap``).
    static func formatRevision(for fileName: String) -> String {
        MediaFileType.heic.names(fileName) ? ";heic=2" : ""
    }

    /// `widths=480,960,1600,2400;jpeg=82;...`: the fields that are present, joined by `;`.
    var fingerprint: String {
        fingerprintFields.compactMap(\.text).joined(separator: ";")
    }
}
