import Testing

@testable import GalleryKit

@Suite struct SHA256Tests {
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        (
            "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        ),
    ])
    func knownDigests(input: String, digest: String) {
        #expect(SHA256.hex(input) == digest)
    }

    @Test func incrementalUpdatesMatchOneShot() {
        let bytes = (0..<1000).map { UInt8(truncatingIfNeeded: $0 * 7) }
        var hasher = SHA256()
        hasher.update(Array(bytes[0..<3]))
        hasher.update(Array(bytes[3..<130]))
        hasher.update(Array(bytes[130...]))
        #expect(SHA256.hexString(hasher.finalize()) == SHA256.hex(bytes))
    }
}
