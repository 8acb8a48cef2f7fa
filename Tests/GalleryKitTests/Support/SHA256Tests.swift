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
        var portable = SHA256(hardware: false)
        portable.update(input)
        #expect(SHA256.hexString(portable.finalize()) == digest)
    }

    /// The SHA extensions path (where the CPU has them) and the Swift one agree on inputs of
    /// every length around the block size and on a large one fed in uneven pieces. A photo's
    /// digest names its rendition folder, so a difference would move every image URL.
    @Test(.enabled(if: SHA256.hardwareAvailable, "this CPU has no SHA extensions"))
    func hardwareAndPortableAgree() {
        var seed: UInt32 = 1
        let bytes = (0..<300_000).map { _ in
            seed = seed &* 1_664_525 &+ 1_013_904_223
            return UInt8(truncatingIfNeeded: seed >> 24)
        }
        for count in Array(0...130) + [1000, 4096, 65_537, bytes.count] {
            var hardware = SHA256(hardware: true)
            var portable = SHA256(hardware: false)
            var offset = 0
            while offset < count {
                let piece = min(count - offset, 1 + offset % 97 * 131)
                hardware.update(Array(bytes[offset..<offset + piece]))
                portable.update(Array(bytes[offset..<offset + piece]))
                offset += piece
            }
            #expect(hardware.finalize() == portable.finalize(), "\(count) bytes")
        }
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
