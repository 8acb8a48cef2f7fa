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
        URLPathText.percentEncoded(path)
    }
}
