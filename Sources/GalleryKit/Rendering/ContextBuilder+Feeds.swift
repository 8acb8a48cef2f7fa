import Foundation

extension ContextBuilder {
    /// How many albums the feed lists.
    static let feedLimit = 50

    /// When an album counts as published: its `date:`, else its newest photo, else
    /// ``fallbackDate``.
    func effectiveDate(_ album: Album) -> Date {
        if let date = album.date { return date }
        // A loop, not `compactMap(\.exif.dateTaken)`: a key path through the derivatives is
        // projected generically, and the feed asks this of every album (16 ms at 10,000 photos).
        var newest: Date?
        for photo in shownPhotos(album) {
            if let taken = photo.derivatives.exif.dateTaken, newest.map({ taken > $0 }) ?? true {
                newest = taken
            }
        }
        return newest ?? fallbackDate
    }

    /// The date of an undated album in the feed, which Atom requires: `SOURCE_DATE_EPOCH` when
    /// set, else the newest date anywhere in the content, else 2000-01-01T00:00:00Z (a fixed
    /// date, documented in the README, so that two builds of a dateless site are identical).
    var fallbackDate: Date {
        sourceDate ?? newestContentDate ?? Date(timeIntervalSince1970: 946_684_800)
    }

    /// Every listed public album below the root, newest first (then by URL path, so ties are
    /// stable): a password-protected album is in no feed.
    func albumsNewestFirst() -> [(album: Album, date: Date)] {
        site.root.listedPublicAlbums.filter { !$0.urlPath.isEmpty }
            .map { (album: $0, date: effectiveDate($0)) }
            .sorted { ($1.date, $0.album.urlPath) < ($0.date, $1.album.urlPath) }
    }

    /// The Atom feed: `feed` (id, updated, self, home, title, subtitle, author) and `entries`
    /// (title, id, url, updated, summary, content as escaped HTML).
    func feedContext() -> TemplateValue {
        let config = site.config
        let albums = Array(albumsNewestFirst().prefix(Self.feedLimit))
        let entries: [TemplateValue] = albums.map { album, date in
            var entry: [String: TemplateValue] = [
                "title": .string(album.title),
                "id": .string(stableID(album.urlPath)),
                "url": .string(links.best(album.urlPath)),
                "updated": .string(DisplayFormat.iso8601(date)),
                "content": .string(entryHTML(album)),
            ]
            let summary = countLabel(album)
            entry["summary"] = .string(summary)
            return .dictionary(entry)
        }
        let updated = albums.map(\.date).max() ?? fallbackDate
        var feed: [String: TemplateValue] = [
            "title": .string(config.title),
            "id": .string(stableID("")),
            "updated": .string(DisplayFormat.iso8601(updated)),
            "self": .string(links.best("feed.xml")),
            "home": .string(links.best("")),
            "author": .string(config.author.isEmpty ? config.title : config.author),
            "language": .string(config.language.isEmpty ? "en" : config.language),
        ]
        if !config.description.isEmpty { feed["subtitle"] = .string(config.description) }
        return .dictionary(["feed": .dictionary(feed), "entries": .array(entries)])
    }

    /// The sitemap: `urls`, each with `loc`: the home page, public pages, listed public albums
    /// and their photo pages (a password-protected album is not in it).
    func sitemapContext() -> TemplateValue {
        var paths = [""]
        paths += sortedPages.filter { $0.protection == nil }.map(\.urlPath)
        for album in site.root.listedPublicAlbums {
            if !album.urlPath.isEmpty {
                paths += albumPageSlices(album).map { Self.albumPagePath(album, page: $0.index) }
            }
            paths += shownPhotos(album).map(\.source.urlPath)
        }
        if !tags.tags.isEmpty { paths += [TagIndex.urlPath] + tags.tags.map(\.urlPath) }
        if !places.places.isEmpty { paths += [PlaceIndex.urlPath] + places.places.map(\.urlPath) }
        if !timeline.isEmpty { paths += [TimelineIndex.urlPath] + timeline.periods.map(\.urlPath) }
        let urls: [TemplateValue] = paths.map { .dictionary(["loc": .string(links.best($0))]) }
        return .dictionary(["urls": .array(urls)])
    }

    /// The album's absolute URL when `base_url` is set (the conventional Atom id); otherwise a
    /// `urn:uuid:` made from the URL path, which stays the same from build to build.
    func stableID(_ urlPath: String) -> String {
        if let absolute = links.absolute(urlPath) { return absolute }
        let hex = Array(SHA256.hex("galleryc:" + urlPath).prefix(32))
        let groups = [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { String(hex[$0]) }
        return "urn:uuid:" + groups.joined(separator: "-")
    }

    /// An entry's body: the cover linked to the album, then the album's description.
    private func entryHTML(_ album: Album) -> String {
        var html = ""
        if let cover = cover(of: album), let rendition = ImageContext.shareRendition(cover) {
            html += "<p><a href=\"\(TemplateRenderer.escaped(links.best(album.urlPath)))\">"
            html +=
                "<img src=\"\(TemplateRenderer.escaped(links.best(rendition.path)))\" alt=\"\(TemplateRenderer.escaped(PhotoText(cover).alt))\""
            html += " width=\"\(rendition.width)\" height=\"\(rendition.height)\"></a></p>"
        }
        return html + album.descriptionHTML
    }
}
