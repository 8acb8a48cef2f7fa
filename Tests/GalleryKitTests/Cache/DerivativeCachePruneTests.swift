import Foundation
import Testing

@testable import GalleryKit

@Suite struct DerivativeCachePruneTests {
    /// Stores one entry per photo and returns the keys.
    func fill(_ cache: DerivativeCache, _ box: CacheSandbox, _ photos: [PhotoSource]) throws -> [CacheKey] {
        try photos.map { photo in
            let key = try cache.key(for: box.url(of: photo), settings: ImageSettings(), photo: photo)
            try cache.store(
                try box.processed(photo, key: key), of: photo.sourcePath, renditionsIn: box.site, key: key)
            return key
        }
    }

    @Test func entriesUnusedByTheLastBuildsAreRemoved() throws {
        let box = try CacheSandbox()
        let photos = try (0..<3).map { try box.putPhoto("p\($0).jpg", bytes: [UInt8($0)]) }
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let first = try box.makeCache()
        let keys = try fill(first, box, photos)
        try first.saveIndex(now: now)

        // Builds 2 and 3 use only the first photo.
        for build in 2...3 {
            let cache = try box.makeCache()
            let key = try cache.key(for: box.url(of: photos[0]), settings: ImageSettings(), photo: photos[0])
            #expect(cache.lookup(key) != nil)
            try cache.saveIndex(now: now.addingTimeInterval(Double(build)))
            #expect(cache.prune(keepingBuilds: 2, now: now) == (build == 3 ? 2 : 0))
        }
        let cache = try box.makeCache()
        #expect(cache.lookup(keys[0]) != nil)
        #expect(cache.lookup(keys[1]) == nil)
        #expect(!FileManager.default.fileExists(atPath: cache.entryDirectory(for: keys[2]).path))
    }

    @Test func entriesUnusedForThirtyDaysAreRemoved() throws {
        let box = try CacheSandbox()
        let photos = try (0..<2).map { try box.putPhoto("p\($0).jpg", bytes: [UInt8($0)]) }
        let cache = try box.makeCache()
        let keys = try fill(cache, box, Array(photos.prefix(1)))
        let then = Date(timeIntervalSince1970: 1_800_000_000)
        try cache.saveIndex(now: then)
        let later = try box.makeCache()
        let fresh = try fill(later, box, Array(photos.suffix(1)))
        let muchLater = then.addingTimeInterval(31 * 86_400)
        try later.saveIndex(now: muchLater)
        #expect(later.prune(keepingBuilds: 10, now: muchLater) == 1)
        #expect(later.lookup(keys[0]) == nil)
        #expect(later.lookup(fresh[0]) != nil)
    }

    @Test func unknownEntriesStayUntilTheyAreOld() throws {
        let box = try CacheSandbox()
        let photo = try box.putPhoto("p.jpg", bytes: [1])
        let cache = try box.makeCache()
        let keys = try fill(cache, box, [photo])
        // The storing process never saved its index (it was killed, or is still running).
        let reopened = try box.makeCache()
        try reopened.saveIndex()
        #expect(
            reopened.prune(keepingBuilds: 1, listing: true) == 0, "another process may have just written it")
        // Found only when the folders are listed (every 16th build), then old enough.
        #expect(reopened.prune(keepingBuilds: 1, now: Date().addingTimeInterval(40 * 86_400)) == 0)
        #expect(
            reopened.prune(keepingBuilds: 1, now: Date().addingTimeInterval(40 * 86_400), listing: true) == 1)
        #expect(reopened.lookup(keys[0]) == nil)
    }

    @Test func leftoversOfKilledBuildsAreRemovedButNothingElse() throws {
        let box = try CacheSandbox()
        let cache = try box.makeCache()
        let tmp = cache.directory.appendingPathComponent("tmp")
        // Process ids are below 2^22 on Linux, so this one never runs.
        let dead = tmp.appendingPathComponent("99999999-1234")
        let ours = tmp.appendingPathComponent("\(getpid())-1")
        for folder in [dead, ours] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        // A killed build's half-written index, and one this process is writing.
        let deadIndex = cache.directory.appendingPathComponent(".index.bin.part-99999999-77")
        let ourIndex = cache.directory.appendingPathComponent(".records.pack.part-\(getpid())-78")
        let stranger = cache.directory.appendingPathComponent("notes.txt")
        let hidden = cache.directory.appendingPathComponent(".notes")
        for file in [deadIndex, ourIndex, stranger, hidden] { try Data("mine".utf8).write(to: file) }
        cache.prune()
        #expect(!FileManager.default.fileExists(atPath: dead.path))
        #expect(!FileManager.default.fileExists(atPath: deadIndex.path))
        for kept in [ours, ourIndex, stranger, hidden] {
            #expect(FileManager.default.fileExists(atPath: kept.path), "\(kept.lastPathComponent)")
        }
    }
}
