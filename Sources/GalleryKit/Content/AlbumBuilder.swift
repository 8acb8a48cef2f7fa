import Foundation

/// Turns a ``FolderScan`` tree into albums and pages: reads metadata, drops drafts and hidden
/// photos, hands out unique slugs and URLs.
struct AlbumBuilder {
    let loader: ContentLoader
    let markdown: MarkdownOptions
    /// Every page found so far, in walk order (the loader sorts them by URL).
    private(set) var pages: [Page] = []

    init(loader: ContentLoader, markdown: MarkdownOptions) {
        self.loader = loader
        self.markdown = markdown
    }

    private func reporter(_ file: String) -> IssueReporter {
        IssueReporter(file: file, diagnostics: loader.diagnostics)
    }

    /// A page from a Markdown file, or nil when unreadable or a skipped draft. Its URL is empty.
    func readPage(_ path: String, defaultTitle: String) -> Page? {
        guard let front = loader.readFrontMatter(path) else { return nil }
        let page = PageReader.page(
            front, sourcePath: path, defaultTitle: defaultTitle, reporter: reporter(path),
            markdown: markdown)
        return page.draft && !loader.includeDrafts ? nil : page
    }

    /// One entry of a folder that needs a URL.
    private enum Entry {
        case photo(PhotoSource)
        case album(FolderScan, AlbumMetadata)
        case folder(FolderScan)
        case page(Page)
    }

