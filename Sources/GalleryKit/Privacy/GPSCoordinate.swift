/// A position on Earth in decimal degrees, as read from a photo's EXIF GPS tags.
///
/// South latitudes and west longitudes are negative. `source` names where the coordinate was
/// read from (a content-relative photo path), so a leak report can say which photo it belongs to.
public struct GPSCoordinate: Sendable, Hashable {
    /// Degrees north of the equator; negative in the southern hemisphere.
    public var latitude: Double
    /// Degrees east of Greenwich; negative in the western hemisphere.
    public var longitude: Double
    /// The file the coordinate came from (`iceland-2024/DSC_0142.jpg`), or empty when unknown.
    public var source: String

    /// Creates a coordinate.
    public init(latitude: Double, longitude: Double, source: String = "") {
        self.latitude = latitude
        self.longitude = longitude
        self.source = source
    }

    /// `48.858, 2.294`: both numbers with three decimals, as leak messages show them.
    public var shortDescription: String {
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
public struct GPSMetadata: Sendable, Hashable {
    /// True when an EXIF block has a GPS IFD pointer (tag 0x8825), even if the coordinates in
    /// it are missing, zero or unreadable.
    public var hasGPSIFD: Bool
    /// True when an XMP packet names a GPS property (`exif:GPSLatitude`, `GPSLongitude`).
    public var hasXMPGPS: Bool
    /// Every complete latitude/longitude pair decoded from EXIF, in file order.
    public var coordinates: [GPSCoordinate]

    /// Creates a result.
    public init(hasGPSIFD: Bool = false, hasXMPGPS: Bool = false, coordinates: [GPSCoordinate] = []) {
        self.hasGPSIFD = hasGPSIFD
        self.hasXMPGPS = hasXMPGPS
        self.coordinates = coordinates
    }

    /// True when the file carries location metadata of any kind.
    public var hasGPSData: Bool { hasGPSIFD || hasXMPGPS || !coordinates.isEmpty }

    /// Metadata with no GPS in it.
    public static let empty = GPSMetadata()

    mutating func merge(_ other: GPSMetadata) {
        hasGPSIFD = hasGPSIFD || other.hasGPSIFD
        hasXMPGPS = hasXMPGPS || other.hasXMPGPS
        coordinates += other.coordinates
    }
}
