/// A rendition is stored with its site-relative path, size, format, byte count and, for an
/// animated one, `isAnimated` in the derivative cache's `photo.json`.
extension Rendition: Codable {
    private enum CodingKeys: String, CodingKey {
        case path
        case width
        case height
        case format
        case byteCount
        case isAnimated
    }

    /// Decodes a rendition written by ``encode(to:)``.
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            path: try container.decode(String.self, forKey: .path),
            width: try container.decode(Int.self, forKey: .width),
            height: try container.decode(Int.self, forKey: .height),
            format: try container.decode(ImageFormat.self, forKey: .format),
            byteCount: try container.decode(Int.self, forKey: .byteCount),
            isAnimated: try container.decodeIfPresent(Bool.self, forKey: .isAnimated) ?? false)
    }

    /// Encodes every field.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(path, forKey: .path)
        try container.encode(width, forKey: .width)
        try container.encode(height, forKey: .height)
        try container.encode(format, forKey: .format)
        try container.encode(byteCount, forKey: .byteCount)
        // Only when set: entries of still photos stay as they were.
        if isAnimated { try container.encode(true, forKey: .isAnimated) }
    }
}