    /// Builds the album for `scan` (and records the pages found in and below it); nil when
    /// its password is not to be had (`password_env:` unset, an empty password: reported),
    /// and then nothing of it or below it is published. `inherited` is the protection of the
    /// nearest protected ancestor. In a protected album, photos, sub-albums and pages get
    /// numbered URL names (`1/`, `a1/`, `p1/`): a file or folder name is a word of the album.
    mutating func album(
        _ scan: FolderScan, urlPath: String, metadata: AlbumMetadata, title: String, isRoot: Bool,
        inherited: AlbumProtection? = nil
    ) -> Album? {
        let indexReporter = reporter(scan.indexPath ?? scan.child("index.md"))
        guard
            let protection = Self.protection(
                of: scan.path, metadata, inherited: inherited, loader, indexReporter)
        else { return nil }
        var numbered = (photos: 0, albums: 0, pages: 0)
        func opaque(_ kind: WritableKeyPath<(photos: Int, albums: Int, pages: Int), Int>, _ prefix: String)
            -> String?
        {
            guard protection != nil else { return nil }
            numbered[keyPath: kind] += 1
            return prefix + String(numbered[keyPath: kind])
        }
        var entries: [(name: String, entry: Entry)] = []
        let fromResources = HugoBundle.apply(metadata.resources, to: scan.photos)
        for file in scan.photos {
            if let photo = photoSource(file, in: scan, resource: fromResources[file]) {
                entries.append((file, .photo(photo)))
            }
        }
        // Photos claim their slugs first, then sub-folders, then pages, each in natural name order:
        // adding a page or folder never changes an existing photo's URL.
        for sub in NaturalOrder.sorted(scan.folders, by: \.name) where sub.hasContent {
            if sub.hasPhotos {
                var meta = AlbumMetadata()
                if let indexPath = sub.indexPath, let front = loader.readFrontMatter(indexPath) {
                    meta = AlbumMetadata(front, reporter: reporter(indexPath), markdown: markdown)
                }
                if meta.draft && !loader.includeDrafts { continue }
                entries.append((sub.name, .album(sub, meta)))
            } else {
                entries.append((sub.name, .folder(sub)))
            }
        }
        for file in NaturalOrder.sorted(scan.pages) {
            let path = scan.child(file)
            let stem = deletingPathExtension(file)
            if let page = readPage(path, defaultTitle: Self.title(fromName: stem)) {
                entries.append((file, .page(page)))
            }
        }

        var slugs = SlugAllocator(reserved: isRoot ? ContentLoader.reservedRootSlugs : [])
        var photos: [PhotoSource] = []
        var albums: [Album] = []
        for (name, entry) in entries {
            switch entry {
            case .photo(var photo):
                photo.slug = slugs.allocate(
                    for: opaque(\.photos, "") ?? deletingPathExtension(name),
                    fallback: photo.isVideo ? "video" : "photo",
                    reporter: reporter(photo.sourcePath))
                photo.urlPath = urlPath + photo.slug + "/"
                photos.append(photo)
            case .album(let sub, let meta):
                let slug = slugs.allocate(
                    for: opaque(\.albums, "a") ?? name, fallback: "album", reporter: reporter(sub.path))
                let child = album(
                    sub, urlPath: urlPath + slug + "/", metadata: meta,
                    title: meta.title ?? Self.title(fromName: name),
                    isRoot: false, inherited: protection)
                if let child { albums.append(child) }
            case .folder(let sub):
                let slug = slugs.allocate(
                    for: opaque(\.pages, "p") ?? name, fallback: "pages", reporter: reporter(sub.path))
                pagesFolder(sub, urlPath: urlPath + slug + "/", protection: protection)
            case .page(var page):
                let slug = slugs.allocate(
                    for: opaque(\.pages, "p") ?? deletingPathExtension(name), fallback: "page",
                    reporter: reporter(page.sourcePath))
                page.urlPath = urlPath + slug + "/"
                page.protection = protection
                pages.append(page)
            }
        }
        albums.sort(by: Self.newestFirst)
        // `cover:` and `hero:` may name a Live Photo by its movie.
        let stillOfMovie = Dictionary(
            scan.liveMovies.map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        let names = photos.map(\.fileName)
        let named = { (name: String) in
            Self.photoNamed(name, in: names) ?? stillOfMovie[name].flatMap { names.contains($0) ? $0 : nil }
        }
        var cover: String?
        if metadata.cover == nil {
            cover = scan.photos.first { fromResources[$0]?.cover == true && names.contains($0) }
        }
        if let name = metadata.cover {
            cover = named(name)
            if cover == nil, let node = metadata.coverNode {
                indexReporter.report(.missingPhoto(key: "cover", name: name), at: node)
            }
        }
        var hero: [String] = []
        for name in metadata.hero {
            if let found = named(name) {
                hero.append(found)
            } else if let node = metadata.heroItemNode(name) {
                indexReporter.report(.missingPhoto(key: "hero", name: name), at: node)
            }
        }
        var album = Album(
            sourcePath: scan.path, urlPath: urlPath, title: title, date: metadata.date, cover: cover,
            sort: metadata.sort, layout: metadata.layout, hero: hero,
            draft: metadata.draft, descriptionHTML: metadata.descriptionHTML, photos: photos, albums: albums)
        album.kenBurns = metadata.kenBurns
        album.weight = metadata.weight
        album.zipDownload = metadata.zipDownload
        album.tags = metadata.tags
        album.pageSize = metadata.pageSize
        album.map = metadata.map
        album.protection = protection
        if metadata.unlisted { album.markUnlisted() }
        return album
    }

    /// The album's protection: its own password (`password_env:` before `password:`), else
    /// the inherited one. `.some(nil)` for a public album; nil when the album must be left
    /// out because its password is not to be had (reported as an error naming the line).
    private static func protection(
        of path: String, _ metadata: AlbumMetadata, inherited: AlbumProtection?, _ loader: ContentLoader,
        _ reporter: IssueReporter
    ) -> AlbumProtection?? {
        if let variable = metadata.passwordVariable {
            if let literal = metadata.password { reporter.report(.twoPasswords, at: literal.node) }
            guard !variable.name.isEmpty else {
                reporter.report(.emptyPassword(key: "password_env"), at: variable.node)
                return nil
            }
            guard let password = loader.environment[variable.name], !password.isEmpty else {
                reporter.report(.passwordVariableUnset(variable.name), at: variable.node)
                return nil
            }
            return .some(AlbumProtection(root: path, password: password))
        }
        if let literal = metadata.password {
            guard !literal.value.isEmpty else {
                reporter.report(.emptyPassword(key: "password"), at: literal.node)
                return nil
            }
            reporter.report(.passwordInFile, at: literal.node)
            return .some(AlbumProtection(root: path, password: literal.value))
        }
        return .some(inherited)
    }

    /// A folder with pages but no photos: its pages get URLs under it; its index.md is a page
    /// at the folder's own URL.
    private mutating func pagesFolder(_ scan: FolderScan, urlPath: String, protection: AlbumProtection?) {
        if let indexPath = scan.indexPath,
            var page = readPage(indexPath, defaultTitle: Self.title(fromName: scan.name))
        {
            page.urlPath = urlPath
            page.protection = protection
            pages.append(page)
        }
        _ = album(
            scan, urlPath: urlPath, metadata: AlbumMetadata(), title: scan.name, isRoot: false,
            inherited: protection)
    }

    /// The photo with what its sidecar says, else what the album's Hugo `resources:` say of
    /// it; nil when either hides it.
    private func photoSource(
        _ file: String, in scan: FolderScan, resource: HugoBundle.PhotoMetadata?
    ) -> PhotoSource? {
        var meta = PhotoMetadata()
        let sidecarPath = scan.sidecars[file].map(scan.child)
        let isVideo = FolderScanner.isVideo(file)
        if let sidecarPath, let front = loader.readFrontMatter(sidecarPath) {
            meta = PhotoMetadata(front, reporter: reporter(sidecarPath), markdown: markdown, video: isVideo)
        }
        if meta.hidden || resource?.hidden == true { return nil }
        var caption = meta.captionHTML
        if caption.isEmpty, let description = resource?.description {
            caption = markdown.render(description, from: scan.indexPath ?? scan.child(file))
        }
        var source = PhotoSource(
            sourcePath: scan.child(file), fileName: file, slug: "", urlPath: "",
            title: meta.title ?? resource?.title, alt: meta.alt,
            focus: meta.focus, captionHTML: caption, sidecarPath: sidecarPath)
        source.kenBurns = meta.kenBurns
        source.tags = meta.tags
        source.place = meta.place
        if let xmpPath = scan.xmpSidecars[file].map(scan.child) {
            source.xmpSidecarPath = xmpPath
            source.described = loader.readXMPSidecar(xmpPath)
        }
        source.isVideo = isVideo
        source.posterTime = meta.posterTime
        source.liveMovie = scan.liveMovies[file].map(scan.child)
        return source
    }

    /// The album's file name for `name`: the exact name, else the one name equal ignoring case.
    static func photoNamed(_ name: String, in names: [String]) -> String? {
        if names.contains(name) { return name }
        let matches = names.filter { $0.lowercased() == name.lowercased() }
        return matches.count == 1 ? matches[0] : nil
    }

    /// `iceland_2024-summer` -> `iceland 2024 summer`.
    static func title(fromName name: String) -> String {
        String(name.map { $0 == "-" || $0 == "_" ? " " : $0 })
    }

    /// By `weight:` (lower first; weighted albums before the others), then newest first,
    /// undated last, then by title in natural order ("Day 2" before "Day 10"), then by path so
    /// that equal titles keep one order. Used by the content stage and again once photo dates
    /// are known (``PhotoOrdering``).
    static func newestFirst(_ a: Album, _ b: Album) -> Bool {
        switch (a.weight, b.weight) {
        case (let x?, let y?) where x != y: return x < y
        case (.some, nil): return true
        case (nil, .some): return false
        default: break
        }
        switch (a.date, b.date) {
        case (let x?, let y?) where x != y: return x > y
        case (.some, nil): return true
        case (nil, .some): return false
        default:
            if a.title != b.title { return NaturalOrder.less(a.title, b.title) }
            return a.sourcePath < b.sourcePath
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
