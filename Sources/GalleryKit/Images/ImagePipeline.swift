import Foundation

/// Stage 2: turns one photo into resized JPEG and WebP renditions, EXIF facts and a small
/// preview.
///
/// Per photo (its bytes read once by the image stage, see ``PhotoFile``): find EXIF, decode (JPEG at the smallest DCT scale that still covers
/// the largest rendition; PNG, WebP, HEIC/HEIF in full), apply the EXIF orientation (not for
/// HEIF, which libheif already turned), then resize each width from the previous (larger) one
/// with Lanczos-3 (in linear light), encoding each size in every format on the build's other
/// workers while the cascade goes on (``RenditionEncoder``, ``WorkerPool``). Alpha is kept in
/// WebP and flattened onto `images.background` for JPEG. Output is byte-for-byte deterministic.
struct ImagePipeline: Sendable {
    /// Bump when the pipeline's output changes for the same input and settings, so that cached
    /// renditions are made again. Part of the derivative cache key, not of rendition URLs.
    ///
    /// 5: CMYK, YCCK and grey with a grey profile converted to sRGB with lcms2; profiles that
    /// do not fit the pixels left out; damaged-data notices recorded.
    ///
    /// 6: XMP and IPTC titles, descriptions, keywords and ratings read into
    /// ``PhotoDerivatives/described`` (older entries lack them).
    ///
    /// 7: a Motion Photo's movie found (``PhotoDerivatives/embeddedMovie``), so that photos
    /// processed before it show their motion; an Ultra HDR JPEG's gain map kept in its JPEG
    /// renditions (``PhotoDerivatives/hdrGainMap``).
    ///
    /// A change to one format's processing bumps that format's revision instead
    /// (``ImageSettings/formatRevision(for:)``), so that only its photos are made again.
    static let version = "galleryc-images-7"
    /// What rendition URLs (`_img/<hash>/`) hash in. It stayed at 4 when ``version`` became 5,
    /// so that photos whose renditions did not change keep their URLs; those that did change
    /// (``SourceImage/colourRevised``) get a different hash from ``contentHash(sourceDigest:colourRevised:)``.
    static let urlVersion = "galleryc-images-4"
    /// Part of the derivative cache key only, never of the rendition hash: bump when photos
    /// gain (or lose) a rendition under the same settings while every other file keeps its
    /// bytes, so that published URLs stay and cached photos are made again once.
    /// `tiles-1`: the derived tile width (``ImageSettings/tileWidth``); `tiles-2`: and the
    /// phone tile width (``ImageSettings/phoneTileWidth``); `tiles-3`: and the photo page's
    /// stage width (``ImageSettings/stageWidth``).
    static let renditionSet = "tiles-3"
    /// More scans than this in one JPEG is a scan bomb, not a photo.
    static let maxScans = 256
    /// Resample RGB in linear light (sRGB decoded to 15-bit linear through a table and back).
    ///
    /// Measured (clang -O2 as SwiftPM builds CPixels, one core): the cascade 3000 -> 2400 ->
    /// 1600 -> 960 -> 480 takes 41-43 ms on CPUs with AVX2 (130 ms with the portable loops,
    /// which give the same bytes), in linear light or in sRGB alike: the resampler runs on
    /// 15-bit samples either way and only its tables differ (see `CPixels/resize_stream.c`).
    /// So fine bright detail (foliage against the sky, a black-and-white pattern) keeps its
    /// brightness when scaled down, instead of turning darker, for nothing. RGBA (premultiplied
    /// in sRGB) is resampled as stored.
    static let linearLight = true

    let settings: ImageSettings
    let outputDirectory: URL
    /// Where the encodes of each photo run: the build's pool, shared with the image stage.
    let workers: WorkerPool

    /// Renditions are written under outputDirectory/_img/<hash>/<slug>-<width>.<jpg|webp>, where
    /// <hash> is ``contentHash(sourceDigest:)``.
    init(settings: ImageSettings, outputDirectory: URL, workers: WorkerPool = WorkerPool()) {
        self.settings = settings
        self.outputDirectory = outputDirectory
        self.workers = workers
    }

