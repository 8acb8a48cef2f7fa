import Dispatch
import Foundation
import Synchronization
import Testing

@testable import GalleryKit

@Suite struct DerivativeCacheConcurrencyTests {
    @Test func manyWorkersKeyStoreAndLookUpAtOnce() throws {
        let box = try CacheSandbox()
        // 40 photos, but only 20 distinct contents under distinct slugs: pairs race for a key.
        let photos = try (0..<40).map { index in
            try box.putPhoto("p\(index).jpg", bytes: [UInt8(index % 20), 42], slug: "photo-\(index % 20)")
        }
        let cache = try box.makeCache()
        let failures = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: photos.count) { index in
            do {
                let photo = photos[index]
                let key = try cache.key(for: box.url(of: photo), settings: ImageSettings(), photo: photo)
                let own = box.root.appendingPathComponent("worker-\(index)")
                let processed = try box.processed(photo, key: key, widths: [320, 640, 1280], in: own)
                try cache.store(processed, of: photo.sourcePath, renditionsIn: own, key: key)
                if cache.lookup(key) == nil { failures.withLock { $0.append("lookup \(index)") } }
            } catch {
                failures.withLock { $0.append("\(index): \(error)") }
            }
        }
        #expect(failures.withLock { $0 } == [])
        #expect(cache.statistics.hits == 40)
        #expect(cache.statistics.stores == 40, "a lost race still counts as stored")
        let tmp = try FileManager.default.contentsOfDirectory(
            atPath: cache.directory.appendingPathComponent("tmp").path)
        #expect(tmp.isEmpty, "no temporary folder is left behind")
        let shards = try FileManager.default.contentsOfDirectory(atPath: cache.directory.path)
            .filter { $0.count == 2 }
        let entries = try shards.flatMap {
            try FileManager.default.contentsOfDirectory(
                atPath: cache.directory.appendingPathComponent($0).path)
        }
        #expect(entries.count == 20)
        try cache.saveIndex()
        #expect(try box.makeCache().statistics == CacheStatistics())
    }
}
