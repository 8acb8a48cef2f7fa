import Foundation
import Testing

@testable import GalleryKit

@Suite struct DerivativeCacheKeyTests {
    let settings = ImageSettings()

    @Test func sameInputsGiveTheSameKeyAcrossCacheInstances() throws {
        let box = try CacheSandbox()
        let photo = try box.putPhoto("a/one.jpg", bytes: [1, 2, 3])
        let first = try box.makeCache().key(for: box.url(of: photo), settings: settings, photo: photo)
        let second = try box.makeCache().key(for: box.url(of: photo), settings: settings, photo: photo)
        #expect(first == second)
        #expect(first.hex.count == 64)
        #expect(first.contentHash == SHA256.hex([1, 2, 3]))
    }

    @Test func keyChangesWithBytesSettingsSlugFocusAndVersion() throws {
        let box = try CacheSandbox()
        let photo = try box.putPhoto("one.jpg", bytes: [1, 2, 3])
        let cache = try box.makeCache()
        let base = try cache.key(for: box.url(of: photo), settings: settings, photo: photo)

        var keys: [String: CacheKey] = [:]
        var changed = settings
        changed.widths = [480, 960]
        keys["widths"] = try cache.key(for: box.url(of: photo), settings: changed, photo: photo)
        changed = settings
        changed.formats = [.jpeg, .webp]
        keys["formats"] = try cache.key(for: box.url(of: photo), settings: changed, photo: photo)
        changed = settings
        changed.jpegQuality = 90
        keys["jpeg quality"] = try cache.key(for: box.url(of: photo), settings: changed, photo: photo)
        changed = settings
        changed.webpQuality = 70
        keys["webp quality"] = try cache.key(for: box.url(of: photo), settings: changed, photo: photo)
        changed = settings
        changed.progressive = false
        keys["progressive"] = try cache.key(for: box.url(of: photo), settings: changed, photo: photo)
        var renamed = photo
        renamed.slug = "another"
        keys["slug"] = try cache.key(for: box.url(of: photo), settings: settings, photo: renamed)
        var focused = photo
        focused.focus = FocalPoint(x: 0.62, y: 0.4)
        keys["focus"] = try cache.key(for: box.url(of: photo), settings: settings, photo: focused)
        keys["version"] = try box.makeCache(version: "test-2").key(
            for: box.url(of: photo), settings: settings, photo: photo)
        try box.putPhoto("one.jpg", bytes: [1, 2, 4])
        keys["bytes"] = try cache.key(for: box.url(of: photo), settings: settings, photo: photo)

        for (input, key) in keys {
            #expect(key != base, "changing \(input) must change the key")
        }
        #expect(Set(keys.values.map(\.hex)).count == keys.count, "every change gives its own key")
    }

