/// What one folder of the content holds, sorted and classified, before any metadata is read.
struct FolderScan: Sendable {
    /// Path relative to the content folder; empty for the root.
    var path: String
    /// The folder's own name.
    var name: String
    /// Photo and video file names (.jpg, .png, .heic ... and .mp4, .mov ...), natural order:
    /// both are the album's items.
    var photos: [String] = []
    /// Sidecar file name by photo file name (`DSC_1.md` for `DSC_1.jpg`).
    var sidecars: [String: String] = [:]
    /// XMP sidecar file name by photo file name: `DSC_1.jpg.xmp` (darktable, digiKam), else
    /// `DSC_1.xmp` (Lightroom, Capture One).
    var xmpSidecars: [String: String] = [:]
    /// The movie of each Live Photo by its still's file name (`IMG_1.MOV` for `IMG_1.HEIC`):
    /// the movie is in no other list of the folder.
    var liveMovies: [String: String] = [:]
    /// Markdown files that are pages (not `index.md`, not sidecars).
    var pages: [String] = []
    /// The folder's own metadata file: `index.md`, or Hugo's `_index.md` (a branch bundle's;
    /// `index.md` is a leaf bundle's). Nil when it has neither.
    var indexFile: String?
    /// True when the folder has an `index.md` or `_index.md`.
    var hasIndex: Bool { indexFile != nil }
    /// The path of the folder's index file, relative to the content folder.
    var indexPath: String? { indexFile.map(child) }
    var folders: [FolderScan] = []

    /// True when this folder or one below it holds a photo: the folder is an album.
    var hasPhotos: Bool { !photos.isEmpty || folders.contains { $0.hasPhotos } }

    /// True when there is anything to publish here or below.
    var hasContent: Bool { hasPhotos || !pages.isEmpty || hasIndex || folders.contains { $0.hasContent } }

    /// Takes `pairs` (movie name -> still name) as Live Photos: each movie leaves ``photos``
    /// for ``liveMovies``; then the folders below, each with its own pairs.
    mutating func pairLivePhotos(_ pairs: (FolderScan) -> [String: String]) {
        let found = pairs(self)
        if !found.isEmpty {
            photos.removeAll { found[$0] != nil }
            for (movie, still) in found { liveMovies[still] = movie }
        }
        for index in folders.indices { folders[index].pairLivePhotos(pairs) }
    }

    /// The path of a file in this folder, relative to the content folder.
    func child(_ name: String) -> String {
        path.isEmpty ? name : path + "/" + name
    }
}
