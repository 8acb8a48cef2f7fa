import Foundation

/// `<cache>/records.pack`: the photo records (``PhotoDerivatives``) the last build used, in
/// ``ByteWriter``'s compact form, in one file. A build reads every photo's record; from each
/// entry's `photo.json` that was most of a rebuild with nothing changed (10,000 files and as
/// many JSON decodes), from the pack it is one read and a fast decode per record.
///
/// Only an accelerator: each entry's `photo.json` stays the record of truth, and a record not
/// in the pack (or a pack that is missing, of another version, damaged, or a partial one that
/// came with another cache's folders) is read from there. Records are written once per key and
/// never change, so a pack can never hold a wrong one, only an old or a missing one.
enum RecordPack {
    static let fileName = "records.pack"
    static let magic = "galleryc-records"
    static let version = 1

    /// The packed records by entry key; empty when there is no usable pack.
    static func read(from directory: URL) -> [String: [UInt8]] {
        guard let data = FileManager.default.contents(atPath: directory.appendingPathComponent(fileName).path)
        else { return [:] }
        var reader = ByteReader([UInt8](data))
        guard reader.string() == magic, reader.int() == version, let count = reader.int(), count >= 0 else {
            return [:]
        }
        var records: [String: [UInt8]] = [:]
        records.reserveCapacity(count)
        for _ in 0..<count {
            guard let key = reader.string(), let bytes = reader.rawBytes() else { return [:] }
            records[key] = bytes
        }
        return reader.isComplete ? records : [:]
    }

    /// Writes the records of `keys` (in that order), each as `bytes` packs it, atomically and
    /// a piece at a time: at 50,000 photos the pack is tens of megabytes, and it is written
    /// at the end of the build, where the memory peaks.
    static func write(_ keys: [String], to directory: URL, bytes: (String) -> [UInt8]) throws(POSIXError) {
        var writer = ByteWriter(file: try ByteFile(directory.appendingPathComponent(fileName)))
        writer.add(magic)
        writer.add(version)
        writer.add(keys) { writer, key in
            writer.add(key)
            writer.add(bytes: bytes(key))
        }
        try writer.commit()
    }
}

extension DerivativeCache {
    /// Rewrites the record pack with the photo records of the entries this build used, unless
    /// it holds exactly those already. Called with the index (``saveIndex(now:scannedClean:)``).
    /// Each record is packed as it is written, from the pack read at the start or from the
    /// record in memory, and not kept packed.
    func savePack(used: Set<String>) {
        let (packedKeys, packed, memo) = state.withLock { state in
            (state.packedKeys, state.packed, state.records)
        }
        // Stored or looked up by this build, else read from its `photo.json`: a clip's entry has none.
        var read = state.withLock { state in
            defer { state.stored = [:] }
            return state.stored
        }
        var keys: [String] = []
        keys.reserveCapacity(used.count)
        for key in used {
            if packed[key] == nil && !(memo[key] is PhotoDerivatives) && read[key] == nil {
                guard
                    let record = entryRecord(
                        for: CacheKey(hex: key, contentHash: ""), as: PhotoDerivatives.self)
                else { continue }
                read[key] = record
            }
            keys.append(key)
        }
        guard keys.count != packedKeys.count || !keys.allSatisfy(packedKeys.contains) else { return }
        keys.sort()
        do {
            try RecordPack.write(keys, to: directory) { key in
                packed[key] ?? ((memo[key] as? PhotoDerivatives) ?? read[key])?.packedBytes ?? []
            }
            state.withLock { $0.packedKeys = Set(keys) }
        } catch {
            // Only an accelerator: the next build reads the records it lacks from their entries.
        }
    }
}
