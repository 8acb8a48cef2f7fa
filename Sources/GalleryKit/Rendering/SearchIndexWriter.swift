import Foundation

/// Makes the search index (see ``SearchIndex``) from the shown photos of the listed public albums:
/// never a photo of an unlisted album (nor below one) or of a password-protected one.
///
/// The photos are numbered in site order: an album's own photos, then its listed sub-albums',
/// depth first, so the photos of an album and of every album below it are one run of numbers.
/// A photo's terms (``SearchText``) are the words of its title, alt text and caption, its
/// keywords, its place's names, its album's title and tags and the titles of the albums above
/// it (the site's own title left out), and the year and month (in English, as pages print it)
/// of its EXIF date, else its album's date.
///
/// The files, in `search/`:
/// - `meta.json`: `{"v":1,"photos":N,"per":64,"albums":[[path,title],...],"files":"ab ac ..."}`;
///   album 0 is the home page's, `files` the keys of the term files that exist;
/// - `t-<key>.json`, one per first two characters of the terms (``SearchText/fileKey(_:)``):
///   `{"term":[numbers],...}`, the numbers of the photos that have the term, ascending, as
///   gaps: a number `g` ≥ 0 is the previous photo's number plus `g` (the first counts from 0),
///   a number `-k` is the next `k` photos in a row. A query loads the one file of each word;
/// - `p-<n>.json`, photos `64 n` to `64 n + 63`, each `[album, page, width, height, stem,
///   extension, [widths], alt]`: its page is the album's path, then `page/`; its tile's
///   renditions `stem + width + "." + extension` for each width (WebP where the site makes it,
///   else its JPEG or PNG), or `stem` alone when `widths` is empty; a stem without a `/` is
///   the folder of `_img/<stem>/<page>-`, as the image stage names most renditions. Only the
///   files of the photos shown are loaded.
///
/// Every path in the files is relative to the site root and percent-encoded as the pages'.
enum SearchIndexWriter {
    /// Photos per `p-<n>.json`: a rare word's few results are scattered over the site, one
    /// file each, which a phone must fetch and parse before it shows them (at 256 a file,
    /// such a query took 90 ms of a phone's time in `Benchmarks/search_index.py`).
    static let photosPerFile = 64

    /// The files the search page reads, and how many photos they find.
    struct Files: Sendable {
        var files: [OutputFile] = []
        var photoCount = 0
    }

    /// True when a listed public album shows a photo: a site without one has no search.
    static func findsAPhoto(in site: Site, derivatives: [String: PhotoDerivatives]) -> Bool {
        site.root.listedPublicAlbums.contains { album in
            album.photos.contains { derivatives[$0.sourcePath]?.renditions.isEmpty == false }
        }
    }

    /// The index of `site`'s listed public albums; an album's photos' terms and entries are
    /// taken from `memo` when the session's last build made them from the same.
    static func index(
        _ site: Site, derivatives: [String: PhotoDerivatives], places: PlaceIndex, memo: RenderMemo? = nil
    ) -> Files {
        var writer = Writer(places: places)
        writer.walk(site.root, titles: [], inheritedDate: nil)
        return writer.finish(derivatives: derivatives, memo: memo)
    }

    /// What a photo's terms and entry are made from: its source and derivatives, its place's
    /// name, its album's date and path.
    struct PhotoInput: Equatable, Sendable {
        var source: PhotoSource
        var derivatives: PhotoDerivatives?
        var place: String?
        var albumDate: Date?
        var albumPath: String
    }

    /// A photo's terms, and its entry in `p-<n>.json` after its album's number (`,"page",…]`);
    /// nil for a photo that is not shown.
    struct PhotoEntry: Sendable {
        var terms: [String]
        var json: String
    }

