import Foundation
import Testing

@testable import GalleryKit

@Suite struct BadInputTests {
    func failure(_ bytes: [UInt8], name: String = "album/bad.jpg") -> ImageError? {
        do {
            _ = try ImageTestSupport.process(bytes, name: name)
            return nil
        } catch let error as ImageError {
            return error
        } catch {
            return nil
        }
    }

    @Test func zeroBytesIsAnEmptyFileError() throws {
        let error = try #require(failure([]))
        #expect(error.reason == .emptyFile)
        #expect(error.location.file == "album/bad.jpg")
        #expect(error.description == "album/bad.jpg: error: the file is empty (0 bytes)")
    }

    @Test func truncatedJPEGSaysSo() throws {
        var noisy = ImageTestSupport.gradient(width: 64, height: 64)
        var seed: UInt32 = 7
        for index in noisy.bytes.indices {
            seed = seed &* 1_103_515_245 &+ 12345
            noisy.bytes[index] = UInt8(truncatingIfNeeded: seed >> 16)
        }
        let jpeg = try ImageCodecs.encodeJPEG(
            noisy, quality: 90, progressive: false, iccProfile: nil, exif: nil)
        let error = try #require(failure(Array(jpeg.prefix(jpeg.count / 2))))
        #expect(error.reason == .corrupt("JPEG: Premature end of JPEG file"))
        #expect(error.severity == .error)
    }

    @Test func randomBytesAreNotAnImage() throws {
        var seed: UInt32 = 42
        let bytes = (0..<512).map { _ in
            seed = seed &* 1_664_525 &+ 1_013_904_223
            return UInt8(truncatingIfNeeded: seed >> 24)
        }
        let error = try #require(failure(bytes))
        guard case .notAnImage(let detail) = error.reason else {
            Issue.record("expected notAnImage, got \(error.reason)")
            return
        }
        #expect(detail.contains("the first bytes are"))
    }

    @Test(arguments: [
        ([0x49, 0x49, 0x2A, 0, 8, 0, 0, 0, 0, 0], "TIFF"),
        (Array("%PDF-1.4\n".utf8), "PDF"),
    ])
    func otherFormatsNamedJPGSayWhatTheyAre(bytes: [UInt8], format: String) throws {
        let error = try #require(failure(bytes))
        #expect(error.reason == .notAnImage("this is a \(format) file"))
        #expect(error.severity == .error)
    }

