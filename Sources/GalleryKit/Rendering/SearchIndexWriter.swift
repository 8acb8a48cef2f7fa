import Foundation

/// Makes the search index (``SearchIndex``) from the shown photos of the listed public albums:
/// never a photo of an unlisted album (nor below one) or of a password-protected one.
///
/// The photos are numbered in site order: an album's own photos, then its listed sub-albums',
/// depth first, so the photos of an album and of every album below it are one run of numbers.
/// A photo's terms (``SearchText``) are the words of its title, alt text and caption, its
/// keywords, its place's names, its album's and the albums' above it (the site's own title
/// left out), and the year and month (in English, as pages print it) of its EXIF date, else its
/// album's date.
///
/// The files, in `search/`:
/// - `meta.json`: `{"v":1,"photos":N,"per":256,"albums":[[path,title],...],"files":"ab ac ..."}`;
///   album 0 is the home page's, `files` the keys of the term files that exist;
/// - `t-<key>.json`, one per first two characters of the terms (``SearchText/fileKey(_:)``):
///   `{"term":[numbers],...}`, the numbers of the photos that have the term, ascending, as
///   gaps: a number `g` ≥ 0 is the previous photo's number plus `g` (the first counts from 0),
///   a number `-k` is the next `k` photos in a row. A query loads the one file of each word;
/// - `p-<n>.json`, photos `256 n` to `256 n + 255`, each `[album, page, width, height, stem,
///   extension, [widths], alt]`: its page is the album's path, then `page/`; its tile's
///   renditions `stem + width + "." + extension` for each width (WebP where the site makes it,
///   else its JPEG or PNG), or `stem` alone when `widths` is empty; a stem without a `/` is
///   the folder of `_img/<stem>/<page>-`, as the image stage names most renditions. Only the
///   files of the photos shown are loaded.
///
/// Every path in the files is relative to the site root and percent-encoded as the pages'.
enum SearchIndexWriter {
    /// Photos per `p-<n>.json`.
    static let photosPerFile = 256

    static func index(
        _ site: Site, derivatives: [String: PhotoDerivatives], places: PlaceIndex
    ) -> SearchIndex {
        var writer = Writer(places: places, rootTitle: site.root.title)
        writer.walk(site.root, albumTerms: [], inheritedDate: nil)
        return writer.finish(derivatives: derivatives)
    }

    /// The index as it is collected, photo by photo.
    private struct Writer {
        let places: PlaceIndex
        let rootTitle: String
        /// `[path, title]` of each album, as JSON.
        var albums: [String] = []
        /// Each photo's entry, as JSON.
        var photos: [String] = []
        /// Each term's photos, ascending.
        var postings: [String: [Int]] = [:]
        /// Terms by the text they were taken from: album titles, tags and places repeat.
        var memo: [String: [String]] = [:]
        private var pending: [(source: PhotoSource, album: Int, path: String, terms: [String], date: Date?)] =
            []

        init(places: PlaceIndex, rootTitle: String) {
            self.places = places
            self.rootTitle = rootTitle
        }

        mutating func walk(_ album: Album, albumTerms: [String], inheritedDate: Date?) {
            guard !album.unlisted, album.isPublic else { return }
            let date = album.date ?? inheritedDate
            var terms = albumTerms
            if !album.urlPath.isEmpty { terms += memoized(album.title) }
            for tag in album.tags { terms += memoized(tag) }
            let number = albums.count
            albums.append("[\(json(LinkBuilder.percentEncoded(album.urlPath))),\(json(album.title))]")
            for photo in album.photos {
                pending.append((photo, number, album.urlPath, terms, date))
            }
            for child in album.albums {
                walk(child, albumTerms: album.urlPath.isEmpty ? [] : terms, inheritedDate: date)
            }
        }

        mutating func memoized(_ text: String) -> [String] {
            if let known = memo[text] { return known }
            let terms = SearchText.terms(text)
            memo[text] = terms
            return terms
        }

