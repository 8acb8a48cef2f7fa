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
    /// The profile that describes `pixels` (see ``SourceColour``); nil: sRGB, untagged.
    var iccProfile: [UInt8]?
    var hasAlpha: Bool
    /// What was not right with the source although it decoded (damaged data, a profile left out).
    var notices: [ImageNotice] = []
    /// Its colour is handled differently from galleryc-images-4 (converted with lcms2, or a
    /// profile left out): its renditions get new URLs.
    var colourRevised = false
    /// What the file says of itself (title, keywords, rating) when its decoder read it: a
    /// camera RAW's XMP, which LibRaw finds; nil: read from the bytes (``EmbeddedMetadata``).
    var described: DescriptiveMetadata?
}

extension ImagePipeline {
    /// Throws unless `format` (sniffed from the first bytes, `head`) is one the pipeline decodes;
    /// other formats are refused with a message saying what they are.
    static func checkUsable(
        _ format: SniffedFormat, head: [UInt8], fileName: String, fail: (ImageError.Reason) -> ImageError
    ) throws(ImageError) {
        guard !head.isEmpty else { throw fail(.emptyFile) }
        if isCameraRAW(format, fileName: fileName) { return }
        let fileExtension = fileName.split(separator: ".").last.map { $0.lowercased() } ?? ""
        switch format {
        case .jpeg, .png, .webp, .heic, .avif, .gif, .jpeg2000, .jpegXL: return
        case .unknown: throw fail(.notAnImage(describeBytes(head)))
        case .pdf: throw fail(.notAnImage("this is a PDF file"))
        default:
            // TIFF, BMP, JPM: formats galleryc knows and does not read (``MediaFileType``).
            let note = format.fileType?.note.map { " (\($0))" } ?? ""
            if format.extensions.contains(fileExtension) {
                throw fail(.unsupportedFormat("\(format.name) files are not read\(note)"))
            }
            throw fail(.notAnImage("this is a \(format.name) file\(note)"))
        }
    }

    /// True when a file named `fileName` whose first bytes say `format` goes to LibRaw: a RAW
    /// extension on a TIFF container (CR2, NEF, ARW, DNG, PEF...) or on bytes of no format
    /// galleryc sniffs itself (CR3, RAF, ORF, RW2...), which LibRaw then recognises or
    /// refuses. A JPEG named `.nef` is still read as the JPEG it is.
    static func isCameraRAW(_ format: SniffedFormat, fileName: String) -> Bool {
        (format == .tiff || format == .unknown) && MediaFileType.isCameraRAW(fileName)
    }

    /// The most pixels a decoded image may have (`images.max_megapixels`).
    var maxPixels: Int { settings.maxMegapixels * 1_000_000 }

    /// The reason for a codec's failure on a source, or on the rendition `writing`.
    func problem(_ failure: CodecFailure, writing rendition: String? = nil) -> ImageProblem {
        ImageProblem(failure, limitMegapixels: settings.maxMegapixels, writing: rendition)
    }

    /// Recognises the format, then decodes JPEG (at the smallest DCT scale that covers the
    /// largest rendition), PNG, WebP, a still GIF, HEIC/HEIF, AVIF, JPEG 2000 or JPEG XL. Every
    /// codec's failure becomes its reason here (``problem(_:writing:)``).
    func decode(_ data: [UInt8], fileName: String, fail: (ImageError.Reason) -> ImageError)
        throws(ImageError) -> SourceImage
    {
        let format = SniffedFormat.sniff(data)
        try Self.checkUsable(format, head: data, fileName: fileName, fail: fail)
        do throws(CodecFailure) {
            if Self.isCameraRAW(format, fileName: fileName) { return try decodeRAW(data) }
            switch format {
            case .heic, .avif: return try decodeHEIF(data)
            case .webp: return try decodeWebP(data)
            case .jpeg2000: return try decodeSamples(decodeJPEG2000(data))
            case .jpegXL:
                let samples = try JPEGXLDecoder.decode(data, maxPixels: maxPixels)
                return try decodeSamples((samples, samples.width, samples.height))
            case .gif: return try decodeStillGIF(data)
            case .jpeg: return try decodeJPEG(data)
            default:
                var decoded = try ImageCodecs.decodePNG(data, maxPixels: maxPixels)
                PixelOperations.premultiply(&decoded.pixels)
                return SourceImage(
                    pixels: decoded.pixels, width: decoded.pixels.width,
                    height: decoded.pixels.height, exif: nil, iccProfile: decoded.iccProfile,
                    hasAlpha: decoded.pixels.channels == 4, notices: decoded.notices,
                    colourRevised: decoded.colourRevised)
            }
        } catch {
            throw fail(problem(error))
        }
    }

