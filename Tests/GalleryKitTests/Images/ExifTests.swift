import Foundation
import Testing

@testable import GalleryKit

@Suite struct ExifTests {
    static let exifTest = ImageTestSupport.corpus.appendingPathComponent("sigal-sample/exifTest")

    func bytes(_ url: URL) throws -> [UInt8] { try [UInt8](Data(contentsOf: url)) }

    func utc(_ y: Int, _ mo: Int, _ d: Int, _ h: Int, _ mi: Int, _ s: Int) throws -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
        return try #require(
            calendar.date(from: DateComponents(year: y, month: mo, day: d, hour: h, minute: mi, second: s)))
    }

    @Test func readsCameraFactsOfARealPhoto() throws {
        // exiftool: NIKON E3200, 2006:01:22 10:32:42, f/3.9, 1/994 s, ISO 50, 11.5 mm.
        let data = try bytes(Self.exifTest.appendingPathComponent("22.jpg"))
        let payload = try #require(JPEGMarkers.exifPayload(in: data))
        let exif = try #require(ExifReader.read(app1Payload: payload)).summary
        #expect(exif.cameraMake == "NIKON")
        #expect(exif.cameraModel == "E3200")
        #expect(exif.dateTaken == (try utc(2006, 1, 22, 10, 32, 42)))
        #expect(exif.aperture == 3.9)
        #expect(exif.exposureTime.map { abs($0 * 994 - 1) < 0.001 } == true)
        #expect(exif.iso == 50)
        #expect(exif.focalLength == 11.5)
        #expect(exif.orientation == 1)
    }

    @Test func aPhotoWithoutADateHasNone() throws {
        let data = try bytes(Self.exifTest.appendingPathComponent("22-nodate.jpg"))
        let exif = try #require(JPEGMarkers.exifPayload(in: data).flatMap(ExifReader.read))
        #expect(exif.summary.cameraMake == "NIKON")
        #expect(exif.summary.dateTaken == nil)
    }

    @Test func findsEXIFAfterACommentSegment() throws {
        let data = try bytes(Self.exifTest.appendingPathComponent("22.jpg"))
        let comment: [UInt8] = [0xFF, 0xFE, 0, 7] + Array("hello".utf8)
        let edited = Array(data.prefix(2)) + comment + data.dropFirst(2)
        let exif = try #require(JPEGMarkers.exifPayload(in: edited).flatMap(ExifReader.read))
        #expect(exif.summary.cameraModel == "E3200")
    }

    @Test(arguments: [false, true])
    func writtenEXIFReadsBackIncludingLensModel(bigEndian: Bool) throws {
        func ascii(_ tag: UInt16, _ text: String) -> ExifEntry {
            let bytes = Array(text.utf8) + [0]
            return ExifEntry(tag: tag, type: 2, count: UInt32(bytes.count), data: bytes)
        }
        let iso: [UInt8] = bigEndian ? [0, 200] : [200, 0]
        let fNumber: [UInt8] = bigEndian ? [0, 0, 0, 28, 0, 0, 0, 10] : [28, 0, 0, 0, 10, 0, 0, 0]
        var metadata = ExifMetadata(bigEndian: bigEndian)
        metadata.primary = [ascii(0x010F, "Fujifilm"), ascii(0x013B, "Ada Lovelace")]
        metadata.camera = [
            ExifEntry(tag: 0x829D, type: 5, count: 1, data: fNumber),
            ExifEntry(tag: 0x8827, type: 3, count: 1, data: iso),
            ascii(0x9003, "2023:07:14 18:05:09"), ascii(0xA434, "XF23mmF1.4 R"),
        ]
        let tiff = try #require(ExifWriter.payload(for: metadata))
        let read = try #require(ExifReader.read(app1Payload: Array("Exif\0\0".utf8) + tiff))
        #expect(read.summary.cameraMake == "Fujifilm")
        #expect(read.summary.artist == "Ada Lovelace")
        #expect(read.summary.lens == "XF23mmF1.4 R")
        #expect(read.summary.aperture == 2.8)
        #expect(read.summary.iso == 200)
        #expect(read.summary.dateTaken == (try utc(2023, 7, 14, 18, 5, 9)))
        #expect(read.summary.orientation == 1)
    }

    @Test func exifDatesAreReadAsUTC() throws {
        #expect(ExifValue.date(fromExif: "2024:02:29 23:59:59") == (try utc(2024, 2, 29, 23, 59, 59)))
        #expect(ExifValue.date(fromExif: "0000:00:00 00:00:00") == nil)
        #expect(ExifValue.date(fromExif: "    :  :     :  :  ") == nil)
    }

    /// The tag numbers in every IFD of a derivative's EXIF, and whether a GPS pointer is there.
    func tags(inRendition jpeg: [UInt8]) throws -> [UInt16] {
        let payload = Array(try #require(JPEGMarkers.exifPayload(in: jpeg)).dropFirst(6))
        let big = payload[0] == 0x4D
        func read(_ offset: Int, _ size: Int) -> Int {
            (0..<size).reduce(0) { $0 << 8 | Int(payload[offset + (big ? $1 : size - 1 - $1)]) }
        }
        var found: [UInt16] = []
        var pending = [read(4, 4)]
        while let ifd = pending.popLast() {
            for index in 0..<read(ifd, 2) {
                let entry = ifd + 2 + 12 * index
                let tag = UInt16(read(entry, 2))
                found.append(tag)
                if tag == 0x8769 || tag == 0x8825 { pending.append(read(entry + 8, 4)) }
            }
        }
        return found
    }

    @Test func derivativesCarryOnlyAllowListedEXIFAndNoGPS() throws {
        let content = ImageTestSupport.corpus.appendingPathComponent("sigal-sample")
        let (result, output) = try ImageTestSupport.process(
            at: content, name: "iptcTest/1.jpg", widths: [200])
        let rendition = try #require(result.derivatives.renditions.first)
        let jpeg = try ImageTestSupport.read(rendition, in: output)
        let found = try tags(inRendition: jpeg)
        let allowed: Set<UInt16> = [
            0x010F, 0x0110, 0x0112, 0x013B, 0x8298, 0x8769, 0x829A, 0x829D, 0x8827, 0x9003, 0x920A,
            0xA434,
        ]
        #expect(Set(found).isSubset(of: allowed))
        #expect(!found.contains(0x8825))
        let copied = try #require(JPEGMarkers.exifPayload(in: jpeg).flatMap(ExifReader.read))
        #expect(copied.summary.cameraModel == "Canon DIGITAL IXUS IIs")
        #expect(copied.summary.dateTaken == result.derivatives.exif.dateTaken)
        #expect(copied.summary.orientation == 1)
        #expect(copied.summary.imageDescription == nil)
        #expect(result.derivatives.exif.imageDescription?.hasPrefix("\"Haemo\"") == true)
    }
}
