import Foundation
import Testing

@testable import GalleryKit

/// The after-build check over a whole output folder.
@Suite struct GPSLeakScannerTests {
    static let tower = GPSCoordinate(latitude: 48.858222, longitude: 2.2945, source: "paris/tower.jpg")
    let scanner = GPSLeakScanner(sourceCoordinates: [Self.tower])

    /// A fresh output folder, removed when the test ends.
    final class Folder {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "galleryc-gps-\(UUID().uuidString)")
        deinit { try? FileManager.default.removeItem(at: url) }

        func put(_ path: String, _ bytes: [UInt8]) throws {
            let file = url.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: file)
        }
    }

    @Test func anyGPSIFDInAnImageIsALeakWhateverTheExtension() {
        let builder = TIFFBuilder(bigEndian: false)
        let zeroGPS = builder.build(
            gps: builder.gpsEntries(
                latitudeRef: "N", latitude: (0, 0, 0), longitudeRef: "E", longitude: (0, 0, 0)))
        let jpeg = ImageBytes.splice(ImageBytes.app1(zeroGPS), into: ImageBytes.skeletonJPEG)
        for path in ["_img/ab/x-960.jpg", "_img/ab/x-960.webp", "_img/ab/x-960.bin"] {
            let leak = scanner.scan(path: path, bytes: jpeg)
            #expect(leak?.description == "\(path): error: published image contains EXIF GPS data")
        }
        let webP = ImageBytes.webP(exif: GPSCoordinatesTests.eiffel(bigEndian: true))
        #expect(scanner.scan(path: "a.webp", bytes: webP)?.reason == .exifGPS)
    }

    @Test func aQuickTimeLocationInAnMP4IsALeak() {
        func box(_ type: String, _ payload: [UInt8]) -> [UInt8] {
            let size = payload.count + 8
            return [0, 0, UInt8(size >> 8), UInt8(size & 0xFF)] + Array(type.utf8) + payload
        }
        let ftyp = box("ftyp", Array("isom\0\0\u{2}\0isomiso2mp41".utf8))
        let location = box("\u{A9}xyz", [0, 18, 0x15, 0xC7] + Array("+48.8582+002.2945/".utf8))
        let mp4 = ftyp + box("moov", box("udta", location))
        #expect(scanner.scan(path: "video/clip.mp4", bytes: mp4)?.reason == .coordinates(Self.tower))
        #expect(scanner.scan(path: "video/clip.mp4", bytes: ftyp + box("moov", [])) == nil)
    }

    @Test func cleanImagesPass() throws {
        let clean = try ImageBytes.corpus("sigal-sample/exifTest/21.jpg")
        #expect(scanner.scan(path: "_img/1/21-960.jpg", bytes: clean) == nil)
        let webP = try ImageBytes.corpus("sigal-sample/webp/_MG_7805_lossy80.webp")
        #expect(scanner.scan(path: "_img/1/mg-960.webp", bytes: webP) == nil)
        let png = try ImageBytes.corpus("sigal-sample/exifTest/noexif.png")
        #expect(scanner.scan(path: "_img/1/noexif.png", bytes: png) == nil)
    }

    @Test func scansAWholeOutputFolderAndNamesEveryLeakingFile() async throws {
        let folder = Folder()
        let gpsJPEG = ImageBytes.splice(
            ImageBytes.app1(GPSCoordinatesTests.eiffel(bigEndian: false)),
            into: try ImageBytes.corpus("sigal-sample/exifTest/21.jpg"))
        try folder.put("index.html", Array("<p>A clean page, 1600 px wide, opacity 0.875.</p>".utf8))
        try folder.put("paris/tower/index.html", Array("<p>Seen from 48.8582, 2.2945</p>".utf8))
        try folder.put("_img/ab12/tower-960.jpg", gpsJPEG)
        try folder.put("_img/ab12/tower-480.jpg", try ImageBytes.corpus("sigal-sample/exifTest/21.jpg"))
        try folder.put("feed.xml", Array("<georss:point>48.858 2.294</georss:point>".utf8))
        let paths = [
            "index.html", "paris/tower/index.html", "_img/ab12/tower-960.jpg", "_img/ab12/tower-480.jpg",
            "feed.xml", "gone.json",
        ]

        let leaks = try await scanner.scanOutput(
            directory: folder.url, paths: paths, workers: WorkerPool(workers: 2))
        #expect(
            leaks.map(\.location.file) == [
                "_img/ab12/tower-960.jpg", "feed.xml", "gone.json", "paris/tower/index.html",
            ])
        #expect(
            leaks.map(\.description).first
                == "_img/ab12/tower-960.jpg: error: published image contains EXIF GPS data")
        #expect(
            leaks[1].message == "published file contains GPS coordinates (48.858, 2.295) from paris/tower.jpg"
        )
        #expect(leaks[2].message.hasPrefix("cannot read published file to check it for GPS data: "))

        let listed = try await scanner.scanOutput(directory: folder.url, workers: WorkerPool(workers: 2))
        #expect(
            listed.map(\.location.file) == ["_img/ab12/tower-960.jpg", "feed.xml", "paris/tower/index.html"])
        let missing = folder.url.appendingPathComponent("missing")
        #expect(try await scanner.scanOutput(directory: missing, workers: WorkerPool(workers: 2)).count == 1)
    }

    @Test func aThousandFilesHideOneNeedleOfEachKind() async throws {
        let folder = Folder()
        let builder = TIFFBuilder(bigEndian: true)
        let cleanExif = builder.build(
            ifd0: [builder.ascii(0x010F, "Canon"), builder.short(0x0112, 1)], gps: nil)
        let jpeg = ImageBytes.splice(
            ImageBytes.app1(cleanExif), into: try ImageBytes.corpus("sigal-sample/exifTest/21.jpg"))
        var html = "<!doctype html><title>x</title>"
        for index in 0..<300 {
            html += "<img src=\"_img/\(index).jpg\" width=\"960\" height=\"640\" style=\"--x:0.\(index)3\">\n"
        }
        let page = Array(html.utf8)
        var paths: [String] = []
        for index in 0..<500 {
            try folder.put("album/\(index).html", page)
            try folder.put("_img/photo-\(index).jpg", jpeg)
            paths += ["album/\(index).html", "_img/photo-\(index).jpg"]
        }
        let sources = (0..<1000).map {
            GPSCoordinate(
                latitude: 40 + Double($0) / 997, longitude: -3 - Double($0) / 991, source: "p\($0).jpg")
        }
        // One needle of each kind among the thousand files.
        try folder.put("album/250.html", Array((html + "<p>40.502, -3.504</p>").utf8))
        try folder.put("_img/photo-499.jpg", GPSCoordinatesTests.eiffelJPEG)
        let many = GPSLeakScanner(sourceCoordinates: sources)
        let leaks = try await many.scanOutput(directory: folder.url, paths: paths, workers: WorkerPool())
        #expect(leaks.map(\.location.file) == ["_img/photo-499.jpg", "album/250.html"])
        #expect(leaks.last?.message.hasSuffix("(40.502, -3.505) from p500.jpg") == true)
    }
}
