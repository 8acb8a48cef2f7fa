internal import CCrypto

// The cryptography galleryc uses, all of it OpenSSL's libcrypto (Foundation on Linux has no
// CryptoKit, and none of this is something to write again): SHA-256 for content hashes,
// AES-256-GCM, PBKDF2-HMAC-SHA256 and the CSPRNG for private albums. This is the only file
// that imports CCrypto.

/// SHA-256, for content hashes in asset and image file names, cache keys, page fingerprints
/// and shard shares, through libcrypto's EVP digest API. libcrypto runs the compression
/// function on the x86-64 SHA extensions where the CPU has them (`openssl speed -evp sha256`
/// here: 1.44 GB/s on 64 KiB blocks; every source photo is hashed on a cold build).
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

    /// The bytes of hex text (either case); nil for text that is not whole hex bytes.
    static func bytes(hex: some StringProtocol) -> [UInt8]? {
        let digits = Array(hex.utf8)
        guard digits.count % 2 == 0 else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(digits.count / 2)
        for pair in stride(from: 0, to: digits.count, by: 2) {
            guard let high = Character(Unicode.Scalar(digits[pair])).hexDigitValue,
                let low = Character(Unicode.Scalar(digits[pair + 1])).hexDigitValue
            else { return nil }
            out.append(UInt8(high << 4 | low))
        }
        return out
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

/// Bytes from libcrypto's CSPRNG (`RAND_bytes`, seeded from the kernel): salts and nonces.
enum SecureRandom {
    /// `count` random bytes. A CSPRNG that cannot be seeded is not something to go on without.
    static func bytes(_ count: Int) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            guard count == 0 || RAND_bytes(buffer.baseAddress, Int32(count)) == 1 else {
                fatalError("libcrypto's RAND_bytes failed: no randomness to make a salt or a nonce")
            }
            initialized = count
        }
    }
}

/// HMAC-SHA256 (RFC 2104), libcrypto's one-shot `HMAC`: keyed names that only the key's
/// holder can compute.
enum HMACSHA256 {
    /// The 32-byte MAC of `message` under `key`.
    static func mac(_ message: [UInt8], key: [UInt8]) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: 32) { out, initialized in
            var length: UInt32 = 0
            let done = HMAC(
                EVP_sha256(), key, Int32(key.count), message, message.count, out.baseAddress, &length)
            guard done != nil, length == 32 else { fatalError("libcrypto's HMAC failed") }
            initialized = 32
        }
    }
}

/// PBKDF2-HMAC-SHA256 (RFC 8018), libcrypto's `PKCS5_PBKDF2_HMAC`: a password and a salt to
/// a key, slowly on purpose (each guess at a password costs `iterations` HMACs).
enum PBKDF2 {
    /// The key of `length` bytes derived from `password`'s UTF-8 bytes.
    static func sha256(password: String, salt: [UInt8], iterations: Int, length: Int = 32) -> [UInt8] {
        let secret = Array(password.utf8)
        return [UInt8](unsafeUninitializedCapacity: length) { key, initialized in
            let done = secret.withUnsafeBufferPointer { secret in
                salt.withUnsafeBufferPointer { salt in
                    secret.withMemoryRebound(to: CChar.self) { secret in
                        PKCS5_PBKDF2_HMAC(
                            secret.baseAddress, Int32(secret.count), salt.baseAddress, Int32(salt.count),
                            Int32(iterations), EVP_sha256(), Int32(length), key.baseAddress)
                    }
                }
            }
            guard done == 1 else { fatalError("libcrypto's PKCS5_PBKDF2_HMAC failed") }
            initialized = length
        }
    }
}

/// AES-256-GCM through libcrypto's EVP cipher API: a 32-byte key, a 12-byte nonce, a 16-byte
/// tag. What galleryc publishes is `nonce ‖ ciphertext ‖ tag` (``sealedSize(of:)``), which
/// WebCrypto's `AES-GCM` decrypts as `ciphertext ‖ tag` with the nonce as its `iv`.
enum AESGCM {
    static let keySize = 32
    static let nonceSize = 12
    static let tagSize = 16

    /// The published size of `plaintextSize` bytes.
    static func sealedSize(of plaintextSize: Int64) -> Int64 {
        plaintextSize + Int64(nonceSize + tagSize)
    }

    /// `nonce ‖ ciphertext ‖ tag` of `plaintext`.
    static func seal(_ plaintext: [UInt8], key: [UInt8], nonce: [UInt8]) -> [UInt8] {
        var sealer = Sealer(key: key, nonce: nonce)
        var out = nonce
        out.reserveCapacity(plaintext.count + nonceSize + tagSize)
        plaintext.withUnsafeBytes { out += sealer.update($0) }
        out += sealer.finish()
        return out
    }