    /// A JPM (JPEG 2000 Part 6) named `.jp2` is not damaged: it is a format OpenJPEG does not
    /// read, and the error says so rather than quoting OpenJPEG's complaint.
    @Test func aJPMNamedJP2SaysWhatItIs() throws {
        let jpm: [UInt8] =
            [0, 0, 0, 0x0C] + Array("jP  \r\n".utf8) + [0x87, 0x0A, 0, 0, 0, 0x14] + Array("ftypjpm ".utf8)
            + [0, 0, 0, 0] + Array("jpm ".utf8)
        let error = try #require(failure(jpm, name: "album/scan.jp2"))
        #expect(
            error.reason
                == .notAnImage(
                    "this is a JPM file (JPEG 2000 Part 6, a compound document image, which OpenJPEG does not read)"
                ))
    }

    /// WebP and HEIC are read whatever the file is called, so a broken one is reported as
    /// damaged, with the decoder's words naming the format.
    @Test(arguments: [
        ([0, 0, 0, 0x18] + Array("ftypheic\0\0\0\0mif1heic".utf8), "HEIF"),
        (Array("RIFF\u{10}\0\0\0WEBPVP8 ".utf8), "WebP"),
    ])
    func brokenWebPAndHEICNamedJPGAreDamaged(bytes: [UInt8], format: String) throws {
        let error = try #require(failure(bytes))
        guard case .corrupt(let detail) = error.reason else {
            Issue.record("expected corrupt, got \(error.reason)")
            return
        }
        #expect(detail.contains(format))
        #expect(error.severity == .error)
    }

    /// GIFs are read now (giflib): a broken one is damaged, in giflib's words.
    @Test func aBrokenGIFIsDamaged() throws {
        let error = try #require(failure(Array("GIF89a\u{1}\0\u{1}\0\0\0\0;".utf8), name: "a/anim.gif"))
        guard case .corrupt(let detail) = error.reason else {
            Issue.record("expected corrupt, got \(error.reason)")
            return
        }
        #expect(detail.hasPrefix("GIF: "))
        #expect(error.severity == .error)
    }

    /// A JPEG is limited by what it decodes to: 65000 x 65000 decodes at 1/8 into 8125 x 8125
    /// (66 MP, under the default 200), so the header alone is no reason to refuse it. This one
    /// holds the data of an 8 x 8 image: libjpeg runs out of data at once, and says so.
    @Test func aJPEGDeclaringAbsurdDimensionsFailsFastOnItsData() throws {
        let jpeg = try Self.jpeg(declaring: (0xFDE8, 0xFDE8))  // 65000 x 65000
        let clock = ContinuousClock()
        let start = clock.now
        let error = try #require(failure(jpeg))
        #expect(clock.now - start < .seconds(2))
        guard case .corrupt(let detail) = error.reason else {
            Issue.record("expected corrupt, got \(error.reason)")
            return
        }
        #expect(detail.contains("premature end of data segment"))
    }

    /// Past `images.max_megapixels` even at the smallest useful DCT scale, a JPEG is refused
    /// before anything is allocated, and the message names the key.
    @Test func aJPEGTooLargeEvenScaledIsRefusedNamingTheKey() throws {
        let jpeg = try Self.jpeg(declaring: (0xFDE8, 0xFDE8))
        let (content, name) = try Self.write(jpeg, name: "a/huge.jpg")
        do {
            _ = try ImageTestSupport.process(at: content, name: name, widths: [480], maxMegapixels: 50)
            Issue.record("expected an error")
        } catch let error as ImageError {
            #expect(
                error.reason == .tooLargeDecoded(width: 8125, height: 8125, scale: 1, limitMegapixels: 50))
            #expect(
                error.message
                    == "even decoded at 1/8 of its size the image is 8125 x 8125 pixels; the limit is 50 "
                    + "megapixels (images.max_megapixels in site.yml)")
        }
    }

    @Test func pngDeclaringAbsurdDimensionsIsRefused() throws {
        let png = ImageTestSupport.png(
            width: 1, height: 1, rgba: [1, 2, 3, 255], declaredSize: (65000, 65000))
        let error = try #require(failure(png, name: "a/huge.png"))
        #expect(error.reason == .tooLarge(width: 65000, height: 65000, limitMegapixels: 200))
        #expect(
            error.message
                == "the image declares 65000 x 65000 pixels; the limit is 200 megapixels "
                + "(images.max_megapixels in site.yml)")
    }

    /// An 8 x 8 JPEG whose SOF says it is `size`.
    static func jpeg(declaring size: (Int, Int)) throws -> [UInt8] {
        var jpeg = try ImageCodecs.encodeJPEG(
            ImageTestSupport.gradient(width: 8, height: 8), quality: 80, progressive: false,
            iccProfile: nil, exif: nil)
        let sof = try #require((2..<jpeg.count - 9).first { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xC0 })
        let bytes = [size.1 >> 8, size.1 & 0xFF, size.0 >> 8, size.0 & 0xFF].map { UInt8($0) }
        jpeg.replaceSubrange((sof + 5)..<(sof + 9), with: bytes)
        return jpeg
    }

    /// Writes `bytes` as `name` in a new content folder.
    static func write(_ bytes: [UInt8], name: String) throws -> (URL, String) {
        let content = try ImageTestSupport.scratch()
        let file = content.appendingPathComponent(name)
        try FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: file)
        return (content, name)
    }

    @Test func truncatedPNGSaysSo() throws {
        let png = ImageTestSupport.png(
            width: 4, height: 4, rgba: (0..<64).map { UInt8($0 * 4) })
        let error = try #require(failure(Array(png.prefix(png.count - 20)), name: "a/cut.png"))
        guard case .corrupt(let detail) = error.reason else {
            Issue.record("expected corrupt, got \(error.reason)")
            return
        }
        #expect(!detail.isEmpty)
    }

    @Test func aMissingFileIsUnreadable() throws {
        let content = try ImageTestSupport.scratch()
        do {
            _ = try ImageTestSupport.process(at: content, name: "gone.jpg", widths: [480])
            Issue.record("expected an error")
        } catch let error as ImageError {
            guard case .unreadable = error.reason else {
                Issue.record("expected unreadable, got \(error.reason)")
                return
            }
        }
    }

    @Test func brokenEXIFIsTreatedAsNoEXIF() throws {
        let jpeg = try ImageTestSupport.jpeg(width: 16, height: 8)
        let tiff: [UInt8] = Array("Exif\0\0MM\0*".utf8) + [0, 0, 0, 8, 0xFF, 0xFF, 1, 0x12, 0, 3]
        let app1 = [0xFF, 0xE1, 0, UInt8(tiff.count + 2)] + tiff
        let broken = Array(jpeg.prefix(2)) + app1 + jpeg.dropFirst(2)
        let (result, _) = try ImageTestSupport.process(broken, name: "a/broken-exif.jpg", widths: [8])
        #expect(result.derivatives.exif == ExifSummary())
        #expect(result.derivatives.width == 16 && result.derivatives.height == 8)
    }

    /// A FIFO with a photo's name would block a build that opened it for reading; it is
    /// refused as what it is, not as a permission problem.
    @Test func aFIFONamedJPGIsNotARegularFile() throws {
        let content = try ImageTestSupport.scratch()
        #expect(mkfifo(content.appendingPathComponent("pipe.jpg").path, 0o644) == 0)
        let error = #expect(throws: ImageError.self) {
            _ = try ImageTestSupport.process(at: content, name: "pipe.jpg", widths: [480])
        }
        #expect(error?.reason == .notARegularFile)
        #expect(error?.message == "not a regular file (a FIFO, device or socket); only files are read")
    }

    /// Text named `.jpg` (a link to /etc/passwd, say) is described, never quoted: messages end
    /// up in CI logs.
    @Test func textNamedJPGIsNotQuoted() throws {
        let error = try #require(failure(Array("root:x:0:0:root:/root:/bin/bash\n".utf8)))
        #expect(error.reason == .notAnImage("it looks like a text file"))
        #expect(!error.description.contains("root"))
    }

    /// A file far larger than its declared pixels could need is refused from its first bytes,
    /// before the rest is read (a 1 GB junk file with a JPEG header was read whole, twice).
    @Test func aFileMuchLargerThanItsPixelsIsRefusedUnread() throws {
        let jpeg = try ImageTestSupport.jpeg(width: 16, height: 8)
        let content = try ImageTestSupport.scratch()
        let url = content.appendingPathComponent("padded.jpg")
        try Data(jpeg).write(to: url)
        let handle = try FileHandle(forWritingTo: url)
        try handle.truncate(atOffset: 3 << 30)  // sparse: 3 GiB on paper, nothing on disk
        try handle.close()
        let error = #expect(throws: ImageError.self) {
            _ = try ImageTestSupport.process(at: content, name: "padded.jpg", widths: [480])
        }
        #expect(error?.reason == .implausibleSize(bytes: 3 << 30, limit: 16 * 8 * 8 + (64 << 20)))
        #expect(
            error?.message.hasPrefix("the file is 3.2 GB, more than a photo of the size it declares") == true)
    }

    @Test func aHugeFileWithoutADeclaredSizeIsRefusedByTheCap() throws {
        let content = try ImageTestSupport.scratch()
        let url = content.appendingPathComponent("huge.heic")
        try Data([0, 0, 0, 0x18] + Array("ftypheic\0\0\0\0mif1heic".utf8)).write(to: url)
        let handle = try FileHandle(forWritingTo: url)
        try handle.truncate(atOffset: 3 << 30)
        try handle.close()
        let error = #expect(throws: ImageError.self) {
            _ = try ImageTestSupport.process(at: content, name: "huge.heic", widths: [480])
        }
        #expect(error?.reason == .fileTooLarge(bytes: 3 << 30, limit: PhotoFile.maxBytes))
    }
}
