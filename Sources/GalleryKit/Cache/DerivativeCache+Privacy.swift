import Foundation

/// What the cache remembers for the GPS leak check, so a cached photo needs no read at all:
/// the coordinates found in each source (keyed by its content hash, since they depend on its
/// bytes only), and which entries' renditions a successful build has already scanned.
extension DerivativeCache {
    /// The GPS coordinates read earlier from a source with these bytes, attributed to
    /// `sourcePath`; nil when this cache has not seen them.
    func sourceCoordinates(contentHash: String, sourcePath: String) -> [GPSCoordinate]? {
        let pairs = state.withLock { $0.index.sourceGPS?[contentHash] }
        return pairs?.compactMap { pair in
            pair.count == 2 ? GPSCoordinate(latitude: pair[0], longitude: pair[1], source: sourcePath) : nil
        }
    }

    /// Remembers the coordinates read from a source with these bytes (saved with the index).
    func recordSourceCoordinates(_ coordinates: [GPSCoordinate], contentHash: String) {
        state.withLock { state in
            state.index.sourceGPS = state.index.sourceGPS ?? [:]
            state.index.sourceGPS?[contentHash] = coordinates.map { [$0.latitude, $0.longitude] }
        }
    }

    /// Whether a path of `keysByPath` has cache entries (at least one) that were all scanned
    /// clean: a build that was swapped in has scanned each entry's renditions and found no GPS
    /// data in them. The files are content-addressed and never edited in place, and the image
    /// part of the scan does not depend on the sources' coordinates, so the finding holds until
    /// the entry is replaced. One lock for the whole site: the answer is the index as it is
    /// now (a shared copy), asked path by path rather than collected into a set of every
    /// published path (400,000 at 50,000 photos).
    func scannedClean(_ keysByPath: [String: [CacheKey]]) -> @Sendable (String) -> Bool {
        let entries = state.withLock { $0.index.entries }
        return { path in
            guard let keys = keysByPath[path], !keys.isEmpty else { return false }
            return keys.allSatisfy { entries[$0.hex]?.scannedClean == true }
        }
    }

    /// Removes the entries for `keys` (files the leak check refused): later lookups miss, and
    /// the next build makes them again.
    func discard(_ keys: [CacheKey]) {
        for key in Set(keys.map(\.hex)) {
            try? FileManager.default.removeItem(at: entryDirectory(for: CacheKey(hex: key, contentHash: "")))
            state.withLock { state in
                state.index.entries[key] = nil
                state.records[key] = nil
                state.usedEntries.remove(key)
            }
        }
    }
}
