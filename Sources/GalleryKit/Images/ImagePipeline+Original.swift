import Foundation

extension ImagePipeline {
    /// JPEG quality of the full-size JPEG published in place of a WebP or HEIC original.
    static let originalJPEGQuality = 95

    /// Writes the photo's original as `_img/<hash>/<slug>-original.<ext>`, without GPS and with
    /// only the allowed EXIF (`privacy.exif`).
    ///
    /// A JPEG or PNG keeps its bytes: its metadata is swapped, its image data copied (see
    /// ``OriginalRewriter``); a JPEG keeps its own Orientation, since its pixels are not turned.
    /// WebP and HEIC carry metadata in containers galleryc does not rewrite, so they are
    /// published as a full-size JPEG (quality 95; WebP when the photo has transparency) of the
    /// oriented pixels, with Orientation 1.
    /// - Parameters:
    ///   - data: the source file's bytes.
    ///   - fullSize: the oriented pixels at full size, or nil when they were DCT-scaled (JPEG)
    ///     or are not needed (PNG).
    ///   - gainMap: the source's HDR gain map (`images.hdr: keep`): an Ultra HDR JPEG keeps its
    ///     own; a HEIC's JPEG original becomes an Ultra HDR JPEG with this one.
    func writeOriginal(
        _ data: [UInt8], fullSize: PixelBuffer?, source: SourceImage, photo: PhotoSource,
        hash: String, directory: URL, gainMap: GainMap? = nil
    ) throws(ImageError) -> Rendition {
        let groups = settings.privacy.exif
        let fail = { (detail: String) in
            ImageError(.cannotWrite("original: \(detail)"), file: photo.sourcePath)
        }
        let bytes: [UInt8]
        let format: ImageFormat
        switch SniffedFormat.sniff(data) {
        case .jpeg:
            let exif = source.exif.flatMap { ExifWriter.payload(for: $0, groups: groups, orientation: .keep) }
            guard let rewritten = OriginalRewriter.rewriteJPEG(data, exif: exif) else {
                throw ImageError(.corrupt("the JPEG markers are damaged"), file: photo.sourcePath)
            }
            // An Ultra HDR original keeps its gain map (itself rewritten: only its gain map
            // metadata stays), as it keeps its pixels.
            let hdr = gainMap != nil ? GainMap.originalGainMap(in: data) : nil
            (bytes, format) = (
                hdr.map { GainMap.assemble(primary: rewritten, gainMap: $0.gainMap, extra: $0.extra) }
                    ?? rewritten, .jpeg
            )
        case .png:
            guard let rewritten = OriginalRewriter.rewritePNG(data) else {
                throw ImageError(.corrupt("the PNG chunks are damaged"), file: photo.sourcePath)
            }
            (bytes, format) = (rewritten, .png)
        default:
            guard let pixels = fullSize else { throw fail("no full-size pixels to publish") }
            let exif = source.exif.flatMap { ExifWriter.payload(for: $0, groups: groups) }
            format = source.hasAlpha ? .webp : .jpeg
            do throws(CodecFailure) {
                let plain = try encoded(
                    pixels, as: format, quality: Self.originalJPEGQuality, icc: source.iccProfile, exif: exif)
                bytes =
                    if format == .jpeg, let gainMap {
                        try gainMap.ultraHDR(
                            primary: plain, photoWidth: source.width, photoHeight: source.height)
                    } else {
                        plain
                    }
            } catch {
                throw ImageError(problem(error, writing: "original"), file: photo.sourcePath)
            }
        }
        let name = "\(photo.slug)-original.\(format.fileExtension)"
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data(bytes).write(to: directory.appendingPathComponent(name), options: .atomic)
        } catch {
            throw fail(fileErrorText(error))
        }
        return Rendition(
            path: "_img/\(hash)/\(name)", width: source.width, height: source.height, format: format,
            byteCount: bytes.count)
    }
}
