import Foundation
import Testing

@testable import GalleryKit

/// Broken EXIF and containers: the reader returns (quickly) whatever it can, never crashes.
@Suite struct MalformedExifTests {
    let le = TIFFBuilder(bigEndian: false)

    /// `II*\0`, IFD0 at 8 with the given entries and next-IFD offset.
    func tiff(entries: [TIFFBuilder.Entry], next: Int) -> [UInt8] {
        var out: [UInt8] = Array("II".utf8) + [42, 0] + le.u32(8) + le.u16(entries.count)
        for entry in entries {
            out += le.u16(entry.tag) + le.u16(entry.type) + le.u32(entry.count) + entry.value
        }
        return out + le.u32(next)
    }

    func pointer(_ tag: Int, _ offset: Int) -> TIFFBuilder.Entry {
        TIFFBuilder.Entry(tag: tag, type: 4, count: 1, value: le.u32(offset))
    }

    @Test func ifdLoopsEnd() {
        // IFD0 is its own next IFD, its own Exif IFD and its own GPS IFD.
        let looped = tiff(entries: [pointer(0x8769, 8), pointer(0x8825, 8)], next: 8)
        let metadata = GPSCoordinates.metadata(fromTIFF: looped)
        #expect(metadata.hasGPSIFD)
        #expect(metadata.coordinates.isEmpty)
    }

    @Test func outOfRangeOffsetsAndHugeCountsAreIgnored() {
        let far = tiff(
            entries: [pointer(0x8825, 0x7FFF_FFF0), pointer(0x8769, 0xFFFF_FFFF)], next: 0xFFFF_FFFF)
        #expect(GPSCoordinates.metadata(fromTIFF: far).hasGPSIFD)

        // The GPS IFD claims 65,535 entries and a latitude of 4 billion rationals.
        var gps = le.u16(0xFFFF) + le.u16(2) + le.u16(5) + le.u32(0xFFFF_FFFF) + le.u32(0x7FFF_FFFF)
        gps += le.u32(0)
        let huge = tiff(entries: [pointer(0x8825, 26)], next: 0) + gps
        let metadata = GPSCoordinates.metadata(fromTIFF: huge)
        #expect(metadata.hasGPSIFD)
        #expect(metadata.coordinates.isEmpty)
    }

    @Test func everyTruncationOfEveryContainerReturns() {
        let tiff = GPSCoordinatesTests.eiffel(bigEndian: true)
        let files = [
            ImageBytes.splice(ImageBytes.app1(tiff), into: ImageBytes.skeletonJPEG),
            ImageBytes.webP(exif: tiff), ImageBytes.png(exif: tiff), tiff,
        ]
        for file in files {
            for length in 0..<file.count {
                let cut = Array(file[0..<length])
                _ = GPSCoordinates.metadata(fromImage: cut)
                _ = GPSCoordinates.metadata(fromJPEG: cut)
                _ = GPSCoordinates.metadata(fromWebP: cut)
                _ = GPSCoordinates.metadata(fromPNG: cut)
                _ = GPSCoordinates.metadata(fromTIFF: cut)
            }
            #expect(GPSCoordinates.metadata(fromImage: file)?.coordinates.count == 1)
        }
    }

    @Test func randomDamageNeverCrashes() {
        var random = SplitMix(seed: 42)
        let tiff = GPSCoordinatesTests.eiffel(bigEndian: false)
        let originals = [
            ImageBytes.splice(ImageBytes.app1(tiff), into: ImageBytes.skeletonJPEG),
            ImageBytes.webP(exif: tiff), ImageBytes.png(exif: tiff),
        ]
        for original in originals {
            for _ in 0..<3000 {
                var damaged = original
                for _ in 0..<(1 + random.next() % 4) {
                    let at = Int(random.next() % UInt64(damaged.count))
                    damaged[at] = UInt8(truncatingIfNeeded: random.next())
                }
                _ = GPSCoordinates.metadata(fromImage: damaged)
            }
        }
    }

    @Test func brokenJPEGSegmentLengthsEnd() {
        let shortSegment: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE1, 0x00, 0x01, 0xFF, 0xD9]
        let exifAtEnd: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE1, 0x00, 0x07] + Array("Exif\0".utf8)
        let fill = [0xFF, 0xD8] + [UInt8](repeating: 0xFF, count: 100_000)
        for jpeg in [shortSegment, exifAtEnd, fill] {
            #expect(GPSCoordinates.metadata(fromJPEG: jpeg) == .empty)
        }
    }

    @Test func oversizedChunkLengthsEnd() {
        let webP =
            Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WEBPEXIF".utf8) + [0xFF, 0xFF, 0xFF, 0xFF]
            + Array("II*".utf8)
        let png =
            [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0xFF, 0xFF, 0xFF, 0xFF] + Array("eXIfMM\0*".utf8)
        #expect(GPSCoordinates.metadata(fromWebP: webP) == .empty)
        #expect(GPSCoordinates.metadata(fromPNG: png) == .empty)
    }
}

/// A tiny deterministic random number generator, so a failure can be reproduced.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
