import Foundation

/// The key of a password-protected album and of the albums below it that share its password
/// (``AlbumProtection/root``): AES-256-GCM's key, derived from the password with
/// PBKDF2-HMAC-SHA256 over a random per-album salt, and a second key for the names of the
/// sealed files, derived from the first with HMAC (so that the two uses never share a key).
///
/// What is published of it: the salt and the iteration count (the browser needs both to
/// derive the same key from the visitor's password). The key itself never leaves the build.
struct AlbumKey: Sendable, Hashable {
    /// OWASP's 2023 figure for PBKDF2-HMAC-SHA256, the floor: each guess at a password
    /// costs 600,000 HMACs (the README has the guesses per second this machine manages).
    static let iterations = 600_000
    static let saltSize = 16

    /// The source path of the album that set the password.
    let root: String
    let salt: [UInt8]
    let iterations: Int
    /// AES-256-GCM's key.
    let key: [UInt8]
    /// HMAC-SHA256's key for the sealed files' names.
    let namesKey: [UInt8]

    /// Derives the key of `password` over `salt` (600,000 HMACs: a quarter of a second here).
    init(root: String, password: String, salt: [UInt8], iterations: Int = Self.iterations) {
        self.root = root
        self.salt = salt
        self.iterations = iterations
        key = PBKDF2.sha256(password: password, salt: salt, iterations: iterations)
        namesKey = HMACSHA256.mac(Array("galleryc sealed file names".utf8), key: key)
    }

    /// Names this key without giving it away: a hash of the key, which says whether the
    /// password of an album changed (the cache keeps it beside the salt) and which goes into
    /// the fingerprints of what the key sealed. Whoever has it can test a guessed password
    /// at PBKDF2's cost, which the published ciphertexts allow anyway.
    var check: String {
        SHA256.hex(Array("galleryc key check".utf8) + key)
    }

    /// The salt as standard base64, as the page gives it to the browser.
    var saltText: String { Data(salt).base64EncodedString() }

    /// Where the sealed copy of the site file at `path` is published: `_sealed/` and 32 hex
    /// digits of an HMAC of the path, which nobody without the key can tie to a file name.
    func sealedPath(of path: String) -> String {
        Self.folder + SHA256.hexString(HMACSHA256.mac(Array(path.utf8), key: namesKey)).prefix(32)
    }

    /// The folder of every sealed file of the site.
    static let folder = "_sealed/"
}

/// Derived keys remembered for the life of the process (a `serve` session rebuilds often),
/// by root, salt and a hash of the password; in memory only, never written.
enum AlbumKeyMemo {
    private static let keys = Locked<[String: AlbumKey]>([:])

    /// The key of `password` over `salt`, derived once per process.
    static func key(root: String, password: String, salt: [UInt8], iterations: Int) -> AlbumKey {
        var print = SHA256()
        for part in [Array(root.utf8), [0], salt, [0], Array(password.utf8), Array(String(iterations).utf8)] {
            print.update(part)
        }
        let name = SHA256.hexString(print.finalize())
        if let known = keys.withLock({ $0[name] }) { return known }
        let key = AlbumKey(root: root, password: password, salt: salt, iterations: iterations)
        keys.withLock { $0[name] = key }
        return key
    }
}
