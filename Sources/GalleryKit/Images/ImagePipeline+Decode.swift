/// A photo decoded and oriented, ready for the rendition cascade.
struct SourceImage: Sendable {
    /// Oriented pixels, possibly DCT-scaled below the photo's size: RGB, or RGBA with the
    /// colours premultiplied by alpha (so that the resizer does not bleed the colour of
    /// transparent pixels into visible ones).
    var pixels: PixelBuffer
    /// The photo's size after orientation, at full resolution.
    var width: Int
    var height: Int
    var exif: ExifMetadata?
    var iccProfile: [UInt8]?
    var hasAlpha: Bool
}

extension ImagePipeline {
    /// Throws unless `format` (sniffed from the first bytes, `head`) is one the pipeline decodes;
    /// other formats are refused with a message saying what they are.
    static func checkUsable(
        _ format: SniffedFormat, head: [UInt8], fileName: String, fail: (ImageError.Reason) -> ImageError
    ) throws(ImageError) {
        guard !head.isEmpty else { throw fail(.emptyFile) }
        let fileExtension = fileName.split(separator: ".").last.map { $0.lowercased() } ?? ""
        switch format {
        case .jpeg, .png, .webp, .heic: return
        case .unknown: throw fail(.notAnImage(describeBytes(head)))
        case .pdf: throw fail(.notAnImage("this is a PDF file"))
        default:
            if format.extensions.contains(fileExtension) {
                throw fail(.unsupportedFormat("\(format.name) files are not read yet"))
            }
            throw fail(.notAnImage("this is a \(format.name) file"))
        }
    }

    /// Recognises the format, then decodes JPEG (at the smallest DCT scale that covers the
    /// largest rendition), PNG, WebP or HEIC/HEIF.
    func decode(_ data: [UInt8], fileName: String, fail: (ImageError.Reason) -> ImageError)
        throws(ImageError) -> SourceImage
    {
        let format = SniffedFormat.sniff(data)
        try Self.checkUsable(format, head: data, fileName: fileName, fail: fail)
        let maxPixels = Self.maxMegapixels * 1_000_000
        if format == .heic { return try decodeHEIF(data, maxPixels: maxPixels, fail: fail) }
        if format == .webp { return try decodeWebP(data, maxPixels: maxPixels, fail: fail) }
        do throws(CodecFailure) {
            if format == .jpeg { return try decodeJPEG(data, maxPixels: maxPixels) }
            let decoded = try ImageCodecs.decodePNG(data, maxPixels: maxPixels)
            return SourceImage(
                pixels: PixelOperations.premultiplied(decoded.pixels), width: decoded.pixels.width,
                height: decoded.pixels.height, exif: nil, iccProfile: decoded.iccProfile,
                hasAlpha: decoded.pixels.channels == 4)
        } catch {
            throw fail(Self.reason(for: error))
        }
    }

    private func decodeJPEG(_ data: [UInt8], maxPixels: Int) throws(CodecFailure) -> SourceImage {
        let exif = JPEGMarkers.exifPayload(in: data).flatMap(ExifReader.read(app1Payload:))
        let orientation = exif?.summary.orientation ?? 1
        // An oversized declaration is refused by the decode's header pass, before allocating.
        let stored = try ImageCodecs.jpegSize(data)
        let transposed = orientation >= 5
        let width = transposed ? stored.height : stored.width
        let height = transposed ? stored.width : stored.height
        let widths = RenditionPlan.widths(configured: settings.widths, photoWidth: width)
        let preview = RenditionPlan.previewSize(width: width, height: height)
        let needed = max(widths.first ?? 0, preview.width)
        let scale = RenditionPlan.dctScale(photoWidth: width, neededWidth: needed)
        let decoded = try ImageCodecs.decodeJPEG(
            data, scale: scale, maxPixels: maxPixels, maxScans: Self.maxScans)
        return SourceImage(
            pixels: PixelOperations.orient(decoded.pixels, orientation: orientation), width: width,
            height: height, exif: exif, iccProfile: decoded.iccProfile, hasAlpha: false)
    }

    /// HEIC/HEIF through libheif, which applies the container's rotation and mirroring itself:
    /// the EXIF Orientation is read for the summary but never applied again.
    private func decodeHEIF(
        _ data: [UInt8], maxPixels: Int, fail: (ImageError.Reason) -> ImageError
    ) throws(ImageError) -> SourceImage {
        let decoded: (image: PixelBuffer, iccProfile: [UInt8]?, exif: [UInt8]?, orientationApplied: Bool)
        do {
            decoded = try HEIFDecoder.decode(data, maxPixels: maxPixels)
        } catch let error as HEIFDecoder.DecodeError {
            if case .tooLarge(let width, let height, _) = error {
                throw fail(.tooLarge(width: width, height: height, limitMegapixels: Self.maxMegapixels))
            }
            throw fail(.corrupt(error.description))
        } catch {
            throw fail(.corrupt("\(error)"))
        }
        let image = decoded.image
        return SourceImage(
            pixels: PixelOperations.premultiplied(image), width: image.width, height: image.height,
            exif: decoded.exif.flatMap(Self.readTIFF), iccProfile: decoded.iccProfile,
            hasAlpha: image.channels == 4)
    }

    /// WebP through libwebp; an `EXIF` chunk's Orientation is applied, as for JPEG.
    private func decodeWebP(
        _ data: [UInt8], maxPixels: Int, fail: (ImageError.Reason) -> ImageError
    ) throws(ImageError) -> SourceImage {
        let image: PixelBuffer
        let icc: [UInt8]?
        let exif: ExifMetadata?
        do {
            if let size = WebPCodec.declaredSize(data), size.width * size.height > maxPixels {
                throw fail(
                    .tooLarge(width: size.width, height: size.height, limitMegapixels: Self.maxMegapixels))
            }
            (image, icc) = try WebPCodec.decode(data, maxPixels: maxPixels)
            exif = try WebPCodec.chunk("EXIF", in: data).flatMap(Self.readTIFF)
        } catch let error as ImageError {
            throw error
        } catch {
            throw fail(.corrupt("\(error)"))
        }
        let oriented = PixelOperations.orient(image, orientation: exif?.summary.orientation ?? 1)
        return SourceImage(
            pixels: PixelOperations.premultiplied(oriented), width: oriented.width,
            height: oriented.height, exif: exif, iccProfile: icc, hasAlpha: image.channels == 4)
    }

    /// EXIF given as bare TIFF data (HEIF and WebP) or with its `Exif\0\0` header.
    static func readTIFF(_ tiff: [UInt8]) -> ExifMetadata? {
        let header: [UInt8] = [0x45, 0x78, 0x69, 0x66, 0, 0]
        return ExifReader.read(app1Payload: tiff.starts(with: header) ? tiff : header + tiff)
    }

    /// What unrecognised content looks like, without quoting it: a file named `.jpg` may be a
    /// link to anything (`/etc/passwd`), and messages end up in CI logs.
    static func describeBytes(_ data: [UInt8]) -> String {
        let head = data.prefix(512)
        let textual = head.allSatisfy {
            (0x20...0x7E).contains($0) || [0x09, 0x0A, 0x0D].contains($0) || $0 >= 0x80
        }
        if textual { return "it looks like a text file" }
        let hex = data.prefix(4).map { String($0, radix: 16).leftPadded(to: 2) }.joined(separator: " ")
        return "the first bytes are \(hex), which is no image format galleryc knows"
    }
}

extension String {
    fileprivate func leftPadded(to length: Int) -> String {
        String(repeating: "0", count: max(0, length - count)) + self
    }
}
