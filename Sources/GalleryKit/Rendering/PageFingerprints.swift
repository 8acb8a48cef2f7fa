import Foundation

/// What each page is made from, as a fingerprint, worked out without building the page: when
/// a page's fingerprint is the one the page in the recycled site folder was made from, the
/// page is neither rendered nor written again (``SiteRenderer/render(keeping:)``).
///
/// A page's fingerprint covers everything it prints, in layers:
/// - the site: galleryc itself (`build`: its version and executable), the theme (templates and
///   assets), site.yml, the navigation, the year in the footer, the generated assets' names;
/// - its album, for album pages: the album's own fields, every shown photo in order (the
///   sources as read, the derivatives by their cache key, their tags), the cards of its
///   sub-albums (title, date, counts, cover), the way back up (breadcrumbs), the pages it
///   lists, its ZIP; so an edit in an album renders that album's pages again, and no other;
/// - for a photo page, what it prints of its album (``photo(at:of:in:path:)``): the album's own
///   fields and the way up, the photo, its neighbours, its position, the first and last
///   photos' links, the album page that lists it and its photos' shared stylesheet; so a
///   caption edit renders that photo's page and its neighbours', not the whole album's;
/// - the page's own place: its path.
///
/// A value left out here would leave pages stale after an edit of it: `IncrementalBuildTests`
/// builds every kind of edit both ways and compares the sites byte for byte, and the model's
/// `fingerprint(into:)` are held to every stored property.
struct PageFingerprints: Sendable {
    private let site: String
    /// The site as the renderer sees it: a photo page's place in its album is looked up in it.
    private let builder: ContextBuilder
    /// Per album source path (tag albums included), its fingerprint.
    private let albums: [String: String]
    /// Per album source path, what its photo pages print of it: its own fields (its photos'
    /// paths among them, so a photo added or removed renders every page that counts them) and
    /// the way up to it.
    private let photoPageAlbums: [String: String]
    /// Per photo source path, its fingerprint.
    private let photos: [String: String]
    /// The home page's Markdown, the Markdown pages' and the tag list's fingerprints.
    private let home: String
    private let pages: [String: String]
    private let tagList: String
    private let placeList: String
    private let timelineList: String
    private let searchList: String
    /// What the search index is made from: every album it covers, with its photos.
    private let searchIndex: String
    /// Every album's, page's and tag's together, with the date an undated album is given: what
    /// the feed and the sitemap, which list the whole site, are made from.
    private let everything: String
    /// Where an album's photo pages' fingerprints are made side by side.
    private let workers: WorkerPool?
    /// The session's fingerprints of the builds before, album by album.
    private let memo: RenderMemo?

