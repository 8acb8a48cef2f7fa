/// A focal point is stored as `{"x": 0.62, "y": 0.4}` in the derivative cache.
extension FocalPoint: Codable {
    private enum CodingKeys: String, CodingKey {
        case x
        case y
    }

    /// Decodes a point written by ``encode(to:)``.
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            x: try container.decode(Double.self, forKey: .x),
            y: try container.decode(Double.self, forKey: .y))
    }

    /// Encodes both fractions.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(x, forKey: .x)
        try container.encode(y, forKey: .y)
    }
}
