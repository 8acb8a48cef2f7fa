/// Turns the raw request path into safe path segments below the site folder, or says why not.
///
/// The path is percent-decoded exactly once (so `%252e%252e` stays the literal name `%2e%2e`).
/// NUL bytes, backslashes, invalid or overlong UTF-8 (`%c0%ae`) are rejected as bad requests;
/// `.` and `..` segments and hidden names (`.git`) are not found.
enum RequestPath {
    enum Outcome: Equatable {
        /// Decoded segments, none empty except that `trailingSlash` records a final `/`.
        case segments([String], trailingSlash: Bool)
        case badRequest
        case notFound
    }

    /// `pathPart`: the request's path without its query string (``HTTPRequest/path``).
    static func resolve(_ pathPart: Substring) -> Outcome {
        guard pathPart.hasPrefix("/") else { return .badRequest }
        guard let bytes = percentDecoded(Array(pathPart.utf8)) else { return .badRequest }
        if bytes.contains(0) || bytes.contains(UInt8(ascii: "\\")) { return .badRequest }
        guard let decoded = String(validating: bytes, as: UTF8.self) else { return .badRequest }
        let parts = decoded.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        if parts.contains(where: { $0.hasPrefix(".") }) { return .notFound }
        return .segments(parts, trailingSlash: decoded.hasSuffix("/"))
    }

    /// Decodes `%XX` escapes once; nil when an escape is malformed.
    static func percentDecoded(_ input: [UInt8]) -> [UInt8]? {
        var output: [UInt8] = []
        output.reserveCapacity(input.count)
        var index = 0
        while index < input.count {
            let byte = input[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < input.count, let high = hexValue(input[index + 1]),
                    let low = hexValue(input[index + 2])
                else { return nil }
                output.append(high << 4 | low)
                index += 3
            } else {
                output.append(byte)
                index += 1
            }
        }
        return output
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