    /// - Parameters:
    ///   - builder: the site as the renderer sees it, with its assets' paths in place.
    ///   - derivatives: per photo source path, what identifies its derivatives (its cache
    ///     entry's key, and its clip's); a photo without one is printed by its record.
    ///   - theme: the theme's fingerprint (templates and assets).
    ///   - build: what identifies the galleryc that renders (version and executable).
    ///   - workers: where the photos' fingerprints are made, album by album side by side (a
    ///     pool thread must be asking); nil makes them one by one.
    ///   - memo: a preview session's albums' photo and photo page fingerprints, taken again for
    ///     an album made from the same.
    init(
        builder: ContextBuilder, derivatives: [String: String], theme: String, build: String,
        workers: WorkerPool? = nil, memo: RenderMemo? = nil
    ) {
        self.workers = workers
        self.memo = memo
        let site = builder.site
        let year = (builder.sourceDate ?? builder.newestContentDate).map(DisplayFormat.year)
        self.site = Fingerprint.of { print in
            print.add("build", build)
            print.add("theme", theme)
            print.add(reflecting: "config", site.config)
            print.add("assets", builder.assetPaths.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" })
            print.add("navigation", builder.navigation.links.map { "\($0.title)\u{0}\($0.urlPath)" })
            print.add("year", year)
            print.add("favicon", site.favicon.map { SHA256.hex($0.bytes) })
            print.add("rootTitle", site.root.title)
            // The footer's link to the places and GeoNames' credit.
            print.add("placePages", !builder.places.places.isEmpty)
            print.add("geonames", builder.places.namedByGeoNames)
            // The header's search field.
            print.add("search", builder.search.isOn)
        }
        var tagsOfPhoto: [String: [String]] = [:]
        for tag in builder.tags.tags {
            for photo in tag.photos {
                tagsOfPhoto[photo.sourcePath, default: []].append("\(tag.name)\u{0}\(tag.urlPath)")
            }
        }
        // A photo's place is printed by its page (linked or not) and its album's (the list).
        var placeOfPhoto: [String: String] = [:]
        for (path, name) in builder.places.placeOfPhoto {
            placeOfPhoto[path] = name.display + "\u{0}" + (builder.places.place(named: name)?.urlPath ?? "")
        }
        let allAlbums = site.root.allAlbums
        let printed: @Sendable (Int) -> [(String, String)] = { [tagsOfPhoto, placeOfPhoto] index in
            let shown = builder.shownPhotos(allAlbums[index])
            let inputs = shown.map { photo in
                let path = photo.source.sourcePath
                let key = derivatives[path]
                return RenderMemo.PhotoPrintInput(
                    source: photo.source, derivativesKey: key, record: key == nil ? photo.derivatives : nil,
                    tags: tagsOfPhoto[path] ?? [], place: placeOfPhoto[path])
            }
            let make = {
                inputs.map { input in
                    Fingerprint.of { print in
                        input.source.fingerprint(into: &print)
                        print.add(
                            "derivatives", input.derivativesKey ?? input.record.map(Self.recordText) ?? "")
                        print.add("tags", input.tags)
                        print.add("place", input.place)
                    }
                }
            }
            let prints = memo?.photoPrints(of: allAlbums[index].sourcePath, inputs, make: make) ?? make()
            return zip(shown, prints).map { ($0.source.sourcePath, $1) }
        }
        var photos: [String: String] = [:]
        photos.reserveCapacity(allAlbums.reduce(0) { $0 + builder.shownPhotos($1).count })
        for albumPrints in workers?.mapWaiting(allAlbums.count, printed) ?? allAlbums.indices.map(printed) {
            for (path, print) in albumPrints { photos[path] = print }
        }
        var albums: [String: String] = [:]
        var photoPageAlbums: [String: String] = [:]
        // Each album with the way up to it, which its pages print.
        func withAncestors(_ album: Album, _ ancestors: [Album]) {
            albums[album.sourcePath] = Self.albumPrint(
                album, builder: builder, photos: photos, ancestors: ancestors)
            photoPageAlbums[album.sourcePath] = Fingerprint.of { print in
                album.fingerprint(into: &print)
                print.add("ancestors", ancestors.map { "\($0.title)\u{0}\($0.urlPath)" })
            }
            for child in album.albums { withAncestors(child, ancestors + [album]) }
        }
        withAncestors(site.root, [])
        // Each tag, timeline and place page is an album of its photos, known by what it stands for.
        let collections =
            builder.tags.tags.map { ($0.album, "tag", "\($0.name)\u{0}\($0.slug)") }
            + builder.timeline.periods.map { ($0.album, "period", $0.urlPath) }
            + builder.places.places.map { ($0.album, "place", "\($0.name.display)\u{0}\($0.slugPath)") }
        for (album, label, identity) in collections {
            albums[album.sourcePath] = Fingerprint.of { print in
                print.add(label, identity)
                print.add("photos", builder.shownPhotos(album).map { photos[$0.source.sourcePath] ?? "" })
            }
        }
        var homePage = Fingerprint()
        site.home?.fingerprint(into: &homePage)
        let homeText = site.home == nil ? nil : homePage.hex
        home = Fingerprint.of { print in print.add("home", homeText) }
        // A Markdown page prints the albums down to the one whose page lists it.
        let albumsByPath = Dictionary(
            site.root.allAlbums.map { ($0.sourcePath, $0) }, uniquingKeysWith: { a, _ in a })
        let albumFolders = Set(albumsByPath.keys)
        var pages: [String: String] = [:]
        for page in site.pages {
            pages[page.sourcePath] = Fingerprint.of { print in
                page.fingerprint(into: &print)
                var folder = SiteNavigation.listingAlbum(of: page.sourcePath, albums: albumFolders)
                var chain: [String] = []
                while true {
                    if let album = albumsByPath[folder] {
                        chain.append("\(album.title)\u{0}\(album.urlPath)")
                    }
                    if folder.isEmpty { break }
                    folder = parentPath(folder)
                }
                print.add("chain", chain)
            }
        }
        tagList = Fingerprint.of { print in
            for tag in builder.tags.tags {
                print.add("tag", "\(tag.name)\u{0}\(tag.slug)")
                print.add("photos", builder.shownPhotos(tag.album).map { photos[$0.source.sourcePath] ?? "" })
            }
        }
        placeList = Fingerprint.of { print in
            print.add("map", builder.maps.site)
            for place in builder.places.places {
                print.add("place", "\(place.name.display)\u{0}\(place.slugPath)")
                print.add("count", place.photos.count)
            }
        }
        timelineList = Fingerprint.of { print in
            for period in builder.timeline.periods {
                print.add("period", period.urlPath)
                print.add("count", period.photos.count)
            }
        }
        searchList = Fingerprint.of { print in
            guard builder.search.isOn else { return }
            for list in builder.searchLists() {
                print.add(list.id, list.links.map { "\($0.name)\u{0}\($0.urlPath)\u{0}\($0.count)" })
            }
        }
        searchIndex = Fingerprint.of { print in
            guard builder.search.isOn else { return }
            for album in site.root.listedPublicAlbums { print.add("album", albums[album.sourcePath]) }
        }
        self.photos = photos
        self.albums = albums
        self.photoPageAlbums = photoPageAlbums
        self.builder = builder
        self.pages = pages
        let fallbackDate = DisplayFormat.iso8601(builder.fallbackDate)
        everything = Fingerprint.of { [home, tagList, placeList, timelineList] print in
            print.add("albums", albums.sorted { $0.key < $1.key }.map { "\($0.key)\u{0}\($0.value)" })
            print.add("pages", pages.sorted { $0.key < $1.key }.map { "\($0.key)\u{0}\($0.value)" })
            print.add("home", home)
            print.add("tags", tagList)
            print.add("places", placeList)
            print.add("timeline", timelineList)
            print.add("fallbackDate", fallbackDate)
        }
    }

    /// An album's fingerprint: its fields, its photos, its sub-albums' cards, the way up, the
    /// pages it lists and its ZIP.
    private static func albumPrint(
        _ album: Album, builder: ContextBuilder, photos: [String: String], ancestors: [Album]
    ) -> String {
        Fingerprint.of { print in
            album.fingerprint(into: &print)
            print.add("map", builder.maps.albums[album.sourcePath])
            print.add("photos", builder.shownPhotos(album).map { photos[$0.source.sourcePath] ?? "" })
            print.add(
                "cards",
                album.listedAlbums.map { child in
                    let cover = builder.cover(of: child).map { photos[$0.source.sourcePath] ?? "" } ?? "-"
                    var card = Fingerprint()
                    child.fingerprint(into: &card)
                    return card.hex + builder.countLabel(child) + cover
                })
            print.add("ancestors", ancestors.map { "\($0.title)\u{0}\($0.urlPath)" })
            print.add(
                "listedPages",
                (builder.navigation.listedPages[album.sourcePath] ?? []).map {
                    "\($0.title)\u{0}\($0.urlPath)"
                })
            print.add(
                "download",
                builder.downloads.byAlbum[album.sourcePath].map {
                    "\($0.path) \($0.byteCount) \($0.photoCount)"
                })
        }
    }

    /// The derivatives' record as text, for a photo without a cache key (a build without a
    /// cache): slower, and only there.
    private static func recordText(_ derivatives: PhotoDerivatives) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return (try? encoder.encode(derivatives)).map { SHA256.hex([UInt8]($0)) } ?? UUID().uuidString
    }

