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

    /// Writes `records` (packed) atomically; false when it could not.
    @discardableResult
    static func write(_ records: [String: [UInt8]], to directory: URL) -> Bool {
        var writer = ByteWriter()
        writer.add(magic)
        writer.add(version)
        writer.add(records.count)
        for key in records.keys.sorted() {
            writer.add(key)
            writer.add(bytes: records[key] ?? [])
        }
        return
            (try? Data(writer.bytes).write(to: directory.appendingPathComponent(fileName), options: .atomic))
            != nil
    }
}

extension DerivativeCache {
    /// Rewrites the record pack with the photo records of the entries this build used, unless
    /// it holds exactly those already. Called with the index (``saveIndex(now:scannedClean:)``).
    func savePack(used: Set<String>) {
        let (known, memo) = state.withLock { state in (state.packed, state.records) }
        var packed: [String: [UInt8]] = [:]
        for key in used {
            if let bytes = known[key] {
                packed[key] = bytes
            } else if let record = memo[key] as? PhotoDerivatives
                ?? entryRecord(for: CacheKey(hex: key, contentHash: ""), as: PhotoDerivatives.self)
            {
                // Stored by this build, or read from its `photo.json`: a clip's entry has none.
                packed[key] = record.packedBytes
            }
        }
        guard Set(packed.keys) != Set(known.keys) else { return }
        state.withLock { $0.packed = packed }
        RecordPack.write(packed, to: directory)
    }
}
