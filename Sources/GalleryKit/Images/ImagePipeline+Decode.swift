/// A photo decoded, oriented and flattened, ready for the rendition cascade.
struct SourceImage {
    /// Oriented RGB pixels, possibly DCT-scaled below the photo's size.
    var pixels: PixelBuffer
    /// The photo's size after orientation, at full resolution.
    var width: Int
    var height: Int
    var exif: ExifMetadata?
    var iccProfile: [UInt8]?
    var hasAlpha: Bool
}

extension ImagePipeline {
    /// Recognises the format, then decodes JPEG (at the smallest DCT scale that covers the
    /// largest rendition) or PNG; other formats are refused with a message saying what they are.
    func decode(_ data: [UInt8], fileName: String, fail: (ImageError.Reason) -> ImageError)
        throws(ImageError) -> SourceImage
    {
        guard !data.isEmpty else { throw fail(.emptyFile) }
        let format = SniffedFormat.sniff(data)
        let fileExtension = fileName.split(separator: ".").last.map { $0.lowercased() } ?? ""
        let maxPixels = Self.maxMegapixels * 1_000_000
        switch format {
        case .jpeg, .png: break
        case .unknown: throw fail(.notAnImage(Self.describeBytes(data)))
        case .pdf: throw fail(.notAnImage("this is a PDF file"))
        default:
            if format.extensions.contains(fileExtension) {
                throw fail(.unsupportedFormat("\(format.name) files are not read yet"))
            }
            throw fail(.notAnImage("this is a \(format.name) file"))
        }
        do throws(CodecFailure) {
            if format == .jpeg { return try decodeJPEG(data, maxPixels: maxPixels) }
            let decoded = try ImageCodecs.decodePNG(data, maxPixels: maxPixels)
            let pixels = ImageCodecs.flattenOntoWhite(decoded.pixels)
            return SourceImage(
                pixels: pixels, width: pixels.width, height: pixels.height, exif: nil,
                iccProfile: decoded.iccProfile, hasAlpha: decoded.pixels.channels == 4)
        } catch {
            throw fail(Self.reason(for: error))
        }
    }

    private func decodeJPEG(_ data: [UInt8], maxPixels: Int) throws(CodecFailure) -> SourceImage {
        let exif = JPEGMarkers.exifPayload(in: data).flatMap(ExifReader.read(app1Payload:))
        let orientation = exif?.summary.orientation ?? 1
        let stored = try ImageCodecs.jpegSize(data)
        guard stored.width * stored.height <= maxPixels else {
            throw .tooLarge(width: stored.width, height: stored.height)
        }
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
            pixels: ImageCodecs.orient(decoded.pixels, orientation: orientation), width: width,
            height: height, exif: exif, iccProfile: decoded.iccProfile, hasAlpha: false)
    }

    /// "the first bytes are 3c 68 74 6d (text: <htm)" for unrecognised content.
    static func describeBytes(_ data: [UInt8]) -> String {
        let head = data.prefix(8)
        let hex = head.map { String($0, radix: 16).leftPadded(to: 2) }.joined(separator: " ")
        let printable = head.allSatisfy { (0x20...0x7E).contains($0) || $0 == 0x0A || $0 == 0x0D }
        if printable {
            return "it looks like text (starts with \"\(String(decoding: head, as: UTF8.self))\")"
        }
        return "the first bytes are \(hex), which is no image format galleryc knows"
    }
}

extension String {
    fileprivate func leftPadded(to length: Int) -> String {
        String(repeating: "0", count: max(0, length - count)) + self
    }
}
