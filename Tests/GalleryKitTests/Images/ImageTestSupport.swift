import Foundation

@testable import GalleryKit

/// Helpers for the image tests: tiny images made in the test, a scratch folder, the corpus.
enum ImageTestSupport {
    /// The photo corpus for every test: `GALLERYC_CORPUS` when set, else the repository's own
    /// `Tests/Fixtures/corpus` (real photos, licences in its README), so the suite needs nothing
    /// outside the repository.
    static let corpus: URL = {
        if let corpus = ProcessInfo.processInfo.environment["GALLERYC_CORPUS"] {
            return URL(fileURLWithPath: corpus)
        }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fixtures/corpus")
    }()

    /// A fresh, empty scratch folder.
    static func scratch() throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("galleryc-images-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A smooth colour gradient, `width` x `height` RGB.
    static func gradient(width: Int, height: Int) -> PixelBuffer {
        var bytes: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                bytes += [
                    UInt8(x * 255 / max(1, width - 1)), UInt8(y * 255 / max(1, height - 1)),
                    UInt8((x + y) * 127 / max(1, width + height - 2)),
                ]
            }
        }
        return PixelBuffer(width: width, height: height, channels: 3, bytes: bytes)
    }

    /// A JPEG of a gradient, made with our own encoder.
    static func jpeg(
        width: Int, height: Int, progressive: Bool = false, icc: [UInt8]? = nil
    ) throws -> [UInt8] {
        try ImageCodecs.encodeJPEG(
            gradient(width: width, height: height), quality: 90, progressive: progressive,
            iccProfile: icc, exif: nil)
    }

    /// Writes `bytes` as `name` in a new content folder and runs the pipeline on it.
    static func process(
        _ bytes: [UInt8], name: String, widths: [Int] = [480, 960], formats: [ImageFormat] = [.jpeg],
        output: URL? = nil, background: RGBColor = ImageSettings.defaultBackground
    ) throws -> (ImageResult, URL) {
        let content = try scratch()
        let file = content.appendingPathComponent(name)
        try FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: file)
        return try process(
            at: content, name: name, widths: widths, formats: formats, output: output, background: background)
    }

    /// Runs the pipeline on `name` inside `content` (JPEG renditions only unless `formats` says).
    static func process(
        at content: URL, name: String, widths: [Int], formats: [ImageFormat] = [.jpeg],
        output: URL? = nil, background: RGBColor = ImageSettings.defaultBackground,
        maxMegapixels: Int = ImageSettings().maxMegapixels
    ) throws -> (ImageResult, URL) {
        var settings = ImageSettings()
        settings.maxMegapixels = maxMegapixels
        settings.widths = widths
        settings.formats = formats
        settings.background = background
        let outputDirectory = try output ?? scratch()
        let slug = name.split(separator: "/").last.map(String.init) ?? name
        let photo = PhotoSource(
            sourcePath: name, fileName: slug, slug: "photo", urlPath: "album/photo/")
        let pipeline = ImagePipeline(settings: settings, outputDirectory: outputDirectory)
        return (try pipeline.process(photo, contentDirectory: content), outputDirectory)
    }

    /// Reads a rendition back.
    static func read(_ rendition: Rendition, in output: URL) throws -> [UInt8] {
        try [UInt8](Data(contentsOf: output.appendingPathComponent(rendition.path)))
    }

    /// Mean absolute difference per channel of two same-sized buffers.
    static func meanDifference(_ a: PixelBuffer, _ b: PixelBuffer) -> Double {
        precondition(a.bytes.count == b.bytes.count)
        let total = zip(a.bytes, b.bytes).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }
        return Double(total) / Double(a.bytes.count)
    }

    /// A minimal PNG (stored deflate blocks) of 8-bit RGBA pixels.
    /// `declaredSize` overrides the size written in IHDR (for forged headers).
    static func png(
        width: Int, height: Int, rgba: [UInt8], declaredSize: (Int, Int)? = nil
    ) -> [UInt8] {
        let rows = (0..<height).map { Array(rgba[($0 * width * 4)..<(($0 + 1) * width * 4)]) }
        let (headerWidth, headerHeight) = declaredSize ?? (width, height)
        return png(width: headerWidth, height: headerHeight, bitDepth: 8, colorType: 6, rows: rows)
    }

    /// A minimal PNG of any kind: `rows` are the raw scanlines (without filter bytes) for
    /// `bitDepth` and `colorType` (2 RGB, 3 palette, 6 RGBA...); `chunks` (such as PLTE) go
    /// between IHDR and IDAT. Stored deflate blocks, so at most 65,535 bytes of pixels.
    static func png(
        width: Int, height: Int, bitDepth: UInt8, colorType: UInt8, rows: [[UInt8]],
        chunks: [(String, [UInt8])] = []
    ) -> [UInt8] {
        func be32(_ v: UInt32) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: v >> $0) } }
        func crc(_ bytes: [UInt8]) -> UInt32 {
            var c: UInt32 = 0xFFFF_FFFF
            for byte in bytes {
                c ^= UInt32(byte)
                for _ in 0..<8 { c = c & 1 == 1 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
            }
            return ~c
        }
        func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
            let typed = Array(type.utf8) + body
            return be32(UInt32(body.count)) + typed + be32(crc(typed))
        }
        let raw: [UInt8] = rows.flatMap { [UInt8(0)] + $0 }
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in raw {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        let length = UInt16(raw.count)
        let zlib: [UInt8] =
            [
                0x78, 0x01, 0x01, UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF),
                UInt8(~length >> 8),
            ] + raw + be32(b << 16 | a)
        let header = be32(UInt32(width)) + be32(UInt32(height)) + [bitDepth, colorType, 0, 0, 0]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header)
            + chunks.flatMap { chunk($0.0, $0.1) } + chunk("IDAT", zlib) + chunk("IEND", [])
    }

    /// Whether ImageMagick's `convert` is on the PATH (fixtures our encoders cannot make).
    static let convertPath: String? = {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":")
        return paths.map { "\($0)/convert" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    /// Runs `convert arguments...` and returns the file it wrote at `output`.
    static func convert(_ arguments: [String], output: URL) throws -> [UInt8] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: convertPath ?? "/usr/bin/convert")
        process.arguments = arguments + [output.path]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: ["arguments": arguments])
        }
        return [UInt8](try Data(contentsOf: output))
    }
}

extension ImagePipeline {
    /// What the image stage does for one photo without a cache: read the file as the stage
    /// reads it, then process its bytes.
    func process(_ photo: PhotoSource, contentDirectory: URL) throws(ImageError) -> ImageResult {
        let url = contentDirectory.appendingPathComponent(photo.sourcePath)
        return try process(photo, bytes: PhotoFile.read(url, displayPath: photo.sourcePath))
    }
}
