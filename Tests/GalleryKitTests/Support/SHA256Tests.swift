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