    /// The index as it is collected, photo by photo.
    private struct Writer {
        let places: PlaceIndex
        /// `[path, title]` of each album, as JSON.
        var albums: [String] = []
        /// Each album's terms (its title's and its ancestors' titles', its own tags').
        var albumTerms: [[String]] = []
        /// Each photo's entry, as JSON.
        var photos: [String] = []
        /// Each term's photos, ascending, from the photos' own words.
        var postings: [String: [Int]] = [:]
        /// Each term's runs of photos, from the albums' words: an album's photos are numbered
        /// in a row, so its words are a range each, not a number per photo.
        var albumRanges: [String: [Range<Int>]] = [:]
        /// Terms by the text they were taken from: places repeat.
        var memo: [String: [String]] = [:]
        /// Each listed album's photos in site order, with its number, source path, URL path and
        /// date (its own or inherited).
        private var pending:
            [(album: Int, sourcePath: String, path: String, date: Date?, photos: [PhotoSource])] =
                []

        init(places: PlaceIndex) {
            self.places = places
        }

        /// Numbers `album` and the albums below it; `titles` are the terms of the titles above
        /// it (the site's own left out).
        mutating func walk(_ album: Album, titles inherited: [String], inheritedDate: Date?) {
            guard !album.unlisted, album.isPublic else { return }
            let date = album.date ?? inheritedDate
            let titles = inherited + (album.urlPath.isEmpty ? [] : SearchText.terms(album.title))
            let number = albums.count
            albums.append("[\(json(LinkBuilder.percentEncoded(album.urlPath))),\(json(album.title))]")
            // Its `tags:` are its own photos' keywords, as on the tag pages.
            albumTerms.append(titles + album.tags.flatMap(SearchText.terms))
            pending.append((number, album.sourcePath, album.urlPath, date, album.photos))
            for child in album.albums {
                walk(child, titles: titles, inheritedDate: date)
            }
        }

        mutating func memoized(_ text: String) -> [String] {
            if let known = memo[text] { return known }
            let terms = SearchText.terms(text)
            memo[text] = terms
            return terms
        }

        /// The photo's own terms, each once.
        mutating func terms(of photo: ProcessedPhoto, text: PhotoText, place: String?, date: Date?)
            -> [String]
        {
            var terms = SearchText.terms(text.title ?? "")
            if text.alt != text.title { terms += SearchText.terms(text.alt) }
            terms += SearchText.terms(SearchText.text(fromHTML: text.captionHTML))
            for keyword in photo.source.keywords(embedded: photo.described) {
                terms += SearchText.terms(keyword)
            }
            if let place {
                terms += memoized(place)
            }
            if let date = photo.exif.dateTaken ?? date {
                let (year, month) = DisplayFormat.yearAndMonth(date)
                terms.append(String(year))
                terms.append(SearchText.fold(DisplayFormat.monthName(month)))
            }
            // Sorted, repeats dropped: cheaper than a set for a few dozen words.
            terms.sort()
            var unique: [String] = []
            unique.reserveCapacity(terms.count)
            for term in terms where term != unique.last { unique.append(term) }
            return unique
        }

        /// The photo's terms and entry; nil when it is not shown.
        mutating func entry(of item: PhotoInput) -> PhotoEntry? {
            guard let made = item.derivatives, !made.renditions.isEmpty, let tile = Tile(made.renditions)
            else {
                return nil
            }
            let photo = ProcessedPhoto(source: item.source, derivatives: made)
            let text = PhotoText(photo)
            let terms = terms(of: photo, text: text, place: item.place, date: item.albumDate)
            var page = item.source.urlPath
            if page.utf8.starts(with: item.albumPath.utf8) {
                page = String(decoding: page.utf8.dropFirst(item.albumPath.utf8.count), as: UTF8.self)
            }
            if page.utf8.last == UInt8(ascii: "/") { page.removeLast() }
            let largest = tile.largest
            // Most stems are `_img/<folder>/<page>-`: the folder alone says it.
            var stem = tile.stem
            if stem.utf8.starts(with: "_img/".utf8), endsWithBytes(stem, "/" + page + "-") {
                let folder = stem.dropFirst(5).dropLast(page.utf8.count + 2)
                if !folder.isEmpty, !folder.utf8.contains(UInt8(ascii: "/")) { stem = String(folder) }
            }
            return PhotoEntry(
                terms: terms,
                json: ",\(json(LinkBuilder.percentEncoded(page))),\(largest.width),\(largest.height),"
                    + "\(json(LinkBuilder.percentEncoded(stem))),\(json(tile.fileExtension)),"
                    + "[\(tile.widths.map(String.init).joined(separator: ","))],\(json(text.alt))]")
        }

