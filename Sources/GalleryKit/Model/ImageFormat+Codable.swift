/// Image formats are stored by their raw value (`"jpeg"`, `"webp"`) in the derivative cache.
extension ImageFormat: Codable {}
