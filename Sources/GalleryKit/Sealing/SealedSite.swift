import Foundation

/// What the sealing of a build's protected albums made, for rendering and publishing: each
/// protection root's key, the build's nonces, and each sealed file.
struct SealedSite: Sendable {
    /// One sealed copy of a site file: where it is published and its size.
    struct File: Sendable, Hashable {
        var path: String
        var byteCount: Int64
    }

    /// By protection root (``AlbumProtection/root``).
    var keys: [String: AlbumKey] = [:]
    var book = NonceBook(previous: SealingRecord())
    /// By protection root: each plaintext site path sealed with that root's key, and its copy.
    var files: [String: [String: File]] = [:]
    /// The source paths of the photos whose files are published sealed only.
    var sources: Set<String> = []
    /// The paths of the ZIPs published sealed only.
    var zips: Set<String> = []
    /// Whether the lock pages carry their key (``BuildOptions/embedsAlbumKeys``).
    var embedsKeys = false

    init() {}

    init(keys: [String: AlbumKey], book: NonceBook, files: [String: [String: File]] = [:]) {
        self.keys = keys
        self.book = book
        self.files = files
    }

    /// What made a sealed file, for the site manifest: the key (its check) and the cache
    /// entries of its plaintext; the nonce follows from both (``NonceBook``). Nil for a file
    /// with no cache entry (a ZIP), which is sealed again on every build.
    static func fingerprint(check: String, made: [String]) -> String? {
        made.isEmpty ? nil : "sealed \(check) " + Set(made).sorted().joined(separator: "+")
    }

    /// The sealer of `protection`'s pages, its files addressed with `href`.
    func sealer(for key: AlbumKey, href: (String) -> String) -> PageSealer {
        var targets: [String: PageSealer.Target] = [:]
        for (plain, sealed) in files[key.root] ?? [:] {
            targets[href(plain)] = PageSealer.Target(
                href: href(sealed.path), name: (plain as NSString).lastPathComponent)
        }
        return PageSealer(key: key, book: book, files: targets)
    }
}
