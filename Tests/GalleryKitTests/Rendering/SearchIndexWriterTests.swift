import Foundation
import Testing

@testable import GalleryKit

/// The search index: the listed public photos' words as terms, each term's photos as gaps and
/// runs in the file of its first two letters, the photos' tiles by 64; nothing of an unlisted
/// or a password-protected album.
@Suite struct SearchIndexWriterTests {
    typealias Photos = TagCollectionTests

    /// The photo numbers of `gaps`, read as `search.js` reads them.
    static func numbers(_ gaps: [Int]) -> [Int] {
        var out: [Int] = []
        var number = 0
        for gap in gaps {
            if gap < 0 {
                for _ in 0..<(-gap) {
                    number += 1
                    out.append(number)
                }
            } else {
                number += gap
                out.append(number)
            }
        }
        return out
    }

    static func json(_ file: OutputFile?) -> Any? {
        file.flatMap { try? JSONSerialization.jsonObject(with: Data($0.contents)) }
    }

    static func file(_ index: SearchIndexWriter.Files, _ name: String) -> OutputFile? {
        index.files.first { $0.path == "search/" + name }
    }

    /// Each term's photos, from every term file.
    static func postings(_ index: SearchIndexWriter.Files) -> [String: [Int]] {
        var all: [String: [Int]] = [:]
        for file in index.files where file.path.hasPrefix("search/t-") {
            for (term, gaps) in json(file) as? [String: [Int]] ?? [:] { all[term] = numbers(gaps) }
        }
        return all
    }