    /// The plaintext of `nonce ‖ ciphertext ‖ tag`, or nil when it fails authentication (a
    /// wrong key, a changed byte) or is too short to be one.
    static func open(_ sealed: [UInt8], key: [UInt8]) -> [UInt8]? {
        guard sealed.count >= nonceSize + tagSize, key.count == keySize else { return nil }
        let context = Cipher(key: key, nonce: Array(sealed[..<nonceSize]), encrypting: false)
        let body = Array(sealed[nonceSize..<(sealed.count - tagSize)])
        var tag = Array(sealed[(sealed.count - tagSize)...])
        var out = body.withUnsafeBytes { context.update($0) }
        guard
            EVP_CIPHER_CTX_ctrl(context.pointer, EVP_CTRL_GCM_SET_TAG, Int32(tagSize), &tag) == 1
        else { return nil }
        var length: Int32 = 0
        var tail = [UInt8](repeating: 0, count: 16)
        guard EVP_DecryptFinal_ex(context.pointer, &tail, &length) == 1 else { return nil }
        out += tail.prefix(Int(length))
        return out
    }

    /// Encrypts a stream piece by piece (a ZIP of gigabytes is never in memory at once):
    /// ``update(_:)`` for each piece, then ``finish()`` for the tag.
    struct Sealer: ~Copyable {
        private let context: Cipher

        init(key: [UInt8], nonce: [UInt8]) {
            precondition(key.count == AESGCM.keySize && nonce.count == AESGCM.nonceSize)
            context = Cipher(key: key, nonce: nonce, encrypting: true)
        }

        /// The ciphertext of the next piece (the same length: GCM is a stream cipher).
        mutating func update(_ piece: UnsafeRawBufferPointer) -> [UInt8] {
            context.update(piece)
        }

        /// The 16-byte tag, after the last piece.
        consuming func finish() -> [UInt8] {
            var length: Int32 = 0
            var tail = [UInt8](repeating: 0, count: 16)
            guard EVP_EncryptFinal_ex(context.pointer, &tail, &length) == 1, length == 0 else {
                fatalError("EVP_EncryptFinal_ex failed for AES-256-GCM")
            }
            var tag = [UInt8](repeating: 0, count: AESGCM.tagSize)
            guard
                EVP_CIPHER_CTX_ctrl(context.pointer, EVP_CTRL_GCM_GET_TAG, Int32(AESGCM.tagSize), &tag) == 1
            else { fatalError("EVP_CTRL_GCM_GET_TAG failed") }
            return tag
        }
    }

    /// One `EVP_CIPHER_CTX` set up for AES-256-GCM with a key and a 12-byte nonce.
    fileprivate final class Cipher {
        let pointer: OpaquePointer
        let encrypting: Bool

        init(key: [UInt8], nonce: [UInt8], encrypting: Bool) {
            guard let context = EVP_CIPHER_CTX_new() else { fatalError("out of memory for a cipher context") }
            pointer = context
            self.encrypting = encrypting
            let initialized =
                encrypting
                ? EVP_EncryptInit_ex(context, EVP_aes_256_gcm(), nil, key, nonce)
                : EVP_DecryptInit_ex(context, EVP_aes_256_gcm(), nil, key, nonce)
            // 12 bytes is GCM's default nonce length, which the EVP API assumes.
            guard initialized == 1 else { fatalError("EVP_CipherInit_ex failed for AES-256-GCM") }
        }

        deinit { EVP_CIPHER_CTX_free(pointer) }

        /// The piece encrypted or decrypted.
        func update(_ piece: UnsafeRawBufferPointer) -> [UInt8] {
            guard let base = piece.baseAddress, !piece.isEmpty else { return [] }
            return [UInt8](unsafeUninitializedCapacity: piece.count) { out, initialized in
                var length: Int32 = 0
                let done =
                    encrypting
                    ? EVP_EncryptUpdate(
                        pointer, out.baseAddress, &length, base.assumingMemoryBound(to: UInt8.self),
                        Int32(piece.count))
                    : EVP_DecryptUpdate(
                        pointer, out.baseAddress, &length, base.assumingMemoryBound(to: UInt8.self),
                        Int32(piece.count))
                guard done == 1, Int(length) == piece.count else { fatalError("EVP_CipherUpdate failed") }
                initialized = piece.count
            }
        }
    }
}