    /// Decodes (DCT-scaled), orients, resizes and encodes one photo.
    /// - Parameters:
    ///   - photo: the photo as the content stage found it (slug, sidecar focus).
    ///   - data: the whole source file, as ``PhotoFile/read(_:displayPath:)`` read it.
    ///   - sourceDigest: SHA-256 of `data` as hex, when the caller has it (the derivative
    ///     cache hashes every source for its key); otherwise the pipeline hashes `data`.
    /// - Throws: ``ImageError`` naming `photo.sourcePath` for damaged, oversized or unsupported
    ///   files, and for renditions that cannot be written.
    func process(_ photo: PhotoSource, bytes data: [UInt8], sourceDigest: String? = nil)
        throws(ImageError) -> ImageResult
    {
        let fail = { (reason: ImageError.Reason) in ImageError(reason, file: photo.sourcePath) }
        if let animation = try animation(in: data, fail: fail) {
            var result = try processAnimated(
                animation, photo: photo, sourceDigest: sourceDigest ?? SHA256.hex(data))
            result.derivatives.described = EmbeddedMetadata.read(data)
            return result
        }
        var source = try decode(data, fileName: photo.fileName, fail: fail)
        let described = source.described ?? EmbeddedMetadata.read(data)
        source.exif = ExifMetadata.withCredits(source.exif, from: described)
        // The cascade holds the only reference to the decoded pixels, so the full-size decode
        // is freed as soon as the first (smaller) size exists, not after the encodes.
        var current = source.pixels
        source.pixels = PixelBuffer(width: 0, height: 0, channels: current.channels)
        let widths = RenditionPlan.widths(configured: settings.renditionWidths, photoWidth: source.width)
        let hash = contentHash(
            sourceDigest: sourceDigest ?? SHA256.hex(data), colourRevised: source.colourRevised,
            fileName: photo.fileName)
        let directory = outputDirectory.appendingPathComponent("_img").appendingPathComponent(hash)
        let keepsGainMap =
            settings.hdr == .keep && (settings.formats.contains(.jpeg) || settings.privacy.publishOriginals)
        let gainMap = keepsGainMap ? self.gainMap(of: data, source: source) : nil
        var original: Rendition?
        if settings.privacy.publishOriginals {
            let fullSize = current.width == source.width && current.height == source.height ? current : nil
            original = try writeOriginal(
                data, fullSize: fullSize, source: source, photo: photo, hash: hash, directory: directory,
                gainMap: gainMap)
        }
        if !widths.isEmpty {
            do {
                try FileManager.default.createDirectory(
                    at: directory, withIntermediateDirectories: true)
            } catch {
                throw fail(.cannotWrite(fileErrorText(error)))
            }
        }
        let codec = { (failure: CodecFailure) in fail(problem(failure)) }
        var target = RenditionEncoder.Target(
            file: photo.sourcePath, hash: hash, slug: photo.slug, directory: directory,
            iccProfile: source.iccProfile,
            exif: source.exif.flatMap { ExifWriter.payload(for: $0, groups: settings.privacy.exif) })
        if settings.formats.contains(.jpeg) {
            target.gainMap = gainMap
            (target.photoWidth, target.photoHeight) = (source.width, source.height)
        }
        let encoder = RenditionEncoder(pipeline: self, target: target, formats: settings.formats)
        do throws(CodecFailure) {
            for width in widths {
                let height = RenditionPlan.height(
                    forWidth: width, photoWidth: source.width, photoHeight: source.height)
                if current.width != width || current.height != height {
                    current = try PixelOperations.resize(
                        current, width: width, height: height, linearLight: Self.linearLight)
                }
                encoder.submit(current)
            }
        } catch {
            encoder.wait()
            throw codec(error)
        }
        // The preview is made while the last encodes run.
        let size = RenditionPlan.previewSize(width: current.width, height: current.height)
        var preview = PixelOperations.flattenPremultiplied(current, onto: settings.background)
        if (size.width, size.height) != (current.width, current.height) {
            do throws(CodecFailure) {
                preview = try PixelOperations.resize(preview, width: size.width, height: size.height)
            } catch {
                encoder.wait()
                throw codec(error)
            }
        }
        let renditions = try encoder.finish()
        var derivatives = PhotoDerivatives(
            width: source.width, height: source.height, exif: source.exif?.summary ?? ExifSummary(),
            renditions: renditions, focus: photo.focus ?? .center, hasAlpha: source.hasAlpha,
            original: original, notices: source.notices.isEmpty ? nil : source.notices,
            described: described)
        derivatives.embeddedMovie = MotionPhoto.locate(in: data)
        if target.gainMap != nil { derivatives.hdrGainMap = true }
        return ImageResult(derivatives: derivatives, preview: preview)
    }

    /// The source's HDR gain map, upright: an Ultra HDR JPEG's, or an iPhone HEIC's converted
    /// (``AppleGainMap``); nil for none. A damaged gain map leaves the photo SDR, as a reader
    /// without HDR shows it.
    private func gainMap(of data: [UInt8], source: SourceImage) -> GainMap? {
        let orientation = source.exif?.summary.orientation ?? 1
        switch SniffedFormat.sniff(data) {
        case .jpeg: return try? GainMap.read(data, orientation: orientation, maxPixels: maxPixels)
        case .heic:
            return try? AppleGainMap.read(
                data, orientation: orientation, photoWidth: source.width, photoHeight: source.height,
                maxPixels: maxPixels)
        default: return nil
        }
    }

    /// The first 10 hex digits of SHA-256 over the source's SHA-256, the URL version and the
    /// settings' ``ImageSettings/fingerprint``; with `colourRevised` (a source whose colour
    /// galleryc 5 converts where 4 carried it wrongly) also `colour=lcms2`, so that its new
    /// renditions do not hide behind URLs browsers cached for ever. Hashing the digest, not the
    /// bytes again, keeps each source to one pass of SHA-256.
    /// A camera RAW file (`fileName`) adds how it became pixels (``ImageSettings/rawSuffix(for:)``).
    func contentHash(sourceDigest: String, colourRevised: Bool = false, fileName: String = "") -> String {
        let colour = colourRevised ? ";colour=lcms2" : ""
        let raw = settings.rawSuffix(for: fileName)
        return String(
            SHA256.hex("source=\(sourceDigest)\n\(Self.urlVersion);\(settings.fingerprint)\(raw)\(colour)")
                .prefix(10))
    }
}
