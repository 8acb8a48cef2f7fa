/// The albums' ZIP downloads (`downloads.zip` in site.yml or an album's front matter): each
/// album's published originals, as `privacy.publish_originals` rewrote them (no GPS), in one
/// stored ZIP linked from the album page with its size. Made by the pipeline
/// (`Pipeline/AlbumDownloads+Make.swift`), linked by rendering.
struct AlbumDownloads: Sendable {
    /// One album's ZIP.
    struct Download: Sendable, Hashable {
        /// Site-relative path of the ZIP.
        var path: String
        var byteCount: Int64
        var photoCount: Int
    }

    /// By album source path.
    var byAlbum: [String: Download] = [:]

    /// Every ZIP's path, for the stale-file removal and the GPS scan.
    var paths: Set<String> { Set(byAlbum.values.map(\.path)) }
}
