import Foundation
import Testing

@testable import GalleryKit

/// Finding the movie of a Motion Photo and the content identifier of a Live Photo's still,
/// from bytes built here as phones write them; the e2e tests (`e2e/test_e2e_live.py`) build
/// whole sites from files made with ffmpeg and checked with exiftool.
@Suite struct MotionPhotoTests {
    /// A big-endian box: size, type, payload.
    static func box(_ type: String, _ payload: [UInt8]) -> [UInt8] { box(Array(type.utf8), payload) }

    static func box(_ type: [UInt8], _ payload: [UInt8]) -> [UInt8] {
        be32(8 + payload.count) + type + payload
    }

    static func be32(_ value: Int) -> [UInt8] {
        (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) }
    }
    static func be16(_ value: Int) -> [UInt8] {
        [UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value)]
    }

    /// A small movie: `ftyp`, then `moov` with a 3-second `mvhd` and, when given, Apple's
    /// content identifier and a `©xyz` location.
    static func movie(identifier: String? = nil, location: String? = nil) -> [UInt8] {
        var moov = box(
            "mvhd",
            [0, 0, 0, 0] + be32(0) + be32(0) + be32(600) + be32(1800) + [UInt8](repeating: 0, count: 80))
        if let identifier {
            let key = "com.apple.quicktime.content.identifier"
            let keys = box(
                "keys",
                [0, 0, 0, 0] + be32(1) + be32(8 + key.utf8.count) + Array("mdta".utf8) + Array(key.utf8))
            let data = box("data", be32(1) + be32(0) + Array(identifier.utf8))
            let ilst = box("ilst", be32(8 + data.count) + be32(1) + data)
            moov += box(
                "meta",
                box(
                    "hdlr",
                    [UInt8](repeating: 0, count: 8) + Array("mdta".utf8) + [UInt8](repeating: 0, count: 12))
                    + keys + ilst)
        }
        if let location {
            // QuickTime's `©xyz`: 0xA9 'x' 'y' 'z'; a 16-bit length, a language, the text.
            let xyz = box(
                [0xA9] + Array("xyz".utf8), be16(location.utf8.count) + [0x15, 0xC7] + Array(location.utf8))
            moov += box("udta", xyz)
        }
        return box("ftyp", Array("isom".utf8) + be32(0x200) + Array("isomiso2mp41".utf8)) + box("moov", moov)
            + box("mdat", [UInt8](repeating: 7, count: 64))
    }

    /// A JPEG's first segments (no image data: the walkers stop at EOI) with `xmp` as its APP1
    /// packet, then `trailer`.
    static func jpeg(xmp: String?, trailer: [UInt8]) -> [UInt8] {
        var bytes: [UInt8] = [0xFF, 0xD8]
        if let xmp {
            let payload = Array("http://ns.adobe.com/xap/1.0/\0".utf8) + Array(xmp.utf8)
            bytes += [0xFF, 0xE1] + be16(payload.count + 2) + payload
        }
        return bytes + [UInt8](repeating: 0x11, count: 40) + [0xFF, 0xD9] + trailer
    }

    static func xmp(directory length: Int?, microVideoOffset: Int? = nil, padding: Int = 0) -> String {
        let camera =
            microVideoOffset.map { " GCamera:MicroVideo=\"1\" GCamera:MicroVideoOffset=\"\($0)\"" } ?? ""
        let container =
            length.map {
                """
                <Container:Directory><rdf:Seq>
                <rdf:li rdf:parseType="Resource"><Container:Item Item:Mime="image/jpeg" Item:Semantic="Primary" Item:Length="0" Item:Padding="\(padding)"/></rdf:li>
                <rdf:li rdf:parseType="Resource"><Container:Item Item:Mime="video/mp4" Item:Semantic="MotionPhoto" Item:Length="\($0)"/></rdf:li>
                </rdf:Seq></Container:Directory>
                """
            } ?? ""
        return """
            <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
            <rdf:Description rdf:about="" xmlns:GCamera="http://ns.google.com/photos/1.0/camera/"
             xmlns:Container="http://ns.google.com/photos/1.0/container/"
             xmlns:Item="http://ns.google.com/photos/1.0/container/item/" GCamera:MotionPhoto="1"\(camera)>
            \(container)
            </rdf:Description></rdf:RDF></x:xmpmeta>
            """
    }

    @Test func theContainerDirectoryAndTheOlderOffsetEachFindTheMovie() throws {
        let movie = Self.movie()
        for (label, xmp) in [
            ("directory", Self.xmp(directory: movie.count)),
            ("micro video", Self.xmp(directory: nil, microVideoOffset: movie.count)),
            ("both", Self.xmp(directory: movie.count, microVideoOffset: movie.count)),
        ] {
            let data = Self.jpeg(xmp: xmp, trailer: movie)
            let found = try #require(MotionPhoto.locate(in: data), "\(label)")
            #expect(
                found == EmbeddedMovie(offset: Int64(data.count - movie.count), length: Int64(movie.count)))
        }
        // Padding after the still (declared on the primary item) does not move the movie.
        let padded = Self.jpeg(
            xmp: Self.xmp(directory: movie.count, padding: 8), trailer: [0, 0, 0, 0, 0, 0, 0, 0] + movie)
        #expect(MotionPhoto.locate(in: padded)?.offset == Int64(padded.count - movie.count))
    }

    @Test func anOffsetThatPointsAtNoMovieIsAStillAndSoIsAPhotoWithoutTheXMP() {
        let movie = Self.movie()
        let wrong = Self.jpeg(xmp: Self.xmp(directory: movie.count - 10), trailer: movie)
        #expect(MotionPhoto.locate(in: wrong) == nil)
        #expect(MotionPhoto.locate(in: Self.jpeg(xmp: nil, trailer: movie)) == nil)
        let huge = Self.jpeg(xmp: Self.xmp(directory: nil, microVideoOffset: 1 << 40), trailer: movie)
        #expect(MotionPhoto.locate(in: huge) == nil)
        #expect(MotionPhoto.locate(in: Self.jpeg(xmp: Self.xmp(directory: 0), trailer: [])) == nil)
    }

    @Test func aMoviesHeaderGivesItsDurationAndAppleContentIdentifier() throws {
        let findings = try MovieMetadata.read(MovieBytesInMemory(bytes: Self.movie(identifier: "5F2A-0001")))
        #expect(findings.duration == 3)
        #expect(findings.contentIdentifier == "5F2A-0001")
        #expect(findings.locationBoxes.isEmpty)
        let plain = try MovieMetadata.read(MovieBytesInMemory(bytes: Self.movie()))
        #expect(plain.contentIdentifier == nil)
    }

    @Test func theLeakScanFindsALocationInAMovieAfterAJPEGsEnd() {
        let scanner = GPSLeakScanner(sourceCoordinates: [])
        let leaking = Self.jpeg(xmp: nil, trailer: Self.movie(location: "+48.8582+002.2945/"))
        #expect(scanner.appendedMovieLeak(path: "a.jpg", bytes: leaking) != nil)
        #expect(scanner.scan(path: "a.jpg", bytes: leaking) != nil)
        let clean = Self.jpeg(xmp: nil, trailer: Self.movie())
        #expect(scanner.appendedMovieLeak(path: "a.jpg", bytes: clean) == nil)
        #expect(scanner.appendedMovieLeak(path: "a.jpg", bytes: Self.jpeg(xmp: nil, trailer: [])) == nil)
    }

    /// An iPhone's EXIF: big-endian TIFF, IFD0 with Make and the Exif IFD pointer, the Exif
    /// IFD with the MakerNote: `Apple iOS\0`, version 1, `MM`, an IFD whose offsets count
    /// from the MakerNote's start.
    static func iPhoneExif(identifier: String, signature: String = "Apple iOS") -> [UInt8] {
        let text = Array(identifier.utf8) + [0]
        var note = Array(signature.utf8) + [0] + be16(1) + Array("MM".utf8)
        note += be16(2) + be16(0x0001) + be16(9) + be32(1) + be32(14)
        note += be16(0x0011) + be16(2) + be32(text.count) + be32(14 + 2 + 24 + 4)
        note += be32(0) + text
        let make = Array("Apple".utf8) + [0]
        // TIFF header (8), IFD0 at 8: 2 entries (2 + 24 + 4 = 30) -> 38; Make text at 38 (6);
        // Exif IFD at 44: 1 entry (18) -> 62; MakerNote at 62.
        var tiff = Array("MM".utf8) + be16(42) + be32(8)
        tiff += be16(2) + be16(0x010F) + be16(2) + be32(make.count) + be32(38)
        tiff += be16(0x8769) + be16(4) + be32(1) + be32(44) + be32(0)
        tiff += make
        tiff += be16(1) + be16(0x927C) + be16(7) + be32(note.count) + be32(62) + be32(0)
        tiff += note
        return Array("Exif\0\0".utf8) + tiff
    }

    @Test func anIPhoneStillsMakerNoteGivesItsContentIdentifier() {
        #expect(
            ExifReader.appleContentIdentifier(Self.iPhoneExif(identifier: "5F2A8C1E-0001")) == "5F2A8C1E-0001"
        )
        #expect(
            ExifReader.appleContentIdentifier(Self.iPhoneExif(identifier: "X", signature: "Nikon")) == nil)
        #expect(
            ExifReader.appleContentIdentifier(Array(Self.iPhoneExif(identifier: "5F2A8C1E").prefix(70)))
                == nil)
    }
}