    /// A page's fingerprint: the site's, `parts`' and the page's path.
    private func page(_ path: String, _ parts: String...) -> String {
        Fingerprint.of { print in
            print.add("site", site)
            print.add("path", path)
            print.add("parts", parts)
        }
    }

    func home(_ path: String) -> String { page(path, home, albums[""] ?? "") }

    func album(_ album: Album, path: String) -> String { page(path, albums[album.sourcePath] ?? "") }

    /// The photo page of `shown[index]`, one of `album`'s shown photos: what
    /// ``ContextBuilder/photoPage(_:at:of:in:ancestors:)`` prints. The photo itself (its
    /// source, derivatives, tags and place); its position and the album's count ("3 of 12",
    /// an untitled photo's title); the previous and next photos whole (their titles and links,
    /// untitled ones named by their position); the first and last photos' links (the viewer's
    /// Home and End); the album page that lists it (`page_size:`); the shared stylesheet it
    /// links, named by its bytes (made from the CSS values of the photos it holds: derivatives,
    /// focus, Ken Burns); the album's own fields and the way up (title, link, `unlisted`, the
    /// protection that seals its tags, the breadcrumbs).
    func photo(at index: Int, of shown: [ProcessedPhoto], in album: Album, path: String) -> String {
        let photo = shown[index]
        let source = photo.source.sourcePath
        let neighbour = { (at: Int) -> String in
            shown.indices.contains(at) ? (photos[shown[at].source.sourcePath] ?? "") : "-"
        }
        return page(
            path, photoPageAlbums[album.sourcePath] ?? "", photos[source] ?? "",
            "\(index) of \(shown.count)", neighbour(index - 1), neighbour(index + 1),
            shown.first?.source.urlPath ?? "", shown.last?.source.urlPath ?? "",
            builder.albumPagePath(album, photoIndex: index),
            builder.photoSheets.sheet(of: source, in: album.sourcePath) ?? "-")
    }

