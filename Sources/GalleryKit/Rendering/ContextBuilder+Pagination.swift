import Foundation

/// One page of an album split by `page_size:`: which photos it shows and where it is.
struct AlbumPageSlice: Sendable, Hashable {
    /// 0-based; page 0 is the album's own URL.
    var index: Int
    var count: Int
    var photos: ArraySlice<ProcessedPhoto>
}

extension ContextBuilder {
    /// Photos per page for `album`: its own `page_size:`, else site.yml's `layouts.page_size`;
    /// nil when the album is one page.
    func pageSize(of album: Album) -> Int? {
        album.pageSize ?? site.config.layouts.pageSize
    }

    /// The album's pages: `/album/`, then `/album/page/2/`, … with `page_size` photos each (the
    /// last holds the rest). One page when there is no page size or the photos fit on one.
    func albumPageSlices(_ album: Album) -> [AlbumPageSlice] {
        let photos = shownPhotos(album)
        guard let size = pageSize(of: album), size > 0, photos.count > size else {
            return [AlbumPageSlice(index: 0, count: 1, photos: photos[...])]
        }
        let count = (photos.count + size - 1) / size
        return (0..<count).map { page in
            let start = page * size
            return AlbumPageSlice(
                index: page, count: count, photos: photos[start..<min(start + size, photos.count)])
        }
    }

    /// The URL path of page `index` (0-based) of `album`: `iceland/`, `iceland/page/2/`.
    static func albumPagePath(_ album: Album, page index: Int) -> String {
        index == 0 ? album.urlPath : album.urlPath + "page/\(index + 1)/"
    }

    /// The URL path of the album page that shows the photo at `index` among the album's shown
    /// photos.
    func albumPagePath(_ album: Album, photoIndex index: Int) -> String {
        guard let size = pageSize(of: album), size > 0, shownPhotos(album).count > size else {
            return album.urlPath
        }
        return Self.albumPagePath(album, page: index / size)
    }

    /// `pagination` (`number`, `count`, `previous`, `next`, `pages`: `number`, `href`, `current`)
    /// for an album split into pages; the `meta` keys `prev` and `next` for the `rel` links.
    func addPagination(
        _ slice: AlbumPageSlice, of album: Album, to context: inout [String: TemplateValue]
    ) {
        guard slice.count > 1 else { return }
        let href = { (page: Int) in self.links.href(Self.albumPagePath(album, page: page)) }
        var value: [String: TemplateValue] = [
            "number": .int(slice.index + 1), "count": .int(slice.count),
            "pages": .array(
                (0..<slice.count).map { page in
                    .dictionary([
                        "number": .int(page + 1), "href": .string(href(page)),
                        "current": .bool(page == slice.index),
                    ])
                }),
        ]
        guard case .dictionary(var meta) = context["meta"] else { return }
        if slice.index > 0 {
            value["previous"] = .string(href(slice.index - 1))
            meta["prev"] = .string(href(slice.index - 1))
        }
        if slice.index + 1 < slice.count {
            value["next"] = .string(href(slice.index + 1))
            meta["next"] = .string(href(slice.index + 1))
        }
        let path = Self.albumPagePath(album, page: slice.index)
        if let canonical = links.absolute(path) { meta["canonical"] = .string(canonical) }
        context["meta"] = .dictionary(meta)
        context["pagination"] = .dictionary(value)
    }
}
