import Foundation

/// What the cache keeps between builds so that an unchanged protected album gives the same
/// bytes (a stable build is byte-identical): each protection root's salt, iteration count and
/// key check, and the nonce each of its files was sealed with, by the file's label and the
/// SHA-256 of what was sealed. Nothing in it is secret beyond what the site publishes: the
/// salt is in the pages, the nonces lead each ciphertext, and the key check costs a guesser
/// the same PBKDF2 as a ciphertext does.
struct SealingRecord: Codable, Sendable, Equatable {
    struct Root: Codable, Sendable, Equatable {
        /// Base64.
        var salt: String
        var iterations: Int
        /// ``AlbumKey/check``.
        var check: String
        /// `<label>` -> `<sha-256 hex of the plaintext> <nonce hex>`.
        var nonces: [String: String]
    }

    var roots: [String: Root] = [:]

    init() {}
}

/// The nonces of this build, shared by the workers that seal files and pages: a file sealed
/// before with the same key and the same bytes gets its nonce back (and so the same
/// ciphertext); anything else gets a fresh random one. A nonce is never used twice with one
/// key for different bytes: it is reused only for the very bytes it sealed.
final class NonceBook: Sendable {
    /// What the cache held when the build began.
    let previous: SealingRecord
    private let used = Locked<[String: [String: String]]>([:])

    init(previous: SealingRecord) {
        self.previous = previous
    }

    /// The nonce that seals bytes hashing to `digest` (hex) as `label` under `key`.
    func nonce(for key: AlbumKey, label: String, digest: String) -> [UInt8] {
        if let old = previous.roots[key.root], old.check == key.check, let entry = old.nonces[label] {
            let parts = entry.split(separator: " ")
            if parts.count == 2, parts[0] == digest, let nonce = SHA256.bytes(hex: parts[1]),
                nonce.count == AESGCM.nonceSize
            {
                remember(key, label, entry)
                return nonce
            }
        }
        let nonce = SecureRandom.bytes(AESGCM.nonceSize)
        remember(key, label, digest + " " + SHA256.hexString(nonce))
        return nonce
    }

    /// `plaintext` sealed as `label` under `key`: `nonce ‖ ciphertext ‖ tag`.
    func seal(_ plaintext: [UInt8], as label: String, with key: AlbumKey) -> [UInt8] {
        AESGCM.seal(
            plaintext, key: key.key, nonce: nonce(for: key, label: label, digest: SHA256.hex(plaintext)))
    }

    /// What the cache keeps for the next build: each key's salt and check, and its nonces:
    /// those this build used, and the earlier ones of the same key (a page kept from the
    /// previous build was not sealed again, and its nonce must stay known for a later build
    /// that seals the same bytes). A new key starts afresh. A root this build did not seal
    /// (an album left out for a while, a password not given to a `--keep-going` build)
    /// keeps its record.
    func record(keys: [AlbumKey]) -> SealingRecord {
        let nonces = used.withLock { $0 }
        var record = previous
        for key in keys {
            var kept: [String: String] = [:]
            if let old = previous.roots[key.root], old.check == key.check { kept = old.nonces }
            kept.merge(nonces[key.root] ?? [:]) { _, new in new }
            record.roots[key.root] = SealingRecord.Root(
                salt: key.saltText, iterations: key.iterations, check: key.check, nonces: kept)
        }
        return record
    }

    /// The salt the previous build used for `root`, when it used the same iteration count.
    func previousSalt(of root: String, iterations: Int) -> [UInt8]? {
        guard let old = previous.roots[root], old.iterations == iterations,
            let salt = Data(base64Encoded: old.salt), salt.count == AlbumKey.saltSize
        else { return nil }
        return Array(salt)
    }

    /// The key check the previous build recorded for `root`.
    func previousCheck(of root: String) -> String? {
        previous.roots[root]?.check
    }

    private func remember(_ key: AlbumKey, _ label: String, _ entry: String) {
        used.withLock { $0[key.root, default: [:]][label] = entry }
    }
}

/// The keys of a build's protection roots: the previous build's salt kept when the password
/// is the same (the key's check matches the cache's), a new random salt otherwise (a new
/// password seals everything anew).
enum AlbumKeys {
    static func derive(
        _ protections: [AlbumProtection], book: NonceBook, iterations: Int = AlbumKey.iterations,
        workers: WorkerPool? = nil
    ) -> [String: AlbumKey] {
        let made: @Sendable (Int) -> AlbumKey = { index in
            let protection = protections[index]
            if let salt = book.previousSalt(of: protection.root, iterations: iterations) {
                let key = AlbumKeyMemo.key(
                    root: protection.root, password: protection.password, salt: salt, iterations: iterations)
                if key.check == book.previousCheck(of: protection.root) { return key }
            }
            return AlbumKeyMemo.key(
                root: protection.root, password: protection.password,
                salt: SecureRandom.bytes(AlbumKey.saltSize), iterations: iterations)
        }
        let keys = workers?.mapWaiting(protections.count, made) ?? protections.indices.map(made)
        return Dictionary(keys.map { ($0.root, $0) }, uniquingKeysWith: { first, _ in first })
    }
}