        mutating func finish(derivatives: [String: PhotoDerivatives], memo: RenderMemo?) -> Files {
            var numbered = [Range<Int>?](repeating: nil, count: albums.count)
            for album in pending {
                let inputs = album.photos.map { source in
                    PhotoInput(
                        source: source, derivatives: derivatives[source.sourcePath],
                        place: places.placeOfPhoto[source.sourcePath]?.display, albumDate: album.date,
                        albumPath: album.path)
                }
                let entries =
                    memo?.searchEntries(of: album.sourcePath, inputs) { inputs.map { entry(of: $0) } }
                    ?? inputs.map { entry(of: $0) }
                for case let entry? in entries {
                    let number = photos.count
                    for term in entry.terms { postings[term, default: []].append(number) }
                    numbered[album.album] = (numbered[album.album]?.lowerBound ?? number)..<(number + 1)
                    photos.append("[\(album.album)" + entry.json)
                }
            }
            guard !photos.isEmpty else { return Files() }
            for (album, range) in numbered.enumerated() {
                guard let range else { continue }
                for term in Set(albumTerms[album]) { albumRanges[term, default: []].append(range) }
            }
            var byFile: [String: [String]] = [:]
            for term in Set(postings.keys).union(albumRanges.keys) {
                byFile[SearchText.fileKey(term), default: []].append(term)
            }
            let root = SearchIndex.urlPath
            var files: [OutputFile] = []
            for (key, terms) in byFile {
                var bytes: [UInt8] = [UInt8(ascii: "{")]
                for (index, term) in terms.sorted().enumerated() {
                    if index > 0 { bytes.append(UInt8(ascii: ",")) }
                    bytes += json(term).utf8
                    bytes.append(UInt8(ascii: ":"))
                    let ranges = (postings[term] ?? []).map { $0..<($0 + 1) } + (albumRanges[term] ?? [])
                    bytes += gaps(ranges: ranges).utf8
                }
                bytes.append(UInt8(ascii: "}"))
                files.append(OutputFile(path: root + "t-\(key).json", contents: bytes))
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
            return Files(files: files.sorted { $0.path < $1.path }, photoCount: photos.count)
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
            let stems = chosen.map { rendition -> Substring in
                let suffix = "-\(rendition.width).\(fileExtension)"
                guard endsWithBytes(rendition.path, suffix) else { return "" }
                let utf8 = rendition.path.utf8
                return rendition.path[..<utf8.index(utf8.endIndex, offsetBy: 1 - suffix.utf8.count)]
            }
            if let stem = stems.first, !stem.isEmpty, stems.allSatisfy({ $0.utf8.elementsEqual(stem.utf8) }) {
                self.stem = String(stem)
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
        gaps(ranges: numbers.map { $0..<($0 + 1) })
    }

    /// The numbers of `ranges` (in any order, overlapping or not) as gaps and runs.
    static func gaps(ranges: [Range<Int>]) -> String {
        var merged: [Range<Int>] = []
        for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) where !range.isEmpty {
            if let last = merged.last, range.lowerBound <= last.upperBound {
                merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
            } else {
                merged.append(range)
            }
        }
        var text = "["
        var previous = 0
        for (index, range) in merged.enumerated() {
            if index > 0 { text += "," }
            text += String(range.lowerBound - previous)
            if range.count > 1 { text += ",-" + String(range.count - 1) }
            previous = range.upperBound - 1
        }
        return text + "]"
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
