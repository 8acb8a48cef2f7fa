import Foundation
import Testing

@testable import GalleryKit

@Suite struct DerivativeCacheEntryTests {
    /// A cache holding one stored photo, and what was stored.
    struct Stored {
        let box: CacheSandbox
        let cache: DerivativeCache
        let source: PhotoSource
        let photo: PhotoDerivatives
        let key: CacheKey
        var entry: URL { cache.entryDirectory(for: key) }
    }

    func storedPhoto() throws -> Stored {
        let box = try CacheSandbox()
        let source = try box.putPhoto("trip/DSC_1.jpg", bytes: [1, 2, 3, 4], slug: "dsc-1")
        let cache = try box.makeCache()
        let key = try cache.key(for: box.url(of: source), settings: ImageSettings(), photo: source)
        let photo = try box.processed(source, key: key)
        try cache.store(photo, of: source.sourcePath, renditionsIn: box.site, key: key)
        return Stored(box: box, cache: cache, source: source, photo: photo, key: key)
    }

    @Test func storeLookupRestoreRoundTrip() throws {
        let stored = try storedPhoto()
        let record = try #require(stored.cache.lookup(stored.key))
        #expect(
            record
                == PhotoDerivatives(
                    width: 1200, height: 800, exif: stored.photo.exif,
                    renditions: stored.photo.renditions, placeholder: stored.photo.placeholder,
                    dominantColor: "#336699", focus: FocalPoint(x: 0.25, y: 0.75), hasAlpha: false))
        #expect(record.exif.dateTaken == Date(timeIntervalSince1970: 1_700_000_000.5))