    /// A still GIF (an animated one went to processAnimated): its one frame.
    private func decodeStillGIF(_ data: [UInt8]) throws(CodecFailure) -> SourceImage {
        let frame = try GIFDecoder.decode(data, maxPixels: maxPixels).frames[0]
        let alpha = stride(from: 3, to: frame.bytes.count, by: 4).contains { frame.bytes[$0] != 255 }
        let pixels = alpha ? frame : PixelOperations.flattenPremultiplied(frame, onto: settings.background)
        return SourceImage(
            pixels: PixelOperations.premultiplied(pixels), width: frame.width, height: frame.height,
            exif: nil, iccProfile: nil, hasAlpha: alpha)
    }

    /// A JPEG is limited by what it decodes to, not what it declares: DCT scaling decodes a
    /// 102 MP photo at 2/8 or 4/8, so any JPEG up to 65,500 px a side builds. libjpeg's own
    /// working memory (all the coefficients of a progressive JPEG) is limited to what the
    /// largest allowed decode would take as RGBA.
    private func decodeJPEG(_ data: [UInt8]) throws(CodecFailure) -> SourceImage {
        let exif = JPEGMarkers.exifPayload(in: data).flatMap(ExifReader.read(app1Payload:))
        let orientation = exif?.summary.orientation ?? 1
        let transposed = orientation >= 5
        let stored = try ImageCodecs.jpegSize(data)
        let width = transposed ? stored.height : stored.width
        let height = transposed ? stored.width : stored.height
        let scale = RenditionPlan.dctScale(
            photoWidth: width,
            neededWidth: RenditionPlan.neededWidth(configured: settings.widths, width: width, height: height))
        let plan = try ImageCodecs.jpegPlan(data, scale: scale)
        if plan.width * plan.height > maxPixels {
            throw CodecFailure(
                .tooLargeScaled(width: plan.width, height: plan.height, scale: scale), .jpeg,
                "\(plan.width) x \(plan.height) pixels decoded at \(scale)/8")
        }
        let decoded = try ImageCodecs.decodeJPEG(
            data, scale: scale, maxPixels: maxPixels, maxScans: Self.maxScans, maxMemory: maxPixels * 4)
        return SourceImage(
            pixels: PixelOperations.orient(decoded.pixels, orientation: orientation), width: width,
            height: height, exif: exif, iccProfile: decoded.iccProfile, hasAlpha: false,
            notices: decoded.notices, colourRevised: decoded.colourRevised)
    }

    /// A camera RAW file through LibRaw (``RAWDecoder``): the camera's embedded preview when it
    /// covers the largest rendition (with `privacy.publish_originals`, the full size: the
    /// original published is a full-size JPEG), else developed; upright either way.
    private func decodeRAW(_ data: [UInt8]) throws(CodecFailure) -> SourceImage {
        let (configured, originals) = (settings.widths, settings.privacy.publishOriginals)
        let needed = { (width: Int, height: Int) in
            originals
                ? width : RenditionPlan.neededWidth(configured: configured, width: width, height: height)
        }
        let decoded = try RAWDecoder.decode(
            data, mode: settings.raw == .develop ? .develop : .preview, neededWidth: needed,
            maxPixels: maxPixels)
        let described = decoded.xmp.flatMap { XMPParser.parse($0)?.descriptive }
        switch decoded.pixels {
        case .upright(let pixels):
            return SourceImage(
                pixels: pixels, width: decoded.width, height: decoded.height, exif: decoded.exif,
                iccProfile: nil, hasAlpha: false, described: described)
        case .previewJPEG(let jpeg):
            // The preview as the sensor saw it: DCT-scaled as any JPEG, turned by the RAW's
            // orientation (whatever EXIF the preview carries of its own).
            let scale = RenditionPlan.dctScale(
                photoWidth: decoded.width, neededWidth: needed(decoded.width, decoded.height))
            let preview = try ImageCodecs.decodeJPEG(
                jpeg, scale: scale, maxPixels: maxPixels, maxScans: Self.maxScans, maxMemory: maxPixels * 4)
            return SourceImage(
                pixels: PixelOperations.orient(preview.pixels, orientation: decoded.orientation),
                width: decoded.width, height: decoded.height, exif: decoded.exif,
                iccProfile: preview.iccProfile, hasAlpha: false, notices: preview.notices,
                colourRevised: preview.colourRevised, described: described)
        }
    }