    @Test(arguments: [[3, 4, 5, 6, 10], [0, 1, 2], [7], [], [0, 2, 3, 9, 10, 11, 12, 40]])
    func gapsAndRunsReadBackAsTheNumbers(_ numbers: [Int]) throws {
        let text = SearchIndexWriter.gaps(numbers)
        let gaps = try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [Int])
        #expect(Self.numbers(gaps) == numbers)
    }

    /// An album's words are ranges of photos, its photos' own words single numbers; where they
    /// overlap or touch, they are one run.
    @Test func rangesMergeWhereTheyOverlapOrTouch() {
        #expect(SearchIndexWriter.gaps(ranges: [5..<8, 0..<1, 6..<10, 10..<11, 20..<20]) == "[0,5,-5]")
    }

    @Test func aRunIsOneNumber() {
        #expect(SearchIndexWriter.gaps([3, 4, 5, 6, 10]) == "[3,-3,4]")
        #expect(SearchIndexWriter.gaps(Array(0..<1000)) == "[0,-999]")
    }

    @Test func stringsSurviveJSON() throws {
        let text = "quote \" backslash \\ newline \n tab \t bell \u{7} line \u{2028} é 東"
        let parsed =
            try JSONSerialization.jsonObject(
                with: Data("[\(SearchIndexWriter.json(text))]".utf8)) as? [String]
        #expect(parsed == [text])
    }

    static func site() -> (Site, [String: PhotoDerivatives], PlaceIndex) {
        var falls = Photos.photo("falls", in: "iceland", tags: ["Waterfall"])
        falls.title = "Skógafoss in the rain"
        var glacier = Photos.photo("glacier", in: "iceland", tags: [])
        glacier.captionHTML = "<p>Meltwater &amp; blue ice</p>"
        glacier.alt = "A glacier tongue"
        var iceland = Album(
            sourcePath: "iceland", urlPath: "iceland/", title: "Iceland", photos: [falls, glacier])
        iceland.tags = ["Nordic"]
        iceland.albums = [
            Album(
                sourcePath: "iceland/south", urlPath: "iceland/south/", title: "South coast",
                photos: [Photos.photo("puffin", in: "iceland/south", tags: [])])
        ]
        var quiet = Album(
            sourcePath: "quiet", urlPath: "quiet/", title: "Quiet",
            photos: [Photos.photo("cove", in: "quiet", tags: ["hush"])])
        quiet.unlisted = true
        var secret = Album(
            sourcePath: "secret", urlPath: "secret/", title: "Secret",
            photos: [Photos.photo("hut", in: "secret", tags: ["hush"])])
        secret.protection = AlbumProtection(root: "secret", password: "pw")
        let site = Photos.site([iceland, quiet, secret])
        var derivatives = Photos.derivatives(site.root.allAlbums.flatMap(\.photos))
        derivatives["iceland/falls.jpg"]?.exif.dateTaken = ScalarTypes.date("2023-07-02T10:00:00")
        var places = PlaceIndex()
        places.placeOfPhoto["iceland/glacier.jpg"] = PlaceName(
            locality: "Vík í Mýrdal", region: nil, country: "Iceland")
        return (site, derivatives, places)
    }

    @Test func listedPublicPhotosAreFoundByEveryKindOfWord() throws {
        let (site, derivatives, places) = Self.site()
        let index = SearchIndexWriter.index(site, derivatives: derivatives, places: places)
        #expect(index.photoCount == 3)
        let postings = Self.postings(index)
        // Numbered in site order: falls 0, glacier 1, puffin 2.
        #expect(postings["iceland"] == [0, 1, 2])
        #expect(postings["south"] == [2])
        // An album's `tags:` are its own photos' keywords, not its sub-albums'.
        #expect(postings["nordic"] == [0, 1])
        #expect(postings["skogafoss"] == [0] && postings["rain"] == [0])
        #expect(postings["waterfall"] == [0])
        #expect(postings["meltwater"] == [1] && postings["tongue"] == [1] && postings["vik"] == [1])
        #expect(postings["july"] == [0] && postings["2023"] == [0])
        // Nothing of the unlisted or the protected album, not even its title or its tags.
        let everything = index.files.map { String(decoding: $0.contents, as: UTF8.self) }.joined()
        for word in ["quiet", "Quiet", "secret", "Secret", "hush", "cove", "hut"] {
            #expect(!everything.contains(word), "\(word)")
        }
        let meta = try #require(Self.json(Self.file(index, "meta.json")) as? [String: Any])
        #expect(meta["photos"] as? Int == 3)
        #expect((meta["albums"] as? [[String]])?.map(\.[0]) == ["", "iceland/", "iceland/south/"])
        let files = (meta["files"] as? String)?.split(separator: " ").map(String.init) ?? []
        #expect(
            Set(files.map { "search/t-\($0).json" })
                == Set(index.files.map(\.path).filter { $0.contains("/t-") }))
        let tiles = try #require(Self.json(Self.file(index, "p-0.json")) as? [[Any]])
        #expect(tiles.count == 3)
        #expect(tiles[2][0] as? Int == 2 && tiles[2][1] as? String == "puffin")
        // `_img/x/falls-` said by its folder.
        #expect(tiles[0][4] as? String == "x" && tiles[0][5] as? String == "jpg")
        #expect(tiles[0][6] as? [Int] == [480] && tiles[1][7] as? String == "A glacier tongue")
    }

    @Test func photosAreSplitIntoFilesOf64() {
        let photos = (0..<300).map { Photos.photo("p\($0)", in: "big", tags: []) }
        let site = Photos.site([Album(sourcePath: "big", urlPath: "big/", title: "Big", photos: photos)])
        let index = SearchIndexWriter.index(
            site, derivatives: Photos.derivatives(photos), places: PlaceIndex())
        #expect((Self.json(Self.file(index, "p-0.json")) as? [Any])?.count == 64)
        #expect((Self.json(Self.file(index, "p-4.json")) as? [Any])?.count == 44)
        #expect(Self.file(index, "p-5.json") == nil)
        // An album's photos are one run: its title costs a few bytes, however many photos.
        #expect(
            String(decoding: Self.file(index, "t-bi.json")?.contents ?? [], as: UTF8.self)
                == #"{"big":[0,-299]}"#)
    }

    @Test func noShownPhotoMeansNoIndex() {
        let photos = [Photos.photo("a", in: "x", tags: [])]
        let site = Photos.site([Album(sourcePath: "x", urlPath: "x/", title: "X", photos: photos)])
        #expect(SearchIndexWriter.index(site, derivatives: [:], places: PlaceIndex()).files.isEmpty)
        #expect(!SearchIndexWriter.findsAPhoto(in: site, derivatives: [:]))
        #expect(SearchIndexWriter.findsAPhoto(in: site, derivatives: Photos.derivatives(photos)))
    }
}