        let nextSite = stored.box.root.appendingPathComponent("next-site")
        #expect(stored.cache.restore(record, key: stored.key, into: nextSite))
        for rendition in stored.photo.renditions {
            #expect(
                stored.box.read(rendition.path, in: nextSite)
                    == stored.box.read(rendition.path, in: stored.box.site))
            let restored = nextSite.appendingPathComponent(rendition.path)
            let cached = stored.entry.appendingPathComponent((rendition.path as NSString).lastPathComponent)
            #expect(stored.box.inode(restored) == stored.box.inode(cached), "hard link, not a copy")
        }
        #expect(
            stored.cache.statistics
                == {
                    var expected = CacheStatistics()
                    expected.filesHashed = 1
                    expected.hits = 1
                    expected.stores = 1
                    return expected
                }())
    }

    @Test func restoredIsNilOnAMissAndWritesNothing() throws {
        let stored = try storedPhoto()
        let other = CacheKey(hex: String(repeating: "ab", count: 32), contentHash: "")
        let nextSite = stored.box.root.appendingPathComponent("next-site")
        #expect(stored.cache.restored(other, into: nextSite) == nil)
        #expect(!FileManager.default.fileExists(atPath: nextSite.path))
        #expect(stored.cache.statistics.misses == 1)
        let hit = stored.cache.restored(stored.key, into: nextSite)
        #expect(hit == stored.photo)
    }

    /// The index's save packs the records this build stored without reading their files back,
    /// and the next build's cache reads them from the pack: here, with every `photo.json` gone.
    @Test func storedRecordsArePackedForTheNextBuild() throws {
        let stored = try storedPhoto()
        try stored.cache.saveIndex()
        #expect(
            FileManager.default.fileExists(
                atPath: stored.box.cacheFolder.appendingPathComponent("records.pack").path))
        try FileManager.default.removeItem(at: stored.entry.appendingPathComponent("photo.json"))
        let next = try stored.box.makeCache()
        #expect(next.lookup(stored.key) == stored.photo)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: stored.box.cacheFolder.path)
            .filter { $0.contains(".part-") }
        #expect(leftovers.isEmpty, "no temporary file is left beside the pack or the index")
    }

    @Test(arguments: ["bad json", "missing rendition", "truncated rendition", "wrong key", "missing record"])
    func damagedEntriesAreMisses(damage: String) throws {
        let stored = try storedPhoto()
        let fileManager = FileManager.default
        let record = stored.entry.appendingPathComponent("photo.json")
        let rendition = stored.entry.appendingPathComponent("dsc-1-960.jpg")
        switch damage {
        case "bad json":
            try Data("{\"schema\": 1, \"key\": ".utf8).write(to: record)
        case "missing rendition":
            try fileManager.removeItem(at: rendition)
        case "truncated rendition":
            try fileManager.removeItem(at: rendition)
            try Data([1, 2]).write(to: rendition)
        case "wrong key":
            let text = try String(contentsOf: record, encoding: .utf8)
            try Data(
                text.replacingOccurrences(of: stored.key.hex, with: String(repeating: "0", count: 64)).utf8
            )
            .write(to: record)
        default:
            try fileManager.removeItem(at: record)
        }
        #expect(stored.cache.lookup(stored.key) == nil)

        // Processing again and storing replaces the damaged entry.
        try stored.cache.store(
            stored.photo, of: stored.source.sourcePath, renditionsIn: stored.box.site, key: stored.key)
        #expect(stored.cache.lookup(stored.key) != nil)
    }

    @Test func restoreRemovesWhatItPlacedWhenAFileVanishes() throws {
        let stored = try storedPhoto()
        let record = try #require(stored.cache.lookup(stored.key))
        try FileManager.default.removeItem(at: stored.entry.appendingPathComponent("dsc-1-960.jpg"))
        let nextSite = stored.box.root.appendingPathComponent("next-site")
        #expect(!stored.cache.restore(record, key: stored.key, into: nextSite))
        let first = nextSite.appendingPathComponent(stored.photo.renditions[0].path)
        #expect(!FileManager.default.fileExists(atPath: first.path))
    }

    @Test func storeRefusesRenditionsThatAreMissingOrOfAnotherSize() throws {
        let box = try CacheSandbox()
        let source = try box.putPhoto("one.jpg", bytes: [5])
        let cache = try box.makeCache()
        let key = try cache.key(for: box.url(of: source), settings: ImageSettings(), photo: source)
        var photo = try box.processed(source, key: key)
        photo.renditions[1].byteCount += 1
        #expect(throws: CacheError.self) {
            try cache.store(photo, of: source.sourcePath, renditionsIn: box.site, key: key)
        }
        #expect(cache.lookup(key) == nil)
        let leftovers = try FileManager.default.contentsOfDirectory(
            atPath: box.cacheFolder.appendingPathComponent("tmp").path)
        #expect(leftovers.isEmpty, "a failed store leaves no temporary folder")
        do {
            try cache.store(photo, of: source.sourcePath, renditionsIn: box.site, key: key)
        } catch {
            #expect(error.severity == .warning)
            #expect(error.location.file == "one.jpg")
        }
    }

    @Test func storeRefusesPathsOutsideTheSite() throws {
        let box = try CacheSandbox()
        let source = try box.putPhoto("one.jpg", bytes: [5])
        let cache = try box.makeCache()
        let key = try cache.key(for: box.url(of: source), settings: ImageSettings(), photo: source)
        var photo = try box.processed(source, key: key)
        photo.renditions[0].path = "../escape.jpg"
        #expect(throws: CacheError.self) {
            try cache.store(photo, of: source.sourcePath, renditionsIn: box.site, key: key)
        }
    }

    @Test func aTamperedRecordCannotWriteOutsideTheSite() throws {
        let stored = try storedPhoto()
        let recordURL = stored.entry.appendingPathComponent("photo.json")
        let text = try String(contentsOf: recordURL, encoding: .utf8)
        let tampered = text.replacingOccurrences(of: "\"_img/", with: "\"../../_img/")
        #expect(tampered != text)
        try Data(tampered.utf8).write(to: recordURL)
        #expect(stored.cache.lookup(stored.key) == nil)
    }

    /// A clip's entry goes the photo's way (one code path): stored, restored as hard links,
    /// and a miss when a file it needs (here the poster, which is not published) is gone,
    /// until a store replaces it.
    @Test func videoEntriesAreStoredCheckedAndRestoredLikePhotoEntries() throws {
        let box = try CacheSandbox()
        let cache = try box.makeCache()
        let key = CacheKey(hex: String(repeating: "cd", count: 32), contentHash: "source")
        let path = "_video/0123456789/clip.mp4"
        let file = box.site.appendingPathComponent(path)
        try FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data([UInt8](repeating: 7, count: 100)).write(to: file)
        let poster = box.root.appendingPathComponent("poster.png")
        try Data([1, 2, 3]).write(to: poster)
        let video = VideoDerivatives(
            duration: 2, width: 320, height: 240, hasAudio: false, transfer: .sdr,
            files: [VideoFile(path: path, format: .mp4, byteCount: 100)])
        let kept = try cache.storeVideo(video, poster: poster, of: "a/clip.mp4", filesIn: box.site, key: key)
        #expect(kept.path == cache.entryDirectory(for: key).appendingPathComponent("poster.png").path)

        let nextSite = box.root.appendingPathComponent("next-site")
        let restored = try #require(cache.restoredVideo(key, into: nextSite))
        #expect(restored.video == video && restored.poster.path == kept.path)
        #expect(box.inode(nextSite.appendingPathComponent(path)) == box.inode(file), "hard link, not a copy")

        try FileManager.default.removeItem(at: kept)
        let reopened = try box.makeCache()
        #expect(reopened.restoredVideo(key, into: box.root.appendingPathComponent("third")) == nil)
        try reopened.storeVideo(video, poster: poster, of: "a/clip.mp4", filesIn: box.site, key: key)
        #expect(reopened.restoredVideo(key, into: box.root.appendingPathComponent("fourth")) != nil)
    }
}