    /// HEIC/HEIF and AVIF through libheif, which applies the container's rotation and
    /// mirroring itself: the EXIF Orientation is read for the summary but never applied again.
    private func decodeHEIF(_ data: [UInt8]) throws(CodecFailure) -> SourceImage {
        var decoded = try HEIFDecoder.decode(data, maxPixels: maxPixels)
        var colour = SourceColour.normalise(rgb: decoded.image, iccProfile: decoded.iccProfile)
        decoded.image = PixelBuffer(width: 0, height: 0, channels: 3)
        PixelOperations.premultiply(&colour.pixels)
        let image = colour.pixels
        return SourceImage(
            pixels: image, width: image.width, height: image.height,
            exif: decoded.exif.flatMap(Self.readTIFF), iccProfile: colour.iccProfile,
            hasAlpha: image.channels == 4, notices: colour.notices, colourRevised: colour.revised)
    }

    /// JPEG 2000 through OpenJPEG, at the smallest resolution level that covers the largest
    /// rendition (as JPEG's DCT scaling).
    private func decodeJPEG2000(_ data: [UInt8]) throws(CodecFailure)
        -> (samples: DecodedSamples, width: Int, height: Int)
    {
        let configured = settings.widths
        return try JPEG2000Decoder.decode(
            data,
            neededWidth: { RenditionPlan.neededWidth(configured: configured, width: $0, height: $1) },
            maxPixels: maxPixels)
    }

    /// Samples as JPEG 2000 and JPEG XL decode them (upright), their colour made RGB as any
    /// other source's (``SourceColour``); `width` x `height` is the photo's full size.
    private func decodeSamples(_ decoded: (samples: DecodedSamples, width: Int, height: Int))
        throws(CodecFailure) -> SourceImage
    {
        var colour = try SourceColour.normalise(decoded.samples)
        PixelOperations.premultiply(&colour.pixels)
        return SourceImage(
            pixels: colour.pixels, width: decoded.width, height: decoded.height, exif: nil,
            iccProfile: colour.iccProfile, hasAlpha: colour.pixels.channels == 4, notices: colour.notices)
    }

    /// WebP through libwebp; an `EXIF` chunk's Orientation is applied, as for JPEG.
    private func decodeWebP(_ data: [UInt8]) throws(CodecFailure) -> SourceImage {
        let (image, icc) = try WebPCodec.decode(data, maxPixels: maxPixels)
        let exif = try WebPCodec.chunk("EXIF", in: data).flatMap(Self.readTIFF)
        let colour = SourceColour.normalise(rgb: image, iccProfile: icc)
        let oriented = PixelOperations.orient(colour.pixels, orientation: exif?.summary.orientation ?? 1)
        return SourceImage(
            pixels: PixelOperations.premultiplied(oriented), width: oriented.width,
            height: oriented.height, exif: exif, iccProfile: colour.iccProfile, hasAlpha: image.channels == 4,
            notices: colour.notices, colourRevised: colour.revised)
    }

    /// EXIF given as bare TIFF data (HEIF and WebP) or with its `Exif\0\0` header.
    static func readTIFF(_ tiff: [UInt8]) -> ExifMetadata? {
        let header = EmbeddedMetadata.exifPrefix
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
