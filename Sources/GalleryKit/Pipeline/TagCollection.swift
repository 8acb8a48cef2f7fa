/// Gathers the site's tags once the image stage has read each photo's own keywords: the
/// photos of listed albums (an unlisted album's photos appear on no tag page, or the tag
/// page would list them), each under its keywords (``PhotoSource/keywords(embedded:)``) and
/// its album's `tags:` and Hugo `categories:`.
///
/// Keywords whose slugs collide (`Café` and `cafe`, `Fog` and `fog`) share one tag, named as
/// first met; a note says so when the spellings differ by more than case. A keyword with
/// nothing URL-safe in it (`東京`) gets `tag-` and 8 hex digits of its SHA-256 as its slug.
/// A content folder or page already at `tags/` keeps that URL: no tag pages, and a warning.
enum TagCollection {
    static func collect(
        _ site: Site, derivatives: [String: PhotoDerivatives], diagnostics: DiagnosticCollector
    )
        -> TagIndex
    {
        guard site.config.tagPages else { return TagIndex() }
        var bySlug: [String: PhotoTag] = [:]
        var slugsOfPhoto: [String: [String]] = [:]
        var noted: Set<String> = []
        for album in site.root.listedPublicAlbums {
            for photo in album.photos {
                guard let made = derivatives[photo.sourcePath], !made.renditions.isEmpty else { continue }
                var slugs: [String] = []
                for name in photo.keywords(embedded: made.described) + album.tags {
                    let slug = slug(for: name)
                    guard !slugs.contains(slug) else { continue }
                    slugs.append(slug)
                    if let existing = bySlug[slug] {
                        if existing.name.lowercased() != name.lowercased(), noted.insert(name).inserted {
                            diagnostics.emit(
                                .note, SourceLocation(file: photo.sourcePath),
                                "the tag '\(name)' has the same URL as '\(existing.name)' "
                                    + "(tags/\(slug)/); its photos are shown there")
                        }
                        bySlug[slug]?.photos.append(photo)
                    } else {
                        bySlug[slug] = PhotoTag(name: name, slug: slug, photos: [photo])
                    }
                }
                if !slugs.isEmpty { slugsOfPhoto[photo.sourcePath] = slugs }
            }
        }
        guard !bySlug.isEmpty else { return TagIndex() }
        let taken = site.contentPath(under: TagIndex.urlPath)
        if let taken {
            diagnostics.emit(
                .warning, SourceLocation(file: site.config.sourcePath ?? "."),
                "photos have keywords, but /\(taken) is already a page or album of the site, so no tag "
                    + "pages are written (rename it, or set `tags: false` in site.yml)")
            return TagIndex()
        }
        let tags = bySlug.values.sorted { a, b in
            let (x, y) = (a.name.lowercased(), b.name.lowercased())
            if NaturalOrder.less(x, y) { return true }
            if NaturalOrder.less(y, x) { return false }
            return a.slug < b.slug
        }
        return TagIndex(tags: tags, slugsOfPhoto: slugsOfPhoto)
    }

    /// The URL name of a keyword.
    static func slug(for name: String) -> String {
        let slug = Slug.make(from: name)
        return slug.isEmpty ? "tag-" + SHA256.hex(name).prefix(8) : slug
    }
}
