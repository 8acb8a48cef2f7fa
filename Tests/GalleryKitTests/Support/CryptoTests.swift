import Testing

@testable import GalleryKit

@Suite struct SHA256Tests {
    /// The examples of FIPS 180-4 (NIST's "SHA256.pdf", and the million-"a" message of
    /// FIPS 180-2), in one piece and fed in uneven pieces.
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        (
            "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        ),
        (
            "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqr"
                + "lmnopqrsmnopqrstnopqrstu",
            "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"
        ),
        (
            String(repeating: "a", count: 1_000_000),
            "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"
        ),
    ])
    func knownDigests(input: String, digest: String) {
        #expect(SHA256.hex(input) == digest)
        let bytes = Array(input.utf8)
        var hasher = SHA256()
        var offset = 0
        while offset < bytes.count {
            let piece = min(bytes.count - offset, 1 + offset % 97 * 131)
            hasher.update(Array(bytes[offset..<offset + piece]))
            offset += piece
        }
        #expect(SHA256.hexString(hasher.finalize()) == digest)
    }

    /// A copy taken in the middle of a hash goes on on its own: fingerprints are values, and
    /// one copied after its common fields must not see the other's later fields.
    @Test func copiesHashIndependently() {
        var first = SHA256()
        first.update("ab")
        var second = first
        first.update("c")
        second.update("d")
        #expect(SHA256.hexString(first.finalize()) == SHA256.hex("abc"))
        #expect(SHA256.hexString(second.finalize()) == SHA256.hex("abd"))
    }

    /// Hashes on many threads at once (the image workers) give the same digests.
    @Test func concurrentHashesAgree() async {
        let expected = SHA256.hex(String(repeating: "galleryc", count: 10_000))
        let digests = await withTaskGroup(of: String.self) { group in
            for _ in 0..<16 {
                group.addTask { SHA256.hex(String(repeating: "galleryc", count: 10_000)) }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(digests == Array(repeating: expected, count: 16))
    }
}

/// AES-256-GCM, PBKDF2 and the CSPRNG held to published test vectors: what the browser's
/// WebCrypto and PyPI's `cryptography` compute from the same inputs.
@Suite struct PrivateAlbumCryptoTests {
    private func bytes(_ hex: String) -> [UInt8] {
        SHA256.bytes(hex: hex) ?? []
    }

    /// RFC 7914 section 11 and the well-known PBKDF2-HMAC-SHA256 vectors for "password"/"salt".
    @Test(arguments: [
        ("password", "salt", 1, "120fb6cffcf8b32c43e7225256c4f837a86548c92ccc35480805987cb70be17b"),
        ("password", "salt", 2, "ae4d0c95af6b46d32d0adff928f06dd02a303f8ef3c251dfd6e2d85a95474c43"),
        ("password", "salt", 4096, "c5e478d59288c841aa530db6845c4c8d962893a001ce4e11a4963873aa98134a"),
    ])
    func pbkdf2Vectors(password: String, salt: String, iterations: Int, key: String) {
        let derived = PBKDF2.sha256(password: password, salt: Array(salt.utf8), iterations: iterations)
        #expect(SHA256.hexString(derived) == key)
    }

    /// RFC 4231 test case 2 ("Jefe").
    @Test func hmacVector() {
        let mac = HMACSHA256.mac(Array("what do ya want for nothing?".utf8), key: Array("Jefe".utf8))
        #expect(SHA256.hexString(mac) == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
    }

    /// Test case 15 of McGrew and Viega's GCM specification (AES-256, 96-bit IV, no AAD).
    @Test func gcmVector() {
        let key = bytes("feffe9928665731c6d6a8f9467308308feffe9928665731c6d6a8f9467308308")
        let nonce = bytes("cafebabefacedbaddecaf888")
        let plaintext = bytes(
            "d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a72"
                + "1c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b391aafd255")
        let sealed = AESGCM.seal(plaintext, key: key, nonce: nonce)
        #expect(
            SHA256.hexString(Array(sealed[12...]))
                == "522dc1f099567d07f47f37a32a84427d643a8cdcbfe5c0c97598a2bd2555d1aa"
                + "8cb08e48590dbb3da7b08b1056828838c5f61e6393ba7a0abcc9f662898015ad"
                + "b094dac5d93471bdec1a502270e3cc6c")
        #expect(Array(sealed[..<12]) == nonce)
        #expect(AESGCM.open(sealed, key: key) == plaintext)
    }

    /// A stream sealed in uneven pieces is the one-piece ciphertext; a flipped byte anywhere,
    /// a wrong key or a cut tag is refused, never returned.
    @Test func streamingAndRefusals() {
        let key = SecureRandom.bytes(32)
        let nonce = SecureRandom.bytes(12)
        let plaintext = (0..<100_003).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        let whole = AESGCM.seal(plaintext, key: key, nonce: nonce)
        var sealer = AESGCM.Sealer(key: key, nonce: nonce)
        var pieces = nonce
        var offset = 0
        for size in [1, 15, 4096, 65_537] + Array(repeating: 10_000, count: 4) where offset < plaintext.count
        {
            let end = min(plaintext.count, offset + size)
            plaintext[offset..<end].withUnsafeBytes { pieces += sealer.update($0) }
            offset = end
        }
        plaintext[offset...].withUnsafeBytes { pieces += sealer.update($0) }
        pieces += sealer.finish()
        #expect(pieces == whole)
        #expect(whole.count == Int(AESGCM.sealedSize(of: Int64(plaintext.count))))
        for position in [0, 12, 50_000, whole.count - 1] {
            var flipped = whole
            flipped[position] ^= 0x01
            #expect(AESGCM.open(flipped, key: key) == nil)
        }
        var other = key
        other[0] ^= 0x80
        #expect(AESGCM.open(whole, key: other) == nil)
        #expect(AESGCM.open(Array(whole.dropLast()), key: key) == nil)
        #expect(AESGCM.open(Array(whole.prefix(20)), key: key) == nil)
    }

    /// Random bytes differ from call to call (a stuck generator would repeat salts and nonces).
    @Test func randomBytesDiffer() {
        let draws = (0..<64).map { _ in SecureRandom.bytes(12) }
        #expect(Set(draws).count == draws.count)
        #expect(SecureRandom.bytes(0).isEmpty)
    }
}
