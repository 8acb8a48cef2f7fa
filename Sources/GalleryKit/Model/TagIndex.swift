/// A keyword of the site's photos and the page that lists them (`/tags/<slug>/`).
struct PhotoTag: Sendable, Hashable {
    /// The keyword as first written (`Reykjavík`); other spellings with the same slug join it.
    var name: String
    /// URL name, unique among tags.
    var slug: String
    /// The tagged photos, in site order (albums as the navigation walks them, each in its sort).
    var photos: [PhotoSource]

    /// `tags/<slug>/`.
    var urlPath: String { TagIndex.urlPath + slug + "/" }

    /// The tag drawn as an album, so that its page is an album page (justified rows, the default,
    /// the theme's album template and cards). Its source path starts with a dot, which no
    /// content folder can have, so it never collides with a real album.
    var album: Album {
        Album(sourcePath: ".tags/" + slug, urlPath: urlPath, title: name, photos: photos)
    }
}

/// Every tag of the site and the tags of each photo; empty when `tags: false` or no photo
/// has keywords.
struct TagIndex: Sendable, Hashable {
    /// Where the list of tags is published.
    static let urlPath = "tags/"

    /// Sorted by name.
    var tags: [PhotoTag] = []
    /// Slugs of each photo's tags, by source path, in the photo's own keyword order.
    var slugsOfPhoto: [String: [String]] = [:]

    init(tags: [PhotoTag] = [], slugsOfPhoto: [String: [String]] = [:]) {
        self.tags = tags
        self.slugsOfPhoto = slugsOfPhoto
    }

    /// The page that lists every tag, drawn as an album (its cards are the tags).
    static var rootAlbum: Album { Album(sourcePath: ".tags", urlPath: urlPath, title: "Tags") }

    /// The tags of the photo at `sourcePath`.
    func tags(of sourcePath: String) -> [PhotoTag] {
        let bySlug = Dictionary(tags.map { ($0.slug, $0) }, uniquingKeysWith: { first, _ in first })
        return (slugsOfPhoto[sourcePath] ?? []).compactMap { bySlug[$0] }
    }
}

extension PhotoSource {
    /// The photo's keywords: the sidecar's `tags:`, else the `.xmp` sidecar's, else the file's
    /// own (XMP, IPTC).
    func keywords(embedded: DescriptiveMetadata?) -> [String] {
        tags ?? (described ?? DescriptiveMetadata()).filled(from: embedded ?? DescriptiveMetadata()).keywords
    }

    /// `xmp:Rating` from the `.xmp` sidecar, else from the file; nil when neither has one.
    func rating(embedded: DescriptiveMetadata?) -> Int? {
        described?.rating ?? embedded?.rating
    }
}
