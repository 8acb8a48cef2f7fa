import Foundation
import Testing

@testable import GalleryKit

/// The cache used the way a build uses it: key, restore or process and store, then the output
/// writer swaps the staging folder in.
@Suite struct DerivativeCacheBuildTests {
    /// One build over `photos`; returns how many came from the cache.
    @discardableResult
    func build(_ photos: [PhotoSource], box: CacheSandbox, settings: ImageSettings = ImageSettings()) throws
        -> Int
    {
        let cache = try box.makeCache()
        let writer = try OutputWriter(outputDirectory: box.site, contentDirectory: box.content)
        var cached = 0
        for photo in photos {
            let key = try cache.key(for: box.url(of: photo), settings: settings, photo: photo)
            if cache.restored(key, into: writer.stagingDirectory) != nil {
                cached += 1
            } else {
                let processed = try box.processed(
                    photo, key: key, widths: settings.widths, in: writer.stagingDirectory)
                try cache.store(
                    processed, of: photo.sourcePath, renditionsIn: writer.stagingDirectory, key: key)
            }
        }
        try writer.commit()
        try cache.saveIndex()
        cache.prune()
        return cached
    }

    func imageFiles(in site: URL) throws -> [String] {
        let folder = site.appendingPathComponent("_img")
        guard let walker = FileManager.default.enumerator(atPath: folder.path) else { return [] }
        var files: [String] = []
        while let path = walker.nextObject() as? String {
            if path.hasSuffix(".jpg") { files.append((path as NSString).lastPathComponent) }
        }
        return files.sorted()
    }

    @Test func rebuildsReuseChangedPhotosAreRedoneAndDeletedOnesLeaveTheSite() throws {
        let box = try CacheSandbox()
        try FileManager.default.removeItem(at: box.site)
        var photos = try ["a", "b", "c"].map { try box.putPhoto("\($0).jpg", bytes: Array($0.utf8)) }

        #expect(try build(photos, box: box) == 0)
        #expect(try build(photos, box: box) == 3, "nothing changed: everything from the cache")

        try box.putPhoto("b.jpg", bytes: Array("b, edited".utf8))
        #expect(try build(photos, box: box) == 2, "one photo changed: only it is processed")

        var smaller = ImageSettings()
        smaller.widths = [480]
        #expect(try build(photos, box: box, settings: smaller) == 0, "new widths: all processed")
        #expect(try imageFiles(in: box.site) == ["a-480.jpg", "b-480.jpg", "c-480.jpg"])

        photos.removeAll { $0.slug == "c" }
        #expect(try build(photos, box: box, settings: smaller) == 2)
        #expect(
            try imageFiles(in: box.site) == ["a-480.jpg", "b-480.jpg"], "the deleted photo's files are gone")
    }

    @Test func cachedFilesSurviveTheOldSiteBeingDeleted() throws {
        let box = try CacheSandbox()
        try FileManager.default.removeItem(at: box.site)
        let photos = [try box.putPhoto("a.jpg", bytes: [1, 2, 3])]
        try build(photos, box: box)
        try build(photos, box: box)
        try build(photos, box: box)  // deletes the first two sites, whose files were links
        let cache = try box.makeCache()
        let key = try cache.key(for: box.url(of: photos[0]), settings: ImageSettings(), photo: photos[0])
        let record = try #require(cache.lookup(key))
        for rendition in record.renditions {
            let published = try #require(box.read(rendition.path, in: box.site))
            #expect(published.count == rendition.byteCount)
        }
    }
}
