import Foundation

/// What a photo's own metadata says about it (XMP, IPTC-IIM, an `.xmp` sidecar): the words
/// that describe it, never where it was taken. Places (city, `Iptc4xmpExt:LocationShown`),
/// people regions (`mwg-rs:Regions`) and GPS are never read into it, so no template can
/// publish them.
struct DescriptiveMetadata: Sendable, Hashable, Codable {
    /// XMP `dc:title`, else IPTC ObjectName (2:05), else `photoshop:Headline` / IPTC Headline.
    var title: String?
    /// XMP `dc:description`, else IPTC Caption-Abstract (2:120).
    var description: String?
    /// XMP `dc:subject`, the leaf of each `lr:hierarchicalSubject`, IPTC Keywords (2:25), in
    /// that order, without repeats (compared ignoring case).
    var keywords: [String] = []
    /// XMP `xmp:Rating`: -1 (rejected) or 0...5.
    var rating: Int?
    /// XMP `dc:creator` (the first), else IPTC By-line (2:80).
    var creator: String?
    /// XMP `dc:rights`, else IPTC CopyrightNotice (2:116).
    var copyright: String?

    init(
        title: String? = nil, description: String? = nil, keywords: [String] = [], rating: Int? = nil,
        creator: String? = nil, copyright: String? = nil
    ) {
        self.title = title
        self.description = description
        self.keywords = keywords
        self.rating = rating
        self.creator = creator
        self.copyright = copyright
    }

    /// True when nothing is known.
    var isEmpty: Bool { self == DescriptiveMetadata() }

    /// Each field from `self` when it has one, else from `other`; keywords from `self` when it
    /// has any (a sidecar's keyword list replaces the embedded one, it does not add to it).
    func filled(from other: DescriptiveMetadata) -> DescriptiveMetadata {
        DescriptiveMetadata(
            title: title ?? other.title, description: description ?? other.description,
            keywords: keywords.isEmpty ? other.keywords : keywords, rating: rating ?? other.rating,
            creator: creator ?? other.creator, copyright: copyright ?? other.copyright)
    }

    /// `keywords` without empty entries and repeats (ignoring case; the first spelling stays).
    static func uniqueKeywords(_ keywords: [String]) -> [String] {
        var seen: Set<String> = []
        var out: [String] = []
        for keyword in keywords {
            let trimmed = keyword.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !trimmed.isEmpty, seen.insert(trimmed.lowercased()).inserted else { continue }
            out.append(trimmed)
        }
        return out
    }
}
