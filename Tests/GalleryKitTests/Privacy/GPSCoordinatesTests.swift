import Foundation
import Testing

@testable import GalleryKit

/// The pure-Swift EXIF reader finds GPS in JPEG, WebP, PNG and bare TIFF, in both byte orders.
@Suite struct GPSCoordinatesTests {
    /// The Eiffel Tower: 48°51'29.60"N 2°17'40.20"E.
    static func eiffel(bigEndian: Bool) -> [UInt8] {
        let builder = TIFFBuilder(bigEndian: bigEndian)
        return builder.build(
            ifd0: [builder.ascii(0x010F, "Canon"), builder.short(0x0112, 1)],
            gps: builder.gpsEntries(
                latitudeRef: "N", latitude: (48, 51, 2960), longitudeRef: "E", longitude: (2, 17, 4020)))
    }

    /// A skeleton JPEG carrying ``eiffel(bigEndian:)`` in its APP1 segment.
    static let eiffelJPEG = ImageBytes.splice(
        ImageBytes.app1(eiffel(bigEndian: false)), into: ImageBytes.skeletonJPEG)

    static func isNear(_ coordinate: GPSCoordinate?, _ latitude: Double, _ longitude: Double) -> Bool {
        guard let coordinate else { return false }
        return abs(coordinate.latitude - latitude) < 1e-5 && abs(coordinate.longitude - longitude) < 1e-5
    }

    @Test func readsARealHEICFromTheCorpus() throws {
        // exiftool: 53 deg 27' 5.48" N, 9 deg 50' 21.07" E
        let heic = try ImageBytes.corpus("sigal-sample/dir1/test1/outdoor.heic")
        let found = GPSCoordinates.read(fromImage: heic)
        let latitude: Double = 53.0 + 27.0 / 60.0 + 5.48 / 3600.0
        let longitude: Double = 9.0 + 50.0 / 60.0 + 21.07 / 3600.0
        #expect(Self.isNear(found.first, latitude, longitude))
    }

    @Test func aBareTIFFFromTheCorpusHasNoGPS() throws {
        let tiff = try ImageBytes.corpus("sigal-sample/dir1/test2/21.tiff")
        #expect(GPSCoordinates.metadata(fromImage: tiff) == .empty)
    }

    @Test(arguments: [false, true]) func readsGPSFromAJPEGInEitherByteOrder(bigEndian: Bool) throws {
        let jpeg = ImageBytes.splice(
            ImageBytes.app1(Self.eiffel(bigEndian: bigEndian)), into: ImageBytes.skeletonJPEG)
        let found = GPSCoordinates.read(fromJPEG: jpeg, source: "paris/tower.jpg")
        #expect(found.count == 1)
        #expect(Self.isNear(found.first, 48.858222, 2.294500))
        #expect(found.first?.source == "paris/tower.jpg")
    }

    @Test func southAndWestAreNegative() {
        let builder = TIFFBuilder(bigEndian: true)
        let tiff = builder.build(
            gps: builder.gpsEntries(
                latitudeRef: "S", latitude: (33, 51, 3540), longitudeRef: "W", longitude: (70, 40, 1200)))
        let found = GPSCoordinates.read(fromTIFF: tiff)
        let latitude: Double = -(33.0 + 51.0 / 60.0 + 35.4 / 3600.0)
        let longitude: Double = -(70.0 + 40.0 / 60.0 + 12.0 / 3600.0)
        #expect(Self.isNear(found.first, latitude, longitude))
    }

