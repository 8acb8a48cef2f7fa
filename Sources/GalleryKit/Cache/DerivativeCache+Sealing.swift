import Foundation

/// `sealing.json` in the cache folder: what a build of password-protected albums needs of the
/// previous one to publish the same bytes (``SealingRecord``: salts, key checks, nonces; no
/// key, no password). Only what the last successful build used is kept. Removing it (or the
/// whole cache) costs nothing but new salts and nonces, so new ciphertexts, on the next build.
extension DerivativeCache {
    static let sealingFileName = "sealing.json"

    /// The previous build's record; empty when there is none or it cannot be read.
    func sealingRecord() -> SealingRecord {
        guard let data = try? Data(contentsOf: directory.appendingPathComponent(Self.sealingFileName)),
            let record = try? JSONDecoder().decode(SealingRecord.self, from: data)
        else { return SealingRecord() }
        return record
    }

    /// Keeps `record` for the next build, unless it holds what is kept already.
    func keepSealingRecord(_ record: SealingRecord) throws(CacheError) {
        guard record != sealingRecord() else { return }
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
}
