import Foundation
import Testing

@testable import GalleryKit

/// The MP4/MOV atom reader of the privacy check, on atoms built here byte by byte.
@Suite struct MovieMetadataTests {
    static func box(_ type: String, _ payload: [UInt8]) -> [UInt8] {
        let size = UInt32(8 + payload.count)
        // Box types are bytes: `©` is 0xA9, as QuickTime writes it.
        return withUnsafeBytes(of: size.bigEndian, Array.init) + type.unicodeScalars.map { UInt8($0.value) }
            + payload
    }

    static func int32(_ value: Int) -> [UInt8] { withUnsafeBytes(of: UInt32(value).bigEndian, Array.init) }

    /// QuickTime's `moov/udta/©xyz`.
    static func userDataLocation(_ text: String) -> [UInt8] {
        let bytes = Array(text.utf8)
        return box("moov", box("udta", box("©xyz", [0, UInt8(bytes.count), 0x15, 0xc7] + bytes)))
    }

    /// Apple's `moov/meta` with `keys` and `ilst` holding the ISO 6709 key, after a `mdat`.
    static func keyedLocation(_ text: String) -> [UInt8] {
        let key = Array(MovieMetadata.locationKey.utf8)
        let keys = box("keys", [0, 0, 0, 0] + int32(1) + int32(8 + key.count) + Array("mdta".utf8) + key)
        let data = box("data", int32(1) + int32(0) + Array(text.utf8))
        let ilst = box("ilst", box("\u{0}\u{0}\u{0}\u{1}", data))
        let hdlr = box(
            "hdlr", [UInt8](repeating: 0, count: 8) + Array("mdta".utf8) + [UInt8](repeating: 0, count: 12))
        return box("ftyp", Array("qt  ".utf8) + int32(0)) + box("mdat", [UInt8](repeating: 7, count: 1000))
            + box("moov", box("meta", hdlr + keys + ilst))
    }

    private func findings(_ bytes: [UInt8]) throws -> MovieMetadata.Findings {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "galleryc-atoms-\(UUID()).mov")
        try Data(bytes).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        return try MovieMetadata.read(try FileReader(path: url.path))
    }

    @Test func findsQuickTimeUserDataLocation() throws {
        let found = try findings(
            Self.box("ftyp", Array("qt  ".utf8)) + Self.userDataLocation("+48.8582+002.2945/"))
        #expect(found.locationBoxes == ["©xyz"])
        #expect(found.locations == ["+48.8582+002.2945/"])
        let coordinate = try #require(found.coordinates(source: "a.mov").first)
        #expect(abs(coordinate.latitude - 48.8582) < 1e-9)
        #expect(abs(coordinate.longitude - 2.2945) < 1e-9)
    }

    @Test func findsTheAppleKeyAfterTheMediaData() throws {
        let found = try findings(Self.keyedLocation("+35.6586+139.7454+040.000/"))
        #expect(found.locationBoxes == [MovieMetadata.locationKey])
        #expect(found.locations == ["+35.6586+139.7454+040.000/"])
    }

    @Test func findsTimedMetadataTracksAndLoci() throws {
        let hdlr = Self.box("hdlr", [UInt8](repeating: 0, count: 8) + Array("meta".utf8))
        let track = Self.box(
            "moov", Self.box("trak", Self.box("mdia", hdlr)) + Self.box("udta", Self.box("loci", [0, 0])))
        let found = try findings(Self.box("ftyp", Array("isom".utf8)) + track)
        #expect(found.locationBoxes == ["timed metadata track", "loci"])
    }

    /// 3GPP's `loci` as ffmpeg writes an MP4's location (a UTF-8 name), and with a UTF-16 name
    /// after its byte-order mark: its position is read, west and south negative.
    @Test(arguments: [false, true])
    func readsTheLocationInLoci(utf16: Bool) throws {
        func fixed(_ value: Double) -> [UInt8] {
            withUnsafeBytes(of: Int32((value * 65536).rounded()).bigEndian, Array.init)
        }
        let name: [UInt8] = utf16 ? [0xFE, 0xFF, 0, 0x41, 0, 0] : Array("Home".utf8) + [0]
        let loci =
            [0, 0, 0, 0, 0x15, 0xC7] + name + [0] + fixed(-6.8874) + fixed(-45.8786) + fixed(1042)
            + Array("earth".utf8) + [0, 0]
        let found = try findings(
            Self.box("ftyp", Array("isom".utf8)) + Self.box("moov", Self.box("udta", Self.box("loci", loci))))
        #expect(found.locationBoxes == ["loci"])
        let coordinate = try #require(found.coordinates(source: "a.mp4").first)
        #expect(abs(coordinate.latitude + 45.8786) < 1e-4)
        #expect(abs(coordinate.longitude + 6.8874) < 1e-4)
    }

    @Test func aCleanMovieHasNoFindings() throws {
        let found = try findings(
            Self.box("ftyp", Array("isom".utf8))
                + Self.box("moov", Self.box("trak", Self.box("tkhd", [0, 0]))))
        #expect(found == MovieMetadata.Findings())
    }

    @Test(arguments: 0..<64)
    func damagedAtomsNeverCrash(_ seed: Int) throws {
        var bytes = Self.keyedLocation("+35.6586+139.7454/") + Self.userDataLocation("+1+2/")
        var generator = SeededGenerator(seed: UInt64(seed + 1))
        for _ in 0..<8 {
            bytes[Int.random(in: 0..<bytes.count, using: &generator)] = UInt8.random(
                in: 0...255, using: &generator)
        }
        if seed % 2 == 0 { bytes = Array(bytes.prefix(Int.random(in: 0..<bytes.count, using: &generator))) }
        _ = try findings(bytes)
    }

    static let positions: [(String, Double, Double)] = [
        ("+48.8582+002.2945/", 48.8582, 2.2945),
        ("-33.8568+151.2153+005.000/", -33.8568, 151.2153),
        ("+4851.492+00217.670/", 48.858_2, 2.294_5),
        ("+485129.52+0021740.2/", 48.858_2, 2.294_5),
    ]

    @Test(arguments: positions)
    func parsesISO6709(_ text: String, _ latitude: Double, _ longitude: Double) throws {
        let coordinate = try #require(MovieMetadata.parseISO6709(text))
        #expect(abs(coordinate.latitude - latitude) < 1e-4)
        #expect(abs(coordinate.longitude - longitude) < 1e-4)
    }

    @Test(arguments: ["", "hello", "+91.0+000.0/", "+48.85/", "+1+2+3x/"])
    func refusesWhatIsNotAPosition(_ text: String) {
        #expect(MovieMetadata.parseISO6709(text) == nil)
    }
}

/// A small deterministic generator (SplitMix64) for the damaged-input cases.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
