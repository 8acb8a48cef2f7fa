import Testing

@testable import GalleryKit

@Suite struct SHA256Tests {
    /// The examples of FIPS 180-4 (NIST's "SHA256.pdf", and the million-"a" message of
    /// FIPS 180-2), on the hardware path where the CPU has one and on the portable C code,
    /// which runs here whatever the CPU.
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
        for hardware in [true, false] {
            var hasher = SHA256(hardware: hardware)
            hasher.update(input)
            #expect(SHA256.hexString(hasher.finalize()) == digest, "hardware: \(hardware)")
        }
    }

    /// Asking for the portable code gets it even on a CPU with SHA extensions, so that the
    /// tests above and below check it there too; the default takes the hardware where it is.
    @Test func portablePathCanBeForced() {
        #expect(!SHA256(hardware: false).usesHardware)
        #expect(SHA256(hardware: true).usesHardware == SHA256.hardwareAvailable)
        #expect(SHA256().usesHardware == SHA256.hardwareAvailable)
    }

    /// The SHA extensions path (where the CPU has them) and the portable one agree on inputs of
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
