import Foundation
import Testing

@testable import GalleryKit

@Suite struct DerivativeCacheTimingTests {
    /// A rebuild of 1,000 unchanged photos: key (quick check), lookup and restore each. The
    /// target is under 0.3 s in a release build; the time is printed, not asserted, because
    /// debug builds and busy machines vary.
    @Test func thousandPhotoRebuild() throws {
        let box = try CacheSandbox()
        let count = 1000
        let photos = try (0..<count).map { index in
            try box.putPhoto("album-\(index / 100)/p\(index).jpg", bytes: Array("photo \(index)".utf8))
        }
        let settings = ImageSettings()
        let first = try box.makeCache()
        for photo in photos {
            let key = try first.key(for: box.url(of: photo), settings: settings, photo: photo)
            let processed = try box.processed(photo, key: key, widths: [480, 960, 1600, 2400])
            try first.store(processed, renditionsIn: box.site, key: key)
        }
        try first.saveIndex()

        let staging = box.root.appendingPathComponent("staging")
        let clock = ContinuousClock()
        let start = clock.now
        let cache = try box.makeCache()
        var restored = 0
        for photo in photos {
            let key = try cache.key(for: box.url(of: photo), settings: settings, photo: photo)
            if cache.restoredPhoto(for: key, source: photo, into: staging) != nil { restored += 1 }
        }
        try cache.saveIndex()
        let elapsed = clock.now - start
        print(
            "DerivativeCache: \(count) photos (4 renditions each) keyed, looked up and restored in \(elapsed)"
        )
        #expect(restored == count)
        #expect(cache.statistics.filesHashed == 0)
    }
}
