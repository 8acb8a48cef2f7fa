/// Which metadata published images carry (`privacy:` in site.yml).
///
/// GPS, serial numbers and maker notes are not groups at all: no setting can publish them.
struct PrivacySettings: Sendable, Hashable {
    /// The EXIF groups copied into renditions and published originals (`exif:`). Empty strips
    /// all EXIF (Orientation excepted in a published JPEG original, whose pixels are unturned).
    var exif: Set<ExifGroup> = Set(ExifGroup.allCases)
    /// Publish each photo's original file, rewritten without GPS (`publish_originals:`).
    var publishOriginals: Bool = false

    init() {}

    /// A stable one-line description of these settings, for content hashes and cache keys.
    var canonicalDescription: String {
        let groups = ExifGroup.allCases.filter(exif.contains).map(\.rawValue).joined(separator: ",")
        return "exif=\(groups);originals=\(publishOriginals)"
    }
}

/// A named group of EXIF tags that `privacy.exif` can allow.
enum ExifGroup: String, Sendable, Hashable, CaseIterable {
    /// Artist (0x013B).
    case artist
    /// Copyright (0x8298).
    case copyright
    /// DateTimeOriginal (0x9003).
    case date
    /// Make (0x010F), Model (0x0110).
    case camera
    /// LensModel (0xA434), FocalLength (0x920A).
    case lens
    /// ExposureTime (0x829A), FNumber (0x829D), ISO (0x8827).
    case exposure

    /// The IFD0 tags of this group.
    var primaryTags: [UInt16] {
        switch self {
        case .artist: [0x013B]
        case .copyright: [0x8298]
        case .camera: [0x010F, 0x0110]
        case .date, .lens, .exposure: []
        }
    }

    /// The Exif sub-IFD tags of this group.
    var cameraTags: [UInt16] {
        switch self {
        case .date: [0x9003]
        case .lens: [0xA434, 0x920A]
        case .exposure: [0x829A, 0x829D, 0x8827]
        case .artist, .copyright, .camera: []
        }
    }

    /// Words that name metadata no setting can publish, with the reason given when they are
    /// asked for.
    static let refused: [String: String] = [
        "gps": "GPS is never published",
        "location": "GPS is never published",
        "serial": "serial numbers are never published",
        "makernote": "maker notes are never published",
        "maker_note": "maker notes are never published",
        "makernotes": "maker notes are never published",
    ]
}
