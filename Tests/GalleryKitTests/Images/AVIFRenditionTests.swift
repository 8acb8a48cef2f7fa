import Foundation
import Testing

@testable import GalleryKit

/// AVIF out (`images.formats: [avif, webp, jpeg]`): libavif with libaom, read back with
/// libheif, metadata by the allow-list, and the GPS scan sees inside AVIF boxes.
@Suite struct AVIFRenditionTests {
    @Test func avifRenditionsDecodeToThePhotosSizeWithItsProfile() throws {
        let icc = [UInt8](repeating: 7, count: 200)
        var profile = icc
        profile.replaceSubrange(16..<20, with: Array("RGB ".utf8))
        let jpeg = try ImageTestSupport.jpeg(width: 320, height: 200, icc: profile)
        let (result, output) = try ImageTestSupport.process(
            jpeg, name: "a/p.jpg", widths: [160], formats: [.avif, .webp, .jpeg])
        let avif = try #require(result.derivatives.renditions.first { $0.format == .avif })
        #expect(avif.path.hasSuffix("-160.avif"))
        let bytes = try ImageTestSupport.read(avif, in: output)
        #expect(SniffedFormat.sniff(bytes) == .avif)
        let decoded = try HEIFDecoder.decode(bytes, maxPixels: 1 << 20)
        #expect((decoded.image.width, decoded.image.height) == (160, 100))
        #expect(decoded.iccProfile == profile, "the source's RGB profile is carried")
        let jpegRendition = try #require(
            result.derivatives.renditions.first { $0.format == .jpeg && $0.width == 160 })
        let reference = try ImageCodecs.decodeJPEG(
            ImageTestSupport.read(jpegRendition, in: output), scale: 8, maxPixels: 1 << 20, maxScans: 100)
        #expect(ImageTestSupport.meanDifference(decoded.image, reference.pixels) < 6)
    }

    /// The allow-listed EXIF goes in, GPS never: the payload is the JPEG renditions' one, and
    /// a GPS IFD in an AVIF is found by the post-build scan.
    @Test func theGPSScanSeesAnAVIFsExif() throws {
        let builder = TIFFBuilder(bigEndian: false)
        let gps = builder.build(
            gps: builder.gpsEntries(
                latitudeRef: "N", latitude: (48, 51, 0), longitudeRef: "E", longitude: (2, 17, 0)))
        let avif = try AVIFEncoder.encode(
            ImageTestSupport.gradient(width: 64, height: 48), quality: 60, speed: 8, iccProfile: nil,
            exif: gps)
        let scanner = GPSLeakScanner(sourceCoordinates: [])
        #expect(scanner.scan(path: "_img/x/p-64.avif", bytes: avif)?.reason == .exifGPS)
        let clean = try AVIFEncoder.encode(
            ImageTestSupport.gradient(width: 64, height: 48), quality: 60, speed: 8, iccProfile: nil,
            exif: builder.build(ifd0: [builder.ascii(0x013B, "Ann")], gps: nil))
        #expect(scanner.scan(path: "_img/x/p-64.avif", bytes: clean) == nil)
    }
}