    /// ``photo(at:of:in:path:)`` for each of `shown`, `album`'s shown photos, in order: made side
    /// by side on the workers, or taken from the session's memo when the album's pages are
    /// made from the same as in its last build.
    func photoPages(of shown: [ProcessedPhoto], in album: Album) -> [String] {
        let make = { [self] in
            let print: @Sendable (Int) -> String = { index in
                photo(at: index, of: shown, in: album, path: shown[index].source.urlPath + "index.html")
            }
            return workers?.mapWaiting(shown.count, print) ?? shown.indices.map(print)
        }
        guard let memo else { return make() }
        let input = RenderMemo.PhotoPagesInput(
            site: site, album: photoPageAlbums[album.sourcePath] ?? "", urlPaths: shown.map(\.source.urlPath),
            photos: shown.map { photos[$0.source.sourcePath] ?? "" },
            sheets: shown.map {
                builder.photoSheets.sheet(of: $0.source.sourcePath, in: album.sourcePath) ?? "-"
            })
        return memo.photoPages(of: album.sourcePath, input, make: make)
    }

    func page(_ page: Page, path: String) -> String { self.page(path, pages[page.sourcePath] ?? "") }

    func tagList(_ path: String) -> String { page(path, tagList) }

    func placeList(_ path: String) -> String { page(path, placeList) }

    func timelineList(_ path: String) -> String { page(path, timelineList) }

    /// The search page: the names, links and counts of the albums, tags and places it lists.
    func searchPage(_ path: String) -> String { page(path, searchList) }

    /// The search index's files: the site's, and what the index is made from.
    func searchIndexFiles(_ path: String) -> String { page(path, searchIndex) }

    /// The feed and the sitemap: they list the whole site.
    func wholeSite(_ path: String) -> String { page(path, everything) }

    /// The 404 page: the site's alone.
    func notFound(_ path: String) -> String { page(path) }
}
