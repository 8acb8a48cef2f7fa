import Foundation

/// `sealing.json` in the cache folder: what a build of password-protected albums needs of the
/// previous one to publish the same bytes (``SealingRecord``: salts, key checks, nonces; no
/// key, no password), written after each successful build that sealed something (see
/// ``NonceBook/record(keys:)`` for what it keeps). Removing it (or the whole cache) costs
/// nothing but new salts and nonces, so new ciphertexts, on the next build.
///
/// `sealed/`: the sealed copies of the protected albums' files, each named by what made it
/// (the key's check, the plaintext's cache entries, its path), linked into the site like
/// renditions; those a successful build did not use are removed after it.
extension DerivativeCache {
    static let sealingFileName = "sealing.json"

    /// The previous build's record; empty when there is none or it cannot be read.
    func sealingRecord() -> SealingRecord {
        guard let data = try? Data(contentsOf: directory.appendingPathComponent(Self.sealingFileName)),
            let record = try? JSONDecoder().decode(SealingRecord.self, from: data)
        else { return SealingRecord() }
        return record
    }

    /// Keeps `record` for the next build.
    func keepSealingRecord(_ record: SealingRecord) throws(CacheError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        do {
            try encoder.encode(record).write(
                to: directory.appendingPathComponent(Self.sealingFileName), options: .atomic)
        } catch {
            throw CacheError(
                .io(operation: "save the private albums' nonces", detail: "\(error)"), file: directoryPath)
        }
    }

    /// The folder of the sealed copies.
    var sealedFolder: String { directoryPath + "/sealed" }

    /// Where the sealed copy of the site file at `path`, made by `print`, is kept:
    /// `sealed/<2 hex>/<64 hex>` (a hash of both).
    func sealedCopy(of path: String, madeBy print: String) -> String {
        let name = SHA256.hex(print + "\n" + path)
        let copy = sealedFolder + "/" + name.prefix(2) + "/" + name
        sealedCopiesUsed.withLock { _ = $0.insert(copy) }
        return copy
    }

    /// Removes the sealed copies this build did not use (none when it used none: a build
    /// without its private albums, or with none, leaves them for the next), and starts the
    /// next build's list (a `serve` session keeps its cache open).
    func pruneSealedCopies() {
        let used = sealedCopiesUsed.withLock { used in
            defer { used = [] }
            return used
        }
        guard !used.isEmpty else { return }
        let manager = FileManager.default
        for shard in (try? manager.contentsOfDirectory(atPath: sealedFolder)) ?? [] {
            let folder = sealedFolder + "/" + shard
            for name in (try? manager.contentsOfDirectory(atPath: folder)) ?? []
            where !used.contains(folder + "/" + name) {
                _ = unlink(folder + "/" + name)
            }
        }
    }
}
