/// Whether the site has search (`search:`, on by default): a field in every page's header,
/// the search page and the index files beside it, which ``SearchIndexWriter`` makes from the
/// listed public photos. Off when `search: false`, when no listed public photo is shown, or
/// when a page or album of the site already has `search/`.
struct SearchIndex: Sendable, Hashable {
    /// Where the search page and its index files are published.
    static let urlPath = "search/"

    var isOn = false
    /// The index files (`search/*.json`) the recycled site folder's manifest records: when
    /// the index would be made from the same, they are kept, all of them, and it is not made.
    var previousFiles: [String] = []

    /// The search page, drawn as an album for its way up.
    static var rootAlbum: Album { Album(sourcePath: ".search", urlPath: urlPath, title: "Search") }
}