    @Test func negativeSignedRationalsAndLowercaseReferencesMeanSouthAndWest() {
        let builder = TIFFBuilder(bigEndian: false)
        let signed = builder.build(gps: [
            builder.rationals(2, [(-33, 1), (30, 1), (0, 1)], signed: true),
            builder.rationals(4, [(-70, 1), (0, 1), (0, 1)], signed: true),
        ])
        let found = GPSCoordinates.read(fromTIFF: signed)
        #expect(Self.isNear(found.first, -33.5, -70))

        let lowercase = builder.build(
            gps: builder.gpsEntries(
                latitudeRef: "s", latitude: (10, 0, 0), longitudeRef: "w", longitude: (20, 0, 0)))
        #expect(Self.isNear(GPSCoordinates.read(fromTIFF: lowercase).first, -10, -20))
    }

    @Test func readsARealCorpusPhotoWithGPSAfterACommentAndIPTC() throws {
        // exiftool: 35 deg 17' 44.73" S, 149 deg 7' 35.66" E
        let jpeg = try ImageBytes.corpus("sigal-sample/iptcTest/1.jpg")
        let found = GPSCoordinates.read(fromImage: jpeg, source: "iptcTest/1.jpg")
        #expect(found.count == 1)
        #expect(abs((found.first?.latitude ?? 0) + 35.2957583) < 1e-5)
        #expect(abs((found.first?.longitude ?? 0) - 149.1265722) < 1e-5)
    }

    @Test(arguments: [
        "sigal-sample/exifTest/21.jpg", "exif-orientation/Landscape_6.jpg",
        "sigal-sample/dir2/Hubble ultra deep field.jpg",
    ])
    func cleanCorpusPhotosHaveNoGPS(path: String) throws {
        let jpeg = try ImageBytes.corpus(path)
        let metadata = try #require(GPSCoordinates.metadata(fromImage: jpeg))
        #expect(!metadata.hasGPSData)
        #expect(GPSCoordinates.read(fromJPEG: jpeg).isEmpty)
    }

    @Test func corpusPhotoGainsGPSWhenASegmentIsSplicedIn() throws {
        let clean = try ImageBytes.corpus("sigal-sample/exifTest/21.jpg")
        let dirty = ImageBytes.splice(ImageBytes.app1(Self.eiffel(bigEndian: false)), into: clean)
        #expect(Self.isNear(GPSCoordinates.read(fromJPEG: dirty).first, 48.858222, 2.2945))
    }

    @Test(arguments: [false, true]) func readsGPSFromAWebPExifChunk(withExifPrefix: Bool) {
        let tiff = Self.eiffel(bigEndian: false)
        let webP = ImageBytes.webP(exif: (withExifPrefix ? Array("Exif\0\0".utf8) : []) + tiff)
        #expect(Self.isNear(GPSCoordinates.read(fromWebP: webP).first, 48.858222, 2.2945))
        #expect(Self.isNear(GPSCoordinates.read(fromImage: webP).first, 48.858222, 2.2945))
    }

    @Test func readsGPSFromAPNGExifChunk() {
        let png = ImageBytes.png(exif: Self.eiffel(bigEndian: true))
        #expect(Self.isNear(GPSCoordinates.read(fromPNG: png).first, 48.858222, 2.2945))
    }

    @Test func reportsAGPSIFDEvenWithoutCoordinates() {
        let builder = TIFFBuilder(bigEndian: false)
        let onlyVersion = builder.build(gps: [
            TIFFBuilder.Entry(tag: 0, type: 1, count: 4, value: [2, 3, 0, 0])
        ])
        let metadata = GPSCoordinates.metadata(fromTIFF: onlyVersion)
        #expect(metadata.hasGPSIFD)
        #expect(metadata.coordinates.isEmpty)

        let zero = builder.build(
            gps: builder.gpsEntries(
                latitudeRef: "N", latitude: (0, 0, 0), longitudeRef: "E", longitude: (0, 0, 0)))
        let zeroMetadata = GPSCoordinates.metadata(fromTIFF: zero)
        #expect(zeroMetadata.hasGPSIFD)
        #expect(zeroMetadata.coordinates == [GPSCoordinate(latitude: 0, longitude: 0)])
    }

