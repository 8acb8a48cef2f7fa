import Foundation

extension DerivativeCache {
    /// Removes entries that none of the last `keepingBuilds` builds used, or that no build has
    /// used for `maxAge`; entries the index does not know (its index was lost, or another
    /// process wrote them) go only once their folder is older than `maxAge`. Also removes
    /// leftovers of killed builds in `<cache>/tmp/` and forgets source files no recent build
    /// keyed. Call after ``saveIndex(now:)``, which records what the build used.
    ///
    /// Entries the index knows are judged by it at every build; the folders on disk are listed
    /// (for entries it does not know) only every ``listingInterval``-th build, since listing
    /// 10,000 entries costs more than the rest of a rebuild with nothing changed.
    ///
    /// - Parameters:
    ///   - keepingBuilds: how many recent builds' entries to keep (at least 1).
    ///   - maxAge: entries unused for longer go, whatever the build count (default 30 days).
    ///   - now: the current time.
    ///   - listing: list the entry folders (nil: on every ``listingInterval``-th build).
    /// - Returns: how many entries were removed.
    @discardableResult
    func prune(
        keepingBuilds: Int = 5, maxAge: TimeInterval = 30 * 86_400, now: Date = Date(), listing: Bool? = nil
    ) -> Int {
        let (index, builds) = state.withLock { state in
            let oldest = state.index.builds - max(1, keepingBuilds) + 1
            state.index.files = state.index.files.filter { $0.value.lastBuild >= oldest }
            if let gps = state.index.sourceGPS {
                let hashes = Set(state.index.files.values.map(\.hash))
                state.index.sourceGPS = gps.filter { hashes.contains($0.key) }
            }
            return (state.index.entries, oldest)
        }
        let cutoff = now.timeIntervalSince1970 - maxAge
        var removed: [String] = []
        let listing = listing ?? state.withLock { $0.index.builds % Self.listingInterval == 0 }
        let candidates =
            listing
            ? entryKeysOnDisk()
            : index.filter { $0.value.lastBuild < builds || $0.value.lastUsed < cutoff }.keys.sorted()
        for key in candidates {
            let folder = entryDirectory(for: CacheKey(hex: key, contentHash: ""))
            let stale: Bool
            if let use = index[key] {
                stale = use.lastBuild < builds || use.lastUsed < cutoff
            } else {
                let modified = (try? folder.resourceValues(forKeys: [.contentModificationDateKey]))?
                    .contentModificationDate
                stale = (modified?.timeIntervalSince1970 ?? 0) < cutoff
            }
            guard stale else { continue }
            if (try? FileManager.default.removeItem(at: folder)) != nil {
                removed.append(key)
            } else if !FileManager.default.fileExists(atPath: folder.path) {
                // Gone already (another process pruned it): only the index still names it.
                state.withLock { _ = $0.index.entries.removeValue(forKey: key) }
            }
        }
        state.withLock { state in
            for key in removed {
                state.index.entries[key] = nil
                state.records[key] = nil
            }
        }
        removeAbandonedTemporaries()
        return removed.count
    }

    /// Every how many builds the entry folders are listed.
    static let listingInterval = 16

    /// Keys of the entry folders present: `<two hex digits>/<64 hex digits starting with them>`.
    private func entryKeysOnDisk() -> [String] {
        let manager = FileManager.default
        let shards = (try? manager.contentsOfDirectory(atPath: directory.path)) ?? []
        var keys: [String] = []
        for shard in shards.sorted() where shard.count == 2 && Self.isHex(shard) {
            let names = (try? manager.contentsOfDirectory(atPath: directory.path + "/" + shard)) ?? []
            keys += names.filter { $0.count == 64 && $0.hasPrefix(shard) && Self.isHex($0) }.sorted()
        }
        return keys
    }

    /// Removes `<cache>/tmp/<pid>-...` folders whose process has exited, and the half-written
    /// index, pack and manifests such a process left in the cache folder (``ByteFile``'s
    /// `.<name>.part-<pid>-...`).
    private func removeAbandonedTemporaries() {
        let parent = directory.appendingPathComponent(Self.temporaryFolderName)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: parent.path)) ?? []
        for name in names {
            guard let pid = name.split(separator: "-").first.flatMap({ Int32($0) }), isAbandoned(pid) else {
                continue
            }
            try? FileManager.default.removeItem(at: parent.appendingPathComponent(name))
        }
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        for name in files where name.hasPrefix(".") {
            guard let part = name.range(of: ByteFile.partMarker),
                let pid = name[part.upperBound...].split(separator: "-").first.flatMap({ Int32($0) }),
                isAbandoned(pid)
            else { continue }
            _ = unlink(directory.path + "/" + name)
        }
    }

    /// Whether `pid`, which named a temporary file or folder, is another process that exited.
    private func isAbandoned(_ pid: Int32) -> Bool {
        pid != CacheFileSystem.processID && processHasExited(pid)
    }

    private static func isHex(_ text: String) -> Bool {
        text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }
}
