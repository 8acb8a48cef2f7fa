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

    /// The paths of `keysByPath` whose cache entries (at least one) were all scanned clean: a
    /// build that was swapped in has scanned each entry's renditions and found no GPS data in
    /// them. The files are content-addressed and never edited in place, and the image part of
    /// the scan does not depend on the sources' coordinates, so the finding holds until the
    /// entry is replaced. One lock for the whole site.
    func scannedCleanPaths(_ keysByPath: [String: [CacheKey]]) -> Set<String> {
        state.withLock { state in
            var clean: Set<String> = []
            clean.reserveCapacity(keysByPath.count)
            for (path, keys) in keysByPath
            where !keys.isEmpty && keys.allSatisfy({ state.index.entries[$0.hex]?.scannedClean == true }) {
                clean.insert(path)
            }
            return clean
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
