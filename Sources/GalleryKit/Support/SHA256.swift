internal import CSHA256

/// SHA-256 (FIPS 180-4), for content hashes in asset and image file names and cache keys.
/// Foundation on Linux has no CryptoKit and outside packages are not an option, so it is here:
/// a thin wrapper over the CSHA256 target, which runs the compression function on the x86-64
/// SHA extensions where the CPU has them (1.19 GB/s against 226 MB/s for its portable code
/// here: every source photo is hashed on a cold build). This is the only file that imports
/// CSHA256.
struct SHA256: Sendable {
    /// Whether this CPU runs the compression function in hardware (`cs_sha256_has_hardware`).
    static let hardwareAvailable = cs_sha256_has_hardware() == 1

    /// The C hash state: plain values, no pointers into it are kept between calls.
    private var hash = cs_sha256()

    /// A hasher on the fastest path this CPU has (`cs_sha256_init`).
    init() { cs_sha256_init(&hash) }

    /// A hasher that uses the hardware path only if `hardware` is true and the CPU has it;
    /// false forces the portable code (`cs_sha256_init_portable`), for the tests of both paths.
    init(hardware: Bool) {
        if hardware { cs_sha256_init(&hash) } else { cs_sha256_init_portable(&hash) }
    }

    /// Whether this hasher's blocks go through the SHA extensions.
    var usesHardware: Bool { hash.hardware != 0 }

    /// Feeds the UTF-8 bytes of a string.
    mutating func update(_ string: String) {
        update(Array(string.utf8))
    }

    /// Feeds a contiguous block of bytes quickly.
    mutating func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { update($0) }
    }

    /// Feeds bytes from memory without copying them into an array first (file hashing;
    /// `cs_sha256_update`).
    mutating func update(_ bytes: UnsafeRawBufferPointer) {
        cs_sha256_update(&hash, bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count)
    }

    /// The 32-byte digest (`cs_sha256_final`). The hasher can not be fed after this.
    mutating func finalize() -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: 32) { digest, count in
            cs_sha256_final(&hash, digest.baseAddress)
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
