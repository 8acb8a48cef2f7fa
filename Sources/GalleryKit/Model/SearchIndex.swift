/// The site's search index (`search:`, on by default): the files `search/`'s script reads to
/// find photos by the words of their titles, captions, alt text, tags, places, albums and
/// dates, made at build time by ``SearchIndexWriter``. Empty when search is off, when no
/// listed public photo is shown, or when a page or album of the site already has `search/`.
struct SearchIndex: Sendable, Hashable {
    /// Where the search page and its index files are published.
    static let urlPath = "search/"

    /// `search/meta.json`, `search/t-<key>.json` and `search/p-<n>.json`, sorted by path.
    var files: [OutputFile] = []
    /// How many photos it can find.
    var photoCount = 0

    var isEmpty: Bool { photoCount == 0 }

    /// The search page, drawn as an album for its way up and its fingerprint.
    static var rootAlbum: Album { Album(sourcePath: ".search", urlPath: urlPath, title: "Search") }
}
