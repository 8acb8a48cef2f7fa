/// What galleryc reads of a Hugo page bundle's front matter (hugo-theme-gallery and friends
/// write albums as `index.md` or `_index.md` beside the photos), so such a content folder
/// builds as it is.
///
/// Hugo keys that galleryc reads as one of its own are read and warned about, naming the
/// galleryc key (`featured_image` is read as `cover`); Hugo keys it has no use for are warned
/// about as having no effect; `resources:` entries apply to the photos their `src` globs match,
/// as a sidecar would (a photo's own sidecar `.md` still wins).
enum HugoBundle {
    /// Hugo keys read as a galleryc key, and the key they are read as.
    static let readAs: [String: String] = [
        "featured_image": "cover", "private": "unlisted", "sort_by": "sort", "sort_order": "sort",
    ]

    /// Hugo keys galleryc has no use for: each is warned about once, as having no effect.
    static let noEffect: Set<String> = [
        "aliases", "build", "cascade", "expiryDate", "headless", "images", "keywords",
        "lastmod", "linkTitle", "markup", "menu", "menus", "outputs", "publishDate", "series", "sitemap",
        "slug", "summary", "translationKey", "type", "url",
    ]

    /// The `params` keys galleryc reads (`params.cover`, `params.private`,
    /// `params.featured_image`, `params.description`); any other is a note (themes put many
    /// things there).
    static let paramsKeys = ["cover", "featured_image", "private", "description", "hidden"]

    /// One `resources:` entry: the photos its `src` matches, and what it says of them.
    struct Resource: Sendable, Hashable {
        var pattern: String
        var title: String?
        var description: String?
        var cover = false
        var hidden = false
    }

    /// What the resources say of one photo: for each field, the first entry that matches and
    /// sets it wins, as in Hugo; `:counter` in a title counts the entry's matches from 1.
    struct PhotoMetadata: Sendable, Hashable {
        var title: String?
        var description: String?
        var cover = false
        var hidden = false
    }

    /// Each photo's metadata from `resources`, by file name (photos in natural order).
    static func apply(_ resources: [Resource], to photos: [String]) -> [String: PhotoMetadata] {
        var result: [String: PhotoMetadata] = [:]
        for resource in resources {
            var counter = 0
            for photo in photos where Glob.matches(resource.pattern, photo) {
                counter += 1
                var metadata = result[photo] ?? PhotoMetadata()
                if metadata.title == nil, let title = resource.title {
                    metadata.title = title.replacingOccurrences(of: ":counter", with: String(counter))
                }
                if metadata.description == nil { metadata.description = resource.description }
                metadata.cover = metadata.cover || resource.cover
                metadata.hidden = metadata.hidden || resource.hidden
                result[photo] = metadata
            }
        }
        return result
    }

    /// Reads `resources:` (a list of `src`, `title`, `name`, `params`), reporting what it
    /// cannot use.
    static func resources(_ node: YAMLNode?, reporter: IssueReporter) -> [Resource] {
        guard let node else { return [] }
        guard case .sequence(let items) = node.value else {
            reporter.report(
                .wrongType(key: "resources", expected: "a list of resources", found: node.summary), at: node)
            return []
        }
        var resources: [Resource] = []
        for item in items {
            let fields = FieldReader(
                item, knownKeys: ["src", "title", "name", "params"], reporter: reporter, prefix: "resources.")
            guard let pattern = fields.string("src") else {
                reporter.report(
                    .wrongType(key: "resources", expected: "entries with a src", found: item.summary),
                    at: item)
                continue
            }
            if let name = fields.keyNode("name") {
                reporter.report(.hugoKey("resources.name", meaning: "has no effect in galleryc"), at: name)
            }
            let params = FieldReader(
                fields.node("params"), knownKeys: ["cover", "hidden", "description"], reporter: reporter,
                prefix: "resources.params.")
            resources.append(
                Resource(
                    pattern: pattern, title: fields.string("title"),
                    description: params.string("description"),
                    cover: params.bool("cover") ?? false, hidden: params.bool("hidden") ?? false))
        }
        return resources
    }
}

/// Hugo's glob patterns for `resources.src`, relative to the bundle and case-insensitive:
/// `*` matches within one path part, `**` across parts, `?` one character, `[abc]` a set.
enum Glob {
    static func matches(_ pattern: String, _ path: String) -> Bool {
        match(Array(pattern.lowercased()), 0, Array(path.lowercased()), 0)
    }

    private static func match(_ pattern: [Character], _ p: Int, _ text: [Character], _ t: Int) -> Bool {
        if p == pattern.count { return t == text.count }
        switch pattern[p] {
        case "*":
            if p + 1 < pattern.count, pattern[p + 1] == "*" {
                var next = p + 2
                if next < pattern.count, pattern[next] == "/" { next += 1 }
                for start in t...text.count where match(pattern, next, text, start) { return true }
                return false
            }
            var end = t
            while true {
                if match(pattern, p + 1, text, end) { return true }
                guard end < text.count, text[end] != "/" else { return false }
                end += 1
            }
        case "?":
            return t < text.count && text[t] != "/" && match(pattern, p + 1, text, t + 1)
        case "[":
            guard let close = pattern[(p + 1)...].firstIndex(of: "]"), t < text.count else {
                return t < text.count && text[t] == "[" && match(pattern, p + 1, text, t + 1)
            }
            let set = pattern[(p + 1)..<close]
            let negated = set.first == "!" || set.first == "^"
            let members = negated ? set.dropFirst() : set[...]
            return members.contains(text[t]) != negated && match(pattern, close + 1, text, t + 1)
        default:
            return t < text.count && text[t] == pattern[p] && match(pattern, p + 1, text, t + 1)
        }
    }
}
