/// A position on Earth in decimal degrees, as read from a photo's EXIF GPS tags.
///
/// South latitudes and west longitudes are negative. `source` names where the coordinate was
/// read from (a content-relative photo path), so a leak report can say which photo it belongs to.
struct GPSCoordinate: Sendable, Hashable {
    /// Degrees north of the equator; negative in the southern hemisphere.
    var latitude: Double
    /// Degrees east of Greenwich; negative in the western hemisphere.
    var longitude: Double
    /// The file the coordinate came from (`iceland-2024/DSC_0142.jpg`), or empty when unknown.
    var source: String

    /// Creates a coordinate.
    init(latitude: Double, longitude: Double, source: String = "") {
        self.latitude = latitude
        self.longitude = longitude
        self.source = source
    }

    /// `48.858, 2.294`: both numbers with three decimals, as leak messages show them.
    var shortDescription: String {
        "\(Self.threeDecimals(latitude)), \(Self.threeDecimals(longitude))"
    }

    /// Formats without Foundation's locale-dependent formatters, so messages are stable.
    static func threeDecimals(_ value: Double) -> String {
        guard value.isFinite, abs(value) < 1e9 else { return String(value) }
        let milli = Int((abs(value) * 1000).rounded())
        let sign = value < 0 && milli != 0 ? "-" : ""
        let fraction = String(milli % 1000)
        return sign + String(milli / 1000) + "." + String(repeating: "0", count: 3 - fraction.count)
            + fraction
    }
}

/// What an image's metadata says about location: whether it carries any GPS data at all, and
/// the coordinates that could be decoded from it.
struct GPSMetadata: Sendable, Hashable {
    /// True when an EXIF block has a GPS IFD pointer (tag 0x8825), even if the coordinates in
    /// it are missing, zero or unreadable.
    var hasGPSIFD: Bool
    /// True when an XMP packet names a GPS property (`exif:GPSLatitude`, `GPSLongitude`).
    var hasXMPGPS: Bool
    /// Every complete latitude/longitude pair decoded from EXIF, in file order.
    var coordinates: [GPSCoordinate]
    /// True when a compressed text block could not be inflated (damaged, or more text than
    /// the reader takes), so what it says is unknown: the leak check fails closed on it.
    var hasUnreadableText = false

    /// Creates a result.
    init(hasGPSIFD: Bool = false, hasXMPGPS: Bool = false, coordinates: [GPSCoordinate] = []) {
        self.hasGPSIFD = hasGPSIFD
        self.hasXMPGPS = hasXMPGPS
        self.coordinates = coordinates
    }

    /// True when the file carries location metadata of any kind.
    var hasGPSData: Bool { hasGPSIFD || hasXMPGPS || !coordinates.isEmpty }

    /// Metadata with no GPS in it.
    static let empty = GPSMetadata()

    mutating func merge(_ other: GPSMetadata) {
        hasGPSIFD = hasGPSIFD || other.hasGPSIFD
        hasXMPGPS = hasXMPGPS || other.hasXMPGPS
        coordinates += other.coordinates
        hasUnreadableText = hasUnreadableText || other.hasUnreadableText
    }
}