    @Test func aFormatWhoseProcessingChangedGetsAKeyOfItsOwn() throws {
        // The same bytes and slug as a HEIC and as a JPEG: only the HEIC's key says `heic=2`,
        // so that HEICs cached before galleryc kept their gain maps are made again, alone.
        let box = try CacheSandbox()
        let heic = try box.putPhoto("IMG_1.HEIC", bytes: [1, 2, 3])
        let jpeg = try box.putPhoto("IMG_1.jpg", bytes: [1, 2, 3])
        let cache = try box.makeCache()
        let description = { (photo: PhotoSource) in
            DerivativeCache.canonicalDescription(
                contentHash: SHA256.hex([1, 2, 3]), settings: settings, photo: photo,
                pipelineVersion: cache.pipelineVersion)
        }
        #expect(
            try cache.key(for: box.url(of: jpeg), settings: settings, photo: jpeg).hex
                == SHA256.hex(description(jpeg)))
        let heicKey = try cache.key(for: box.url(of: heic), settings: settings, photo: heic)
        #expect(heicKey.hex != SHA256.hex(description(heic)))
        #expect(ImageSettings.formatRevision(for: "IMG_1.HEIC") == ";heic=2")
        #expect(ImageSettings.formatRevision(for: "IMG_1.avif").isEmpty)
    }

    @Test func titlesCaptionsAndAltDoNotChangeTheKey() throws {
        let box = try CacheSandbox()
        let photo = try box.putPhoto("one.jpg", bytes: [9, 9])
        let cache = try box.makeCache()
        var edited = photo
        edited.title = "New title"
        edited.alt = "New alt"
        edited.captionHTML = "<p>caption</p>"
        #expect(
            try cache.key(for: box.url(of: photo), settings: settings, photo: photo)
                == cache.key(for: box.url(of: photo), settings: settings, photo: edited))
    }

    @Test func touchingAFileRehashesItButKeepsTheKey() throws {
        let box = try CacheSandbox()
        let photo = try box.putPhoto("one.jpg", bytes: Array(repeating: 7, count: 5000))
        let cache = try box.makeCache()
        let before = try cache.key(for: box.url(of: photo), settings: settings, photo: photo)
        try box.touch(box.url(of: photo), secondsFromNow: -3600)
        let after = try cache.key(for: box.url(of: photo), settings: settings, photo: photo)
        #expect(before == after)
        #expect(cache.statistics.filesHashed == 2)
    }

    @Test func unchangedFilesAreNotHashedAgainInTheNextBuild() throws {
        let box = try CacheSandbox()
        let photos = try (0..<5).map { try box.putPhoto("p\($0).jpg", bytes: [UInt8($0), 1, 2]) }
        let first = try box.makeCache()
        let keys = try photos.map { try first.key(for: box.url(of: $0), settings: settings, photo: $0) }
        #expect(first.statistics.filesHashed == 5)
        _ = try photos.map { try first.key(for: box.url(of: $0), settings: settings, photo: $0) }
        #expect(first.statistics.filesHashed == 5, "the same build asks twice: no second read")
        try first.saveIndex()

        try box.putPhoto("p3.jpg", bytes: [3, 1, 2, 0])
        let second = try box.makeCache()
        let again = try photos.map { try second.key(for: box.url(of: $0), settings: settings, photo: $0) }
        #expect(second.statistics.filesHashed == 1, "only the changed photo is read")
        #expect(again[0] == keys[0] && again[4] == keys[4])
        #expect(again[3] != keys[3])
    }

    @Test func aFileModifiedSecondsAgoIsHashedAgainNextBuild() throws {
        let box = try CacheSandbox()
        let photo = try box.putPhoto("fresh.jpg", bytes: [1, 2])
        try box.touch(box.url(of: photo), secondsFromNow: 0)
        let first = try box.makeCache()
        _ = try first.key(for: box.url(of: photo), settings: settings, photo: photo)
        try first.saveIndex()
        let second = try box.makeCache()
        _ = try second.key(for: box.url(of: photo), settings: settings, photo: photo)
        #expect(second.statistics.filesHashed == 1, "a stamp this recent is not trusted yet")
    }

    @Test func anUnreadableIndexMeansHashingAgainNotAnError() throws {
        let box = try CacheSandbox()
        let photo = try box.putPhoto("one.jpg", bytes: [1])
        let cache = try box.makeCache()
        let key = try cache.key(for: box.url(of: photo), settings: settings, photo: photo)
        try cache.saveIndex()
        try Data("{not an index".utf8).write(to: box.cacheFolder.appendingPathComponent("index.bin"))
        let reopened = try box.makeCache()
        #expect(try reopened.key(for: box.url(of: photo), settings: settings, photo: photo) == key)
        #expect(reopened.statistics.filesHashed == 1)
    }

    /// The key reads a photo through the image stage's reader, so an unreadable photo gets
    /// the same error from the key as from the pipeline, naming it.
    @Test func aMissingPhotoGivesTheReadersError() throws {
        let box = try CacheSandbox()
        let photo = PhotoSource(sourcePath: "gone/x.jpg", fileName: "x.jpg", slug: "x", urlPath: "x/")
        let cache = try box.makeCache()
        let url = box.url(of: photo)
        let error = #expect(throws: ImageError.self) {
            try cache.key(for: url, settings: settings, photo: photo) { () throws(ImageError) in
                try PhotoFile.read(url, displayPath: photo.sourcePath)
            }
        }
        #expect(error?.description.hasPrefix("gone/x.jpg: error: cannot read the file: ") == true)
    }

    @Test func largeFilesHashLikeTheOneShotDigest() throws {
        let box = try CacheSandbox()
        let bytes = (0..<(3 << 20) + 77).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 9) }
        let photo = try box.putPhoto("big.jpg", bytes: bytes)
        let key = try box.makeCache().key(for: box.url(of: photo), settings: settings, photo: photo)
        #expect(key.contentHash == SHA256.hex(bytes))
    }
}
