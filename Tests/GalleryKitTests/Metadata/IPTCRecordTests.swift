import Foundation
import Testing

@testable import GalleryKit

/// IPTC-IIM datasets: character sets and hostile lengths.
@Suite struct IPTCRecordTests {
    static func dataset(_ record: UInt8, _ number: UInt8, _ value: [UInt8]) -> [UInt8] {
        [0x1C, record, number, UInt8(value.count >> 8), UInt8(value.count & 0xFF)] + value
    }

    @Test func latin1WithoutACodedCharacterSet() throws {
        let record = try #require(IPTCRecord.parse(Self.dataset(2, 5, [0x43, 0x61, 0x66, 0xE9])[...]))
        #expect(record.objectName == "Café")
    }

    @Test func utf8WhenTheEnvelopeSaysSo() throws {
        let bytes =
            Self.dataset(1, 90, [0x1B, 0x25, 0x47]) + Self.dataset(2, 120, Array("Zürich – Nacht".utf8))
            + Self.dataset(2, 25, Array("Schnee".utf8)) + Self.dataset(2, 25, Array("Nacht".utf8))
        let record = try #require(IPTCRecord.parse(bytes[...]))
        #expect(record.caption == "Zürich – Nacht")
        #expect(record.keywords == ["Schnee", "Nacht"])
    }

    @Test func extendedLengthsAreRead() throws {
        let value = Array(repeating: UInt8(ascii: "a"), count: 300)
        let bytes: [UInt8] = [0x1C, 2, 120, 0x80, 0x04, 0, 0, 0x01, 0x2C] + value
        #expect(IPTCRecord.parse(bytes[...])?.caption?.count == 300)
    }

    @Test func photoshopResourcesLeadToTheRecord() throws {
        let iptc = Self.dataset(2, 5, Array("Title".utf8))
        let other: [UInt8] = Array("8BIM".utf8) + [0x03, 0xED, 0, 0, 0, 0, 0, 2, 9, 9]
        let resource: [UInt8] =
            Array("8BIM".utf8) + [0x04, 0x04, 0, 0] + [0, 0, 0, UInt8(iptc.count)] + iptc
            + (iptc.count % 2 == 1 ? [0] : [])
        #expect(IPTCRecord.fromPhotoshopResources((other + resource)[...])?.objectName == "Title")
    }

    @Test func hostileLengthsNeverReadOutOfBounds() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            let count = Int.random(in: 0..<64, using: &generator)
            var bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
            if !bytes.isEmpty { bytes[0] = 0x1C }
            _ = IPTCRecord.parse(bytes[...])
            _ = IPTCRecord.fromPhotoshopResources((Array("8BIM".utf8) + bytes)[...])
        }
        // Lengths that claim more than there is.
        #expect(IPTCRecord.parse([0x1C, 2, 5, 0xFF, 0xFF, 0x41][...]) == nil)
        #expect(IPTCRecord.parse([0x1C, 2, 5, 0x80, 0x09, 1, 2][...]) == nil)
        #expect(
            IPTCRecord.fromPhotoshopResources(
                (Array("8BIM".utf8) + [4, 4, 0, 0, 0xFF, 0xFF, 0xFF, 0xFF])[...]) == nil)
    }
}
