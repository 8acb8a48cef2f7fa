/// A published file that gives away where a photo was taken. Raised by ``GPSLeakScanner``
/// after a build; any one of them fails the build.
typealias GPSLeak = BuildError<GPSLeakProblem>

/// What a published file gives away.
enum GPSLeakProblem: ErrorReason {
    /// A source photo's coordinates, written out in text.
    case coordinates(GPSCoordinate)
    /// An image with a GPS IFD in its EXIF.
    case exifGPS
    /// An image whose XMP names GPS properties.
    case xmpGPS
    /// A text file with a base64 `data:` image that carries EXIF or XMP GPS data.
    case inlineImageGPS
    /// An MP4 or MOV whose atoms hold a location (`©xyz`, `loci`, the ISO 6709 key) or a
    /// timed-metadata track that can hold one; the boxes found.
    case videoLocation(boxes: String)
    /// The file could not be read, so it could not be checked (the check fails closed).
    case unreadable(detail: String)

    /// The message shown after the location.
    var message: String {
        switch self {
        case .coordinates(let coordinate):
            "published file contains GPS coordinates (\(coordinate.shortDescription)) from "
                + (coordinate.source.isEmpty ? "a source photo" : coordinate.source)
        case .exifGPS:
            "published image contains EXIF GPS data"
        case .xmpGPS:
            "published image contains XMP GPS data"
        case .inlineImageGPS:
            "published file contains an inline (data: URI) image with GPS data"
        case .videoLocation(let boxes):
            "published video contains a location (\(boxes))"
        case .unreadable(let detail):
            "cannot read published file to check it for GPS data: \(detail)"
        }
    }
}
