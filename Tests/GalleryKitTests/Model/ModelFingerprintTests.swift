import Foundation
import Testing

@testable import GalleryKit

/// The fingerprints that decide whether a page is made again name every stored property of the
/// values they cover, and the compact record form writes every field: a property added later
/// without its line fails here rather than leaving pages stale or records short.
@Suite struct ModelFingerprintTests {
    static func labels(_ write: (inout Fingerprint) -> Void) -> [String] {
        var print = Fingerprint(recordingLabels: true)
        write(&print)
        return print.labels ?? []
    }

    static func properties(of value: Any) -> [String] {
        Mirror(reflecting: value).children.compactMap(\.label)
    }

    @Test func everyPropertyOfAPhotoAnAlbumAndAPageIsFingerprinted() {
        var photo = PhotoSource(sourcePath: "a/b.jpg", fileName: "b.jpg", slug: "b", urlPath: "a/b/")
        photo.tags = ["x"]
        #expect(Self.labels { photo.fingerprint(into: &$0) } == Self.properties(of: photo))
        let album = Album(sourcePath: "a", urlPath: "a/", title: "A")
        #expect(Self.labels { album.fingerprint(into: &$0) } == Self.properties(of: album))
        let page = Page(sourcePath: "p.md", urlPath: "p/", title: "P", html: "")
        #expect(Self.labels { page.fingerprint(into: &$0) } == Self.properties(of: page))
        let metadata = DescriptiveMetadata()
        #expect(
            Self.properties(of: metadata) == [
                "title", "description", "keywords", "rating", "creator", "copyright",
            ])
        #expect(Self.properties(of: KenBurnsSettings()) == ["duration", "zoom", "from", "to", "easing"])
    }

    @Test func eachFieldChangesTheFingerprint() {
        let base = PhotoSource(sourcePath: "a/b.jpg", fileName: "b.jpg", slug: "b", urlPath: "a/b/")
        let print = { (photo: PhotoSource) in Fingerprint.of { photo.fingerprint(into: &$0) } }
        var changes: [PhotoSource] = []
        var photo = base
        photo.title = "T"
        changes.append(photo)
        photo = base
        photo.captionHTML = "<p>x</p>"
        changes.append(photo)
        photo = base
        photo.focus = FocalPoint(x: 0.2, y: 0.3)
        changes.append(photo)
        photo = base
        photo.kenBurns = KenBurnsSettings(zoom: 1.5)
        changes.append(photo)
        photo = base
        photo.described = DescriptiveMetadata(keywords: ["k"])
        changes.append(photo)
        let prints = Set(([base] + changes).map(print))
        #expect(prints.count == changes.count + 1)
        // Stable: the same value, the same text, in this process and the next.
        #expect(print(base) == print(base))
        #expect(print(base).count == 32)
    }

    /// Sets and dictionaries in the site's settings do not make the fingerprint depend on the
    /// process (their order does).
    @Test func theStableDescriptionSortsSetsAndDictionaries() {
        var a = PrivacySettings()
        a.exif = [.camera, .date, .lens]
        var b = PrivacySettings()
        b.exif = [.lens, .camera, .date]
        #expect(Fingerprint.stableDescription(of: a) == Fingerprint.stableDescription(of: b))
        #expect(
            Fingerprint.stableDescription(of: ["b": 1, "a": 2])
                == Fingerprint.stableDescription(of: ["a": 2, "b": 1]))
        b.exif = [.camera]
        #expect(Fingerprint.stableDescription(of: a) != Fingerprint.stableDescription(of: b))
    }

    /// A record with every field set comes back whole from its compact form, and the form
    /// covers every property.
    @Test func aRecordRoundTripsThroughItsCompactForm() throws {
        var exif = ExifSummary()
        exif.orientation = 6
        exif.cameraMake = "Make"
        exif.cameraModel = "Model"
        exif.lens = "Lens"
        exif.focalLength = 35
        exif.aperture = 2.8
        exif.exposureTime = 1.0 / 250
        exif.iso = 400
        exif.dateTaken = Date(timeIntervalSince1970: 1_700_000_000.5)
        exif.imageDescription = "Description"
        exif.userComment = "Comment"
        exif.artist = "Artist"
        exif.copyright = "©"
        var record = PhotoDerivatives(
            width: 4000, height: 3000, exif: exif,
            renditions: [
                Rendition(
                    path: "_img/a/b-480.webp", width: 480, height: 360, format: .webp, byteCount: 12_345,
                    isAnimated: true)
            ],
            placeholder: "data:image/webp;base64,AAAA", dominantColor: "#123456",
            focus: FocalPoint(x: 0.25, y: -0.5),
            hasAlpha: true,
            original: Rendition(
                path: "_img/a/b-original.jpg", width: 4000, height: 3000, format: .jpeg, byteCount: 9),
            notices: [.damagedData(message: "m", count: 2), .profileIgnored("p")],
            described: DescriptiveMetadata(
                title: "t", description: "d", keywords: ["k", "é"], rating: 5, creator: "c", copyright: "r"))
        record.video = VideoDerivatives(
            duration: 3.5, width: 1920, height: 1080, hasAudio: true, transfer: .hlg,
            recorded: Date(timeIntervalSince1970: 1),
            files: [VideoFile(path: "_video/a.mp4", format: .mp4, byteCount: 7)])
        record.embeddedMovie = EmbeddedMovie(offset: 6_487, length: 1 << 33)
        record.hdrGainMap = true
        record.live = VideoDerivatives(
            duration: 2, width: 640, height: 480, hasAudio: false, transfer: .sdr,
            files: [VideoFile(path: "_video/b/live.mp4", format: .mp4, byteCount: 5)])
        let bytes = record.packedBytes
        #expect(PhotoDerivatives(packed: bytes) == record)
        #expect(PhotoDerivatives(packed: Array(bytes.dropLast())) == nil, "a cut record is refused")
        #expect(PhotoDerivatives(packed: bytes + [0]) == nil, "so is one with bytes after it")
        #expect(
            Self.properties(of: record).count == 15, "a new field of PhotoDerivatives: add it to packedBytes")
        #expect(Self.properties(of: exif).count == 13, "a new field of ExifSummary: add it to its write(to:)")
        #expect(Self.properties(of: record.renditions[0]).count == 6)
        #expect(Self.properties(of: try #require(record.video)).count == 7)
    }

    @Test(arguments: [0, 1, -1, 63, 64, -64, 1 << 40, Int.max, Int.min])
    func integersRoundTrip(_ value: Int) {
        var writer = ByteWriter()
        writer.add(value)
        var reader = ByteReader(writer.bytes)
        #expect(reader.int() == value)
        #expect(reader.isComplete)
    }
}
