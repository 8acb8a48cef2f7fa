import Foundation

/// Builds every link and image address in the output from site-relative URL paths, so that a
/// site living under a sub-path (`base_url: https://example.org/photos/`) works everywhere.
struct LinkBuilder: Sendable {
    /// `/` or `/photos/`.
    let basePath: String
    /// `https://example.org/photos/`, or empty when `base_url` is not set.
    let baseURL: String

    init(config: SiteConfig) {
        basePath = config.basePath
        let trimmed = config.baseURL.trimmingCharacters(in: .whitespaces)
        baseURL = trimmed.isEmpty || trimmed.hasSuffix("/") ? trimmed : trimmed + "/"
    }

    /// A root-relative link (`/photos/iceland/`) for a site-relative path (`iceland/`).
    func href(_ sitePath: String) -> String {
        basePath + Self.percentEncoded(sitePath)
    }

    /// The absolute URL (`https://example.org/photos/iceland/`), or nil without `base_url`.
    func absolute(_ sitePath: String) -> String? {
        baseURL.isEmpty ? nil : baseURL + Self.percentEncoded(sitePath)
    }

    /// The absolute URL when `base_url` is set, else the root-relative link.
    func best(_ sitePath: String) -> String {
        absolute(sitePath) ?? href(sitePath)
    }

    /// Percent-encodes everything in a path that is not allowed unescaped in a URL path.
    static func percentEncoded(_ path: String) -> String {
        var out = ""
        for byte in path.utf8 {
            if isAllowed(byte) {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                let hex = Array("0123456789ABCDEF")
                out += "%" + String(hex[Int(byte >> 4)]) + String(hex[Int(byte & 0x0F)])
            }
        }
        return out
    }

    private static func isAllowed(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return "-._~/!$&'()*+,;=:@".utf8.contains(byte)
        }
    }
}
