internal import CCrypto

/// SHA-256, for content hashes in asset and image file names, cache keys, page fingerprints
/// and shard shares: OpenSSL's libcrypto through its EVP digest API (Foundation on Linux has
/// no CryptoKit, and a hash is not something to write again). libcrypto runs the compression
/// function on the x86-64 SHA extensions where the CPU has them (`openssl speed -evp sha256`
/// here: 1.44 GB/s on 64 KiB blocks; every source photo is hashed on a cold build). This is
/// the only file that imports CCrypto.
///
/// A value type like the hash it computes: a copy made in the middle of a hash goes on on its
/// own (the C context is copied on the first write to a shared one).
struct SHA256: Sendable {
    /// SHA-256 fetched from the default provider once: an `EVP_MD` is immutable and may be used
    /// from every thread, and a prefetched one spares each hash OpenSSL 3's implicit fetch.
    nonisolated(unsafe) private static let algorithm: OpaquePointer = {
        guard let md = EVP_MD_fetch(nil, "SHA256", nil) else {
            fatalError("libcrypto has no SHA256 in its default provider")
        }
        return md
    }()

    /// One `EVP_MD_CTX`, freed with its last owner.
    private final class Context: @unchecked Sendable {
        let pointer: OpaquePointer

        init() {
            pointer = Self.newContext()
            guard EVP_DigestInit_ex(pointer, SHA256.algorithm, nil) == 1 else {
                fatalError("EVP_DigestInit_ex failed for SHA-256")
            }
        }

        init(copying other: Context) {
            pointer = Self.newContext()
            guard EVP_MD_CTX_copy_ex(pointer, other.pointer) == 1 else {
                fatalError("EVP_MD_CTX_copy_ex failed")
            }
        }

        deinit { EVP_MD_CTX_free(pointer) }

        /// A new context; only a failed allocation returns none.
        private static func newContext() -> OpaquePointer {
            guard let context = EVP_MD_CTX_new() else { fatalError("out of memory for a SHA-256 context") }
            return context
        }
    }

    private var context = Context()

    /// A hasher with nothing fed yet.
    init() {}

    /// The context to feed: this hasher's own, copied first if another hasher shares it.
    private mutating func ownContext() -> OpaquePointer {
        if !isKnownUniquelyReferenced(&context) { context = Context(copying: context) }
        return context.pointer
    }

    /// Feeds the UTF-8 bytes of a string.
    mutating func update(_ string: String) {
        update(Array(string.utf8))
    }

    /// Feeds a contiguous block of bytes quickly.
    mutating func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { update($0) }
    }

    /// Feeds bytes from memory without copying them into an array first (file hashing).
    mutating func update(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        guard EVP_DigestUpdate(ownContext(), base, bytes.count) == 1 else {
            fatalError("EVP_DigestUpdate failed for SHA-256")
        }
    }

    /// The 32-byte digest. The hasher can not be fed after this.
    mutating func finalize() -> [UInt8] {
        let context = ownContext()
        return [UInt8](unsafeUninitializedCapacity: 32) { digest, count in
            var length: UInt32 = 0
            guard EVP_DigestFinal_ex(context, digest.baseAddress, &length) == 1, length == 32 else {
                fatalError("EVP_DigestFinal_ex failed for SHA-256")
            }
            count = 32
        }
    }

    /// The digest of `bytes` as lowercase hex.
    static func hex(_ bytes: [UInt8]) -> String {
        var hasher = SHA256()
        hasher.update(bytes)
        return hexString(hasher.finalize())
    }

    /// The digest of a string's UTF-8 bytes as lowercase hex.
    static func hex(_ string: String) -> String {
        hex(Array(string.utf8))
    }

    /// Lowercase hex of arbitrary bytes.
    static func hexString(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: out, as: UTF8.self)
    }
}