    @Test func aZeroDenominatorYieldsNoCoordinateButStillGPS() {
        let builder = TIFFBuilder(bigEndian: true)
        let tiff = builder.build(gps: [
            builder.ascii(1, "N"), builder.rationals(2, [(48, 0), (51, 1), (0, 1)]),
            builder.ascii(3, "E"), builder.rationals(4, [(2, 1), (17, 1), (0, 1)]),
        ])
        let metadata = GPSCoordinates.metadata(fromTIFF: tiff)
        #expect(metadata.hasGPSIFD)
        #expect(metadata.coordinates.isEmpty)
    }

    @Test(arguments: [
        "http://ns.adobe.com/xap/1.0/\0<x:xmpmeta><rdf:Description exif:GPSLatitude=\"48,51.49N\"/></x:xmpmeta>",
        "http://ns.adobe.com/xmp/extension/\0" + String(repeating: "A", count: 32) + "\0\0\0\u{40}\0\0\0\0"
            + "<rdf:li><exif:GPSLongitude>2,17.67E</exif:GPSLongitude></rdf:li>",
    ])
    func findsXMPGPSInAJPEG(packet: String) {
        let xmp = Array(packet.utf8)
        let segment = [0xFF, 0xE1, UInt8((xmp.count + 2) >> 8), UInt8((xmp.count + 2) & 0xFF)] + xmp
        let metadata = GPSCoordinates.metadata(
            fromJPEG: ImageBytes.splice(segment, into: ImageBytes.skeletonJPEG))
        #expect(metadata.hasXMPGPS)
        #expect(!metadata.hasGPSIFD)
        let scanner = GPSLeakScanner(sourceCoordinates: [])
        #expect(
            scanner.scan(path: "a.jpg", bytes: ImageBytes.splice(segment, into: ImageBytes.skeletonJPEG))?
                .reason
                == .xmpGPS)
    }

    /// exiftool finds GPS in exactly these four files of sigal's sample; so must we.
    @Test func findsGPSInExactlyTheCorpusFilesExiftoolDoes() throws {
        let root = ImageBytes.corpusURL.appendingPathComponent("sigal-sample")
        let walker = try #require(FileManager.default.enumerator(atPath: root.path))
        var withGPS: [String] = []
        var images = 0
        while let path = walker.nextObject() as? String {
            guard let bytes = try? ImageBytes.corpus("sigal-sample/" + path),
                let metadata = GPSCoordinates.metadata(fromImage: bytes)
            else { continue }
            images += 1
            if metadata.hasGPSData { withGPS.append(path) }
        }
        #expect(images >= 30)
        #expect(
            withGPS.sorted() == [
                "dir1/test1/outdoor.heic", "dir1/test1/special-characters.jpg", "iptcTest/1.jpg",
                "iptcTest/2.jpg",
            ])
    }

    @Test func everyOrientationSampleIsClean() throws {
        for name in ["Landscape", "Portrait"] {
            for orientation in 0...8 {
                let jpeg = try ImageBytes.corpus("exif-orientation/\(name)_\(orientation).jpg")
                #expect(GPSCoordinates.metadata(fromImage: jpeg) == .empty, "\(name)_\(orientation)")
            }
        }
    }

    @Test func findsExifEmbeddedAfterTheImageData() {
        // An MPF-style second image after the first one's EOI.
        let second = ImageBytes.splice(
            ImageBytes.app1(Self.eiffel(bigEndian: true)), into: ImageBytes.skeletonJPEG)
        let jpeg = ImageBytes.skeletonJPEG + second
        #expect(Self.isNear(GPSCoordinates.read(fromJPEG: jpeg).first, 48.858222, 2.2945))
    }

    @Test func notAnImageIsNil() {
        #expect(GPSCoordinates.metadata(fromImage: Array("<html>48.858, 2.294</html>".utf8)) == nil)
        #expect(GPSCoordinates.metadata(fromImage: []) == nil)
    }
}
