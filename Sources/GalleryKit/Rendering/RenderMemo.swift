import Synchronization

/// What a preview session's builds worked out album by album for the renderer, kept for its
/// next build: each album's shared photo stylesheets (``PhotoSheets``), the warnings about
/// its photos without alt text, its photos'
/// fingerprints and its photo pages' fingerprints (``PageFingerprints``), its photos' terms
/// and entries in the search index (``SearchIndexWriter``). A value is taken
/// again only when what it is made from is equal (`==`, every stored property) to this
/// build's, and made afresh otherwise; so the memo changes no byte of the site, only the time:
/// after a caption edit at 10,000 photos, one album's values are worked out, not a hundred's.
///
/// Kept by ``BuildSession`` (`galleryc serve`); `galleryc build` has none, a separate process
/// keeps nothing. One entry per album path seen by the session, the last build's; it holds that
/// build's photos (their sources and derivatives) as the keys.
final class RenderMemo: Sendable {
    /// The value made for an album, and what it was made from.
    private struct Entry<Key: Equatable & Sendable, Value: Sendable>: Sendable {
        var key: Key
        var value: Value
    }

    /// What a photo's fingerprint is made from (``PageFingerprints``): its source, its
    /// derivatives (by their cache key, else by their record), its tags and its place.
    struct PhotoPrintInput: Equatable, Sendable {
        var source: PhotoSource
        var derivativesKey: String?
        /// Only without a cache key: then the record is what is printed.
        var record: PhotoDerivatives?
        var tags: [String]
        var place: String?
    }

    /// What an album's photo pages' fingerprints are made from
    /// (``PageFingerprints/photo(at:of:in:path:)``): the site's fingerprint, what the pages
    /// print of the album, and per shown photo, in order, its URL path (its page's path is
    /// that and `index.html`), its fingerprint and its shared stylesheet.
    struct PhotoPagesInput: Equatable, Sendable {
        var site: String
        var album: String
        var urlPaths: [String]
        var photos: [String]
        var sheets: [String]
    }

    private let sheets = Mutex<[String: Entry<[ProcessedPhoto], [OutputFile]>]>([:])
    private let altWarnings = Mutex<[String: Entry<[ProcessedPhoto], [Diagnostic]>]>([:])
    private let photoPrints = Mutex<[String: Entry<[PhotoPrintInput], [String]>]>([:])
    private let photoPages = Mutex<[String: Entry<PhotoPagesInput, [String]>]>([:])
    private let search = Mutex<
        [String: Entry<[SearchIndexWriter.PhotoInput], [SearchIndexWriter.PhotoEntry?]>]
    >(
        [:])

    init() {}

    /// The shared stylesheets of `album`'s shown `photos`, made by `make` unless the last build
    /// made them from equal photos.
    func sheets(of album: String, photos: [ProcessedPhoto], make: () -> [OutputFile]) -> [OutputFile] {
        Self.value(in: sheets, album, photos, make)
    }

    /// The warnings about `album`'s shown `photos` that have no alt text.
    func altWarnings(of album: String, photos: [ProcessedPhoto], make: () -> [Diagnostic]) -> [Diagnostic] {
        Self.value(in: altWarnings, album, photos, make)
    }

    /// The fingerprints of `album`'s shown photos, one per input in order.
    func photoPrints(of album: String, _ inputs: [PhotoPrintInput], make: () -> [String]) -> [String] {
        Self.value(in: photoPrints, album, inputs, make)
    }

    /// The fingerprints of `album`'s photo pages, one per shown photo in order.
    func photoPages(of album: String, _ input: PhotoPagesInput, make: () -> [String]) -> [String] {
        Self.value(in: photoPages, album, input, make)
    }

    /// The search index's terms and entries of `album`'s photos, one per input in order.
    func searchEntries(
        of album: String, _ inputs: [SearchIndexWriter.PhotoInput],
        make: () -> [SearchIndexWriter.PhotoEntry?]
    ) -> [SearchIndexWriter.PhotoEntry?] {
        Self.value(in: search, album, inputs, make)
    }

    /// The value kept for `album` when it was made from what equals `key`; else `make()`'s,
    /// kept in its place. Compared outside the lock: albums are looked up side by side.
    private static func value<Key: Equatable & Sendable, Value: Sendable>(
        in table: borrowing Mutex<[String: Entry<Key, Value>]>, _ album: String, _ key: Key,
        _ make: () -> Value
    ) -> Value {
        if let kept = table.withLock({ $0[album] }), kept.key == key { return kept.value }
        let made = make()
        table.withLock { $0[album] = Entry(key: key, value: made) }
        return made
    }
}
