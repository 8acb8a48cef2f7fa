import Testing

@testable import GalleryKit

@Suite struct WebPCodecTests {
    // Tolerances: lossy WebP with 4:2:0 chroma on a 40-level stripe pattern gives a mean error
    // of about 3.5-4.5 per byte at q80-90; a swapped or shifted channel gives tens.

    @Test func rgbRoundTripKeepsSizeAndColours() throws {
        let image = FormatTestImages.gradient(width: 64, height: 48, channels: 3)
        let file = try WebPCodec.encode(image, quality: 90, iccProfile: nil, exif: nil)
        #expect(Array(file[0..<4]) == Array("RIFF".utf8))
        #expect(Array(file[8..<12]) == Array("WEBP".utf8))
        let (decoded, icc) = try WebPCodec.decode(file)
        #expect(decoded.width == 64 && decoded.height == 48 && decoded.channels == 3)
        #expect(icc == nil)
        #expect(FormatTestImages.meanDifference(image, decoded, channels: 0..<3) < 6)
    }

    @Test func rgbaRoundTripKeepsAlpha() throws {
        let image = FormatTestImages.gradient(width: 64, height: 48, channels: 4)
        let file = try WebPCodec.encode(image, quality: 90, iccProfile: nil, exif: nil)
        let (decoded, _) = try WebPCodec.decode(file)
        #expect(decoded.channels == 4)
        // Alpha is coded losslessly at the default alpha quality (100).
        #expect(FormatTestImages.meanDifference(image, decoded, channels: 3..<4) == 0)
        // Colour under (nearly) transparent pixels may change (`exact` off): compare opaque ones.
        let opaqueColumns = 32..<64
        var total = 0
        for y in 0..<48 {
            for x in opaqueColumns {
                for c in 0..<3 {
                    let i = (y * 64 + x) * 4 + c
                    total += abs(Int(image.bytes[i]) - Int(decoded.bytes[i]))
                }
            }
        }
        #expect(Double(total) / Double(48 * opaqueColumns.count * 3) < 6)
    }

    @Test func opaqueRGBAIsStoredWithoutAlpha() throws {
        var image = FormatTestImages.gradient(width: 16, height: 16, channels: 4)
        for i in stride(from: 3, to: image.bytes.count, by: 4) { image.bytes[i] = 255 }
        let withAlpha = FormatTestImages.gradient(width: 16, height: 16, channels: 4)
        let opaqueFile = try WebPCodec.encode(image, quality: 80, iccProfile: nil, exif: nil)
        let alphaFile = try WebPCodec.encode(withAlpha, quality: 80, iccProfile: nil, exif: nil)
        #expect(try WebPCodec.decode(opaqueFile).0.channels == 3)
        #expect(try WebPCodec.decode(alphaFile).0.channels == 4)
    }

    @Test func iccProfileAndExifTravelWithTheImage() throws {
        let image = FormatTestImages.gradient(width: 32, height: 32, channels: 3)
        let file = try WebPCodec.encode(
            image, quality: 80, iccProfile: FormatTestImages.iccProfile, exif: FormatTestImages.exif)
        // Extended format with the ICC (0x20) and EXIF (0x08) flags set, as browsers read them.
        #expect(Array(file[12..<16]) == Array("VP8X".utf8))
        #expect(file[20] & 0x20 != 0)
        #expect(file[20] & 0x08 != 0)
        let (decoded, icc) = try WebPCodec.decode(file)
        #expect(icc == FormatTestImages.iccProfile)
        #expect(decoded.width == 32 && decoded.height == 32)
        #expect(try WebPCodec.chunk("EXIF", in: file) == FormatTestImages.exif)
    }

    @Test func exifWithJPEGStylePrefixIsStoredAsBareTIFF() throws {
        let image = FormatTestImages.gradient(width: 16, height: 16, channels: 3)
        let prefixed = Array("Exif".utf8) + [0, 0] + FormatTestImages.exif
        let file = try WebPCodec.encode(image, quality: 80, iccProfile: nil, exif: prefixed)
        #expect(try WebPCodec.chunk("EXIF", in: file) == FormatTestImages.exif)
    }

    @Test func lowerQualityMakesSmallerFiles() throws {
        let image = FormatTestImages.noise(width: 64, height: 64)
        let low = try WebPCodec.encode(image, quality: 20, iccProfile: nil, exif: nil)
        let high = try WebPCodec.encode(image, quality: 90, iccProfile: nil, exif: nil)
        #expect(low.count < high.count * 3 / 4)
    }

    @Test func outputIsDeterministic() throws {
        let image = FormatTestImages.gradient(width: 48, height: 40, channels: 4)
        let first = try WebPCodec.encode(
            image, quality: 75, method: 2, iccProfile: FormatTestImages.iccProfile,
            exif: FormatTestImages.exif)
        let second = try WebPCodec.encode(
            image, quality: 75, method: 2, iccProfile: FormatTestImages.iccProfile,
            exif: FormatTestImages.exif)
        #expect(first == second)
    }

    @Test(arguments: [0, 2, 4, 6])
    func everyMethodDecodes(method: Int) throws {
        let image = FormatTestImages.gradient(width: 40, height: 30, channels: 3)
        let file = try WebPCodec.encode(image, quality: 80, method: method, iccProfile: nil, exif: nil)
        let (decoded, _) = try WebPCodec.decode(file)
        #expect(FormatTestImages.meanDifference(image, decoded, channels: 0..<3) < 6)
    }

    @Test func emptyImageIsAnError() {
        let empty = PixelBuffer(width: 0, height: 0, channels: 3)
        let error = #expect(throws: CodecFailure.self) {
            try WebPCodec.encode(empty, quality: 80, iccProfile: nil, exif: nil)
        }
        #expect(error == .failed(.webP, "cannot encode an empty image"))
    }

    @Test func corruptFilesAreErrors() throws {
        let file = try WebPCodec.encode(
            FormatTestImages.noise(width: 32, height: 32), quality: 80, iccProfile: nil, exif: nil)
        let inputs = [
            Array(file.prefix(file.count / 2)), Array(file.prefix(10)), [],
            FormatTestImages.randomBytes(500, seed: 7),
        ]
        for input in inputs {
            let error = #expect(throws: CodecFailure.self) { try WebPCodec.decode(input) }
            #expect(error?.codec == .webP && error?.kind == .damaged)
        }
    }

    @Test func refusesImagesOverThePixelLimit() throws {
        let file = try WebPCodec.encode(
            FormatTestImages.gradient(width: 40, height: 30, channels: 3), quality: 80, iccProfile: nil,
            exif: nil)
        let error = #expect(throws: CodecFailure.self) { try WebPCodec.decode(file, maxPixels: 1199) }
        #expect(error?.kind == .tooLarge(width: 40, height: 30))
        #expect(error?.message.contains("40 x 30") == true)
        #expect(try WebPCodec.decode(file, maxPixels: 1200).0.width == 40)
    }
}
