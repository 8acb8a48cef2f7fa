import Foundation

/// Turns a ``FolderScan`` tree into albums and pages: reads metadata, drops drafts and hidden
/// photos, hands out unique slugs and URLs.
struct AlbumBuilder {
    let loader: ContentLoader
    let allowRawHTML: Bool
    /// Every page found so far, in walk order.
    private(set) var pages: [Page] = []

    init(loader: ContentLoader, allowRawHTML: Bool) {
        self.loader = loader
        self.allowRawHTML = allowRawHTML
    }

    private func reporter(_ file: String) -> IssueReporter {
        IssueReporter(file: file, diagnostics: loader.diagnostics)
    }

    /// A page from a Markdown file, or nil when unreadable or a skipped draft. Its URL is empty.
    func readPage(_ path: String, defaultTitle: String) -> Page? {
        guard let front = loader.readFrontMatter(path) else { return nil }
        let page = PageReader.page(
            front, sourcePath: path, defaultTitle: defaultTitle, reporter: reporter(path), allowRawHTML: allowRawHTML)
        return page.draft && !loader.includeDrafts ? nil : page
    }

    /// One entry of a folder that needs a URL.
    private enum Entry {
        case photo(PhotoSource)
        case album(FolderScan, AlbumMetadata)
        case folder(FolderScan)
        case page(Page)
    }

    /// Builds the album for `scan` (and records the pages found in and below it).
    mutating func album(
        _ scan: FolderScan, urlPath: String, metadata: AlbumMetadata, title: String, isRoot: Bool
    ) -> Album {
        var entries: [(name: String, entry: Entry)] = []
        for file in scan.photos {
            if let photo = photoSource(file, in: scan) { entries.append((file, .photo(photo))) }
        }
        for sub in scan.folders where sub.hasContent {
            if sub.hasPhotos {
                var meta = AlbumMetadata()
                let indexPath = sub.child("index.md")
                if sub.hasIndex, let front = loader.readFrontMatter(indexPath) {
                    meta = AlbumMetadata(front, reporter: reporter(indexPath), allowRawHTML: allowRawHTML)
                }
                if meta.draft && !loader.includeDrafts { continue }
                entries.append((sub.name, .album(sub, meta)))
            } else {
                entries.append((sub.name, .folder(sub)))
            }
        }
        for file in scan.pages {
            let path = scan.child(file)
            let stem = (file as NSString).deletingPathExtension
            if let page = readPage(path, defaultTitle: Self.title(fromName: stem)) {
                entries.append((file, .page(page)))
            }
        }
        entries.sort { NaturalOrder.less($0.name, $1.name) }

        var slugs = SlugAllocator(reserved: isRoot ? ContentLoader.reservedRootSlugs : [])
        var photos: [PhotoSource] = []
        var albums: [Album] = []
        for (name, entry) in entries {
            switch entry {
            case .photo(var photo):
                photo.slug = slugs.allocate(
                    for: (name as NSString).deletingPathExtension, fallback: "photo",
                    reporter: reporter(photo.sourcePath))
                photo.urlPath = urlPath + photo.slug + "/"
                photos.append(photo)
            case .album(let sub, let meta):
                let slug = slugs.allocate(for: name, fallback: "album", reporter: reporter(sub.path))
                albums.append(
                    album(
                        sub, urlPath: urlPath + slug + "/", metadata: meta, title: meta.title ?? Self.title(fromName: name),
                        isRoot: false))
            case .folder(let sub):
                let slug = slugs.allocate(for: name, fallback: "pages", reporter: reporter(sub.path))
                pagesFolder(sub, urlPath: urlPath + slug + "/")
            case .page(var page):
                let slug = slugs.allocate(
                    for: (name as NSString).deletingPathExtension, fallback: "page", reporter: reporter(page.sourcePath))
                page.urlPath = urlPath + slug + "/"
                pages.append(page)
            }
        }
        albums.sort(by: Self.newestFirst)
        checkPhotoNames(metadata, photos: photos, indexPath: scan.child("index.md"))
        return Album(
            sourcePath: scan.path, urlPath: urlPath, title: title, date: metadata.date,
            cover: metadata.cover.flatMap { name in photos.contains { $0.fileName == name } ? name : nil },
            sort: metadata.sort, layout: metadata.layout,
            hero: metadata.hero.filter { name in photos.contains { $0.fileName == name } },
            draft: metadata.draft, descriptionHTML: metadata.descriptionHTML, photos: photos, albums: albums)
    }

    /// A folder with pages but no photos: its pages get URLs under it; its index.md is a page
    /// at the folder's own URL.
    private mutating func pagesFolder(_ scan: FolderScan, urlPath: String) {
        if scan.hasIndex, var page = readPage(scan.child("index.md"), defaultTitle: Self.title(fromName: scan.name)) {
            page.urlPath = urlPath
            pages.append(page)
        }
        _ = album(scan, urlPath: urlPath, metadata: AlbumMetadata(), title: scan.name, isRoot: false)
    }

    private func photoSource(_ file: String, in scan: FolderScan) -> PhotoSource? {
        var meta = PhotoMetadata()
        let sidecarPath = scan.sidecars[file].map(scan.child)
        if let sidecarPath, let front = loader.readFrontMatter(sidecarPath) {
            meta = PhotoMetadata(front, reporter: reporter(sidecarPath), allowRawHTML: allowRawHTML)
        }
        if meta.hidden { return nil }
        return PhotoSource(
            sourcePath: scan.child(file), fileName: file, slug: "", urlPath: "", title: meta.title, alt: meta.alt,
            focus: meta.focus, hidden: false, captionHTML: meta.captionHTML, sidecarPath: sidecarPath)
    }

    /// Warns about `cover:` and `hero:` entries that name no photo of the album.
    private func checkPhotoNames(_ metadata: AlbumMetadata, photos: [PhotoSource], indexPath: String) {
        let names = Set(photos.map(\.fileName))
        if let cover = metadata.cover, !names.contains(cover), let node = metadata.coverNode {
            reporter(indexPath).report(.missingPhoto(key: "cover", name: cover), at: node)
        }
        for name in metadata.hero where !names.contains(name) {
            let node = metadata.heroItemNode(name) ?? metadata.heroNode
            if let node { reporter(indexPath).report(.missingPhoto(key: "hero", name: name), at: node) }
        }
    }

    /// `iceland_2024-summer` -> `iceland 2024 summer`.
    static func title(fromName name: String) -> String {
        String(name.map { $0 == "-" || $0 == "_" ? " " : $0 })
    }

    /// Newest first, undated last, then by title.
    static func newestFirst(_ a: Album, _ b: Album) -> Bool {
        switch (a.date, b.date) {
        case (let x?, let y?) where x != y: return x > y
        case (.some, nil): return true
        case (nil, .some): return false
        default: return NaturalOrder.less(a.title, b.title)
        }
    }
}

extension AlbumMetadata {
    /// The list item of `hero:` that names `name`, for a precise warning.
    func heroItemNode(_ name: String) -> YAMLNode? {
        guard let heroNode else { return nil }
        if case .sequence(let items) = heroNode.value { return items.first { $0.scalar == name } }
        return heroNode
    }
}
