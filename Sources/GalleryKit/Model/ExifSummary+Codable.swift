import Foundation

/// EXIF facts are stored in the derivative cache's `photo.json`; absent values are left out.
/// `dateTaken` is written as seconds since 1970, whatever the encoder's date strategy.
extension ExifSummary: Codable {
    private enum CodingKeys: String, CodingKey {
        case orientation
        case cameraMake
        case cameraModel
        case lens
        case focalLength
        case aperture
        case exposureTime
        case iso
        case dateTaken
        case imageDescription
        case userComment
        case artist
        case copyright
    }

    /// Decodes a summary written by ``encode(to:)``; missing keys keep their defaults.
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init()
        orientation = try container.decodeIfPresent(Int.self, forKey: .orientation) ?? 1
        cameraMake = try container.decodeIfPresent(String.self, forKey: .cameraMake)
        cameraModel = try container.decodeIfPresent(String.self, forKey: .cameraModel)
        lens = try container.decodeIfPresent(String.self, forKey: .lens)
        focalLength = try container.decodeIfPresent(Double.self, forKey: .focalLength)
        aperture = try container.decodeIfPresent(Double.self, forKey: .aperture)
        exposureTime = try container.decodeIfPresent(Double.self, forKey: .exposureTime)
        iso = try container.decodeIfPresent(Int.self, forKey: .iso)
        dateTaken = try container.decodeIfPresent(Double.self, forKey: .dateTaken).map {
            Date(timeIntervalSince1970: $0)
        }
        imageDescription = try container.decodeIfPresent(String.self, forKey: .imageDescription)
        userComment = try container.decodeIfPresent(String.self, forKey: .userComment)
        artist = try container.decodeIfPresent(String.self, forKey: .artist)
        copyright = try container.decodeIfPresent(String.self, forKey: .copyright)
    }

    /// Encodes every field that has a value.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(orientation, forKey: .orientation)
        try container.encodeIfPresent(cameraMake, forKey: .cameraMake)
        try container.encodeIfPresent(cameraModel, forKey: .cameraModel)
        try container.encodeIfPresent(lens, forKey: .lens)
        try container.encodeIfPresent(focalLength, forKey: .focalLength)
        try container.encodeIfPresent(aperture, forKey: .aperture)
        try container.encodeIfPresent(exposureTime, forKey: .exposureTime)
        try container.encodeIfPresent(iso, forKey: .iso)
        try container.encodeIfPresent(dateTaken?.timeIntervalSince1970, forKey: .dateTaken)
        try container.encodeIfPresent(imageDescription, forKey: .imageDescription)
        try container.encodeIfPresent(userComment, forKey: .userComment)
        try container.encodeIfPresent(artist, forKey: .artist)
        try container.encodeIfPresent(copyright, forKey: .copyright)
    }
}