        mutating func finish(derivatives: [String: PhotoDerivatives]) -> SearchIndex {
            for item in pending {
                guard let made = derivatives[item.source.sourcePath], !made.renditions.isEmpty,
                    let tile = Tile(made.renditions)
                else { continue }
                let photo = ProcessedPhoto(source: item.source, derivatives: made)
                let number = photos.count
                let text = PhotoText(photo)
                var terms = Set(item.terms)
                for field in [text.title ?? "", text.alt, SearchText.text(fromHTML: text.captionHTML)] {
                    terms.formUnion(SearchText.terms(field))
                }
                for keyword in item.source.keywords(embedded: made.described) {
                    terms.formUnion(memoized(keyword))
                }
                if let place = places.placeOfPhoto[item.source.sourcePath] {
                    terms.formUnion(memoized(place.display))
                }
                if let date = made.exif.dateTaken ?? item.date {
                    let (year, month) = DisplayFormat.yearAndMonth(date)
                    terms.insert(String(year))
                    terms.insert(SearchText.fold(DisplayFormat.monthName(month)))
                }
                for term in terms { postings[term, default: []].append(number) }
                var page = item.source.urlPath
                if page.hasPrefix(item.path) { page.removeFirst(item.path.count) }
                if page.hasSuffix("/") { page.removeLast() }
                let largest = tile.largest
                // Most stems are `_img/<folder>/<page>-`: the folder alone says it.
                var stem = tile.stem
                if stem.hasPrefix("_img/"), stem.hasSuffix("/" + page + "-") {
                    let folder = stem.dropFirst(5).dropLast(page.utf8.count + 2)
                    if !folder.isEmpty, !folder.contains("/") { stem = String(folder) }
                }
                photos.append(
                    "[\(item.album),\(json(LinkBuilder.percentEncoded(page))),\(largest.width),\(largest.height),"
                        + "\(json(LinkBuilder.percentEncoded(stem))),\(json(tile.fileExtension)),"
                        + "[\(tile.widths.map(String.init).joined(separator: ","))],\(json(text.alt))]")
            }
            guard !photos.isEmpty else { return SearchIndex() }
            var byFile: [String: [String]] = [:]
            for term in postings.keys { byFile[SearchText.fileKey(term), default: []].append(term) }
            let root = SearchIndex.urlPath
            var files: [OutputFile] = []
            for (key, terms) in byFile {
                let entries = terms.sorted().map { "\(json($0)):\(gaps(postings[$0] ?? []))" }
                files.append(
                    OutputFile(path: root + "t-\(key).json", text: "{" + entries.joined(separator: ",") + "}")
                )
            }
            for start in stride(from: 0, to: photos.count, by: photosPerFile) {
                let slice = photos[start..<min(start + photosPerFile, photos.count)]
                files.append(
                    OutputFile(
                        path: root + "p-\(start / photosPerFile).json",
                        text: "[" + slice.joined(separator: ",\n") + "]"))
            }
            let meta =
                "{\"v\":1,\"photos\":\(photos.count),\"per\":\(photosPerFile),\"albums\":["
                + albums.joined(separator: ",")
                + "],\"files\":\(json(byFile.keys.sorted().joined(separator: " ")))}"
            files.append(OutputFile(path: root + "meta.json", text: meta))
            return SearchIndex(files: files.sorted { $0.path < $1.path }, photoCount: photos.count)
        }
    }

    /// The renditions a result's tile shows: one format's stills, smallest first.
    private struct Tile {
        let stem: String
        let fileExtension: String
        let widths: [Int]
        let largest: Rendition

        /// WebP where the site makes it (every browser that runs the search script shows it),
        /// else the JPEG or PNG the pages fall back to; nil when there is no still.
        init?(_ renditions: [Rendition]) {
            let stills = renditions.filter { !$0.isAnimated }
            guard
                let format = [ImageFormat.webp, .jpeg, .png, .avif].first(where: { format in
                    stills.contains { $0.format == format }
                })
            else { return nil }
            let chosen = stills.filter { $0.format == format }.sorted { $0.width < $1.width }
            guard let largest = chosen.last, let dot = largest.path.lastIndex(of: ".") else { return nil }
            self.largest = largest
            let fileExtension = String(largest.path[largest.path.index(after: dot)...])
            self.fileExtension = fileExtension
            // `_img/<hash>/<name>-<width>.<extension>`, as the image stage names them.
            let stems = Set(
                chosen.map { rendition in
                    let suffix = "\(rendition.width).\(fileExtension)"
                    return rendition.path.hasSuffix("-" + suffix)
                        ? String(rendition.path.dropLast(suffix.count)) : ""
                })
            if stems.count == 1, let stem = stems.first, !stem.isEmpty {
                self.stem = stem
                widths = chosen.map(\.width)
            } else {
                // Named otherwise: the one rendition nearest a tile's size on a phone's screen.
                let nearest = chosen.min { abs($0.width - 640) < abs($1.width - 640) } ?? largest
                stem = nearest.path
                widths = []
            }
        }
    }

    /// The ascending `numbers` as gaps and runs (see ``SearchIndexWriter``): `[3,4,5,6,10]`
    /// is `[3,-3,4]`.
    static func gaps(_ numbers: [Int]) -> String {
        var parts: [String] = []
        var previous = 0
        var run = 0
        for number in numbers {
            if !parts.isEmpty, number == previous + 1 {
                run += 1
            } else {
                if run > 0 { parts.append("-\(run)") }
                run = 0
                parts.append(String(number - previous))
            }
            previous = number
        }
        if run > 0 { parts.append("-\(run)") }
        return "[" + parts.joined(separator: ",") + "]"
    }

    /// `text` as a JSON string.
    static func json(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            case "\u{2028}", "\u{2029}": out += "\\u\(String(scalar.value, radix: 16))"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
