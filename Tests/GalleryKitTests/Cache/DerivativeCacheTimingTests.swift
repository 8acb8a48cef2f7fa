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
            try first.store(processed, of: photo.sourcePath, renditionsIn: box.site, key: key)
        }
        try first.saveIndex()

        let staging = box.root.appendingPathComponent("staging")
        let clock = ContinuousClock()
        let start = clock.now
        var phases: [(String, Double)] = []
        var mark = Self.cpuSeconds()
        func phase(_ name: String) {
            let now = Self.cpuSeconds()
            phases.append((name, now - mark))
            mark = now
        }
        let cache = try box.makeCache()
        phase("open")
        let keys = try photos.map { try cache.key(for: box.url(of: $0), settings: settings, photo: $0) }
        phase("key")
        let records = keys.map { cache.lookup($0) }
        phase("lookup")
        var restored = 0
        for (key, record) in zip(keys, records) {
            if let record, cache.restore(record, key: key, into: staging) { restored += 1 }
        }
        phase("restore")
        try cache.saveIndex()
        phase("save")
        let elapsed = clock.now - start
        let total = phases.map(\.1).reduce(0, +)
        let breakdown = phases.map { "\($0.0) \(Int(($0.1 * 1000).rounded()))" }.joined(separator: ", ")
        print(
            "DerivativeCache: \(count) photos (4 renditions each) keyed, looked up and restored in "
                + "\(elapsed); CPU \(Int((total * 1000).rounded())) ms (\(breakdown))")
        #expect(restored == count)
        #expect(cache.statistics.filesHashed == 0)
    }

    /// User plus system CPU time of the calling thread, which is less disturbed than the wall
    /// clock on a shared machine.
    static func cpuSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
