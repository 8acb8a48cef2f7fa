import Foundation

extension ImagePipeline {
    /// The animation in `data` when it is an animated WebP or a GIF of more than one frame;
    /// nil for every other file (a still GIF is decoded as a photo by ``decode(_:fileName:fail:)``).
    func animation(in data: [UInt8], fail: (ImageError.Reason) -> ImageError) throws(ImageError)
        -> AnimatedImage?
    {
        let format = SniffedFormat.sniff(data)
        guard format == .gif || (format == .webp && WebPCodec.isAnimated(data)) else { return nil }
        let animation = try decodeAnimation(data, format: format, fail: fail)
        return animation.frames.count > 1 ? animation : nil
    }

    /// Decodes an animated WebP or a GIF, every frame on the canvas; the limit on all frames'
    /// pixels together is `images.max_megapixels`.
    func decodeAnimation(_ data: [UInt8], format: SniffedFormat, fail: (ImageError.Reason) -> ImageError)
        throws(ImageError) -> AnimatedImage
    {
        do throws(CodecFailure) {
            return format == .gif
                ? try GIFDecoder.decode(data, maxPixels: maxPixels)
                : try WebPCodec.decodeAnimation(data, maxPixels: maxPixels)
        } catch {
            throw fail(problem(error))
        }
    }

    /// An animated source: each width of the cascade as an animated WebP (every frame resized
    /// with the same Lanczos-3 resampler, timing and loop count kept), and its first frame as
    /// a still in every configured format (the WebP still named `-still`), which pages show
    /// under `prefers-reduced-motion: reduce` and browsers without WebP. Without `webp` in
    /// `images.formats` only the stills are made.
    func processAnimated(
        _ animation: AnimatedImage, photo: PhotoSource, sourceDigest: String
    ) throws(ImageError) -> ImageResult {
        let fail = { (reason: ImageError.Reason) in ImageError(reason, file: photo.sourcePath) }
        let colour = SourceColour.normalise(
            rgb: animation.frames[0], iccProfile: animation.iccProfile)
        let icc = colour.iccProfile
        let widths = RenditionPlan.widths(configured: settings.widths, photoWidth: animation.width)
        let hash = contentHash(sourceDigest: sourceDigest)
        let directory = outputDirectory.appendingPathComponent("_img").appendingPathComponent(hash)
        if !widths.isEmpty {
            do {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            } catch {
                throw fail(.cannotWrite(fileErrorText(error)))
            }
        }
        let codec = { (failure: CodecFailure) in fail(problem(failure)) }
        var frames = animation.frames.map(PixelOperations.premultiplied)
        var renditions: [Rendition] = []
        let stillFormats = settings.formats.filter { $0 == .jpeg || $0 == .webp }
        for width in widths {
            let height = RenditionPlan.height(
                forWidth: width, photoWidth: animation.width, photoHeight: animation.height)
            if frames[0].width != width || frames[0].height != height {
                do throws(CodecFailure) {
                    frames = try frames.map { frame throws(CodecFailure) in
                        try PixelOperations.resize(frame, width: width, height: height)
                    }
                } catch {
                    throw codec(error)
                }
            }
            if settings.formats.contains(.webp) {
                renditions.append(
                    try writeAnimation(
                        frames, animation: animation, icc: icc, photo: photo, hash: hash, directory: directory
                    ))
            }
            for format in stillFormats {
                renditions.append(
                    try encode(
                        frames[0], as: format, icc: icc, exif: nil, file: photo.sourcePath, hash: hash,
                        slug: photo.slug, directory: directory, suffix: format == .webp ? "-still" : ""))
            }
        }
        let last = frames[0]
        let size = RenditionPlan.previewSize(width: last.width, height: last.height)
        var preview = PixelOperations.flattenPremultiplied(last, onto: settings.background)
        if (size.width, size.height) != (last.width, last.height) {
            do throws(CodecFailure) {
                preview = try PixelOperations.resize(preview, width: size.width, height: size.height)
            } catch {
                throw codec(error)
            }
        }
        renditions.sort { ($0.width, $0.path) < ($1.width, $1.path) }
        let derivatives = PhotoDerivatives(
            width: animation.width, height: animation.height, exif: ExifSummary(), renditions: renditions,
            focus: photo.focus ?? .center, hasAlpha: animation.hasAlpha,
            notices: colour.notices.isEmpty ? nil : colour.notices)
        return ImageResult(derivatives: derivatives, preview: preview)
    }

    private func writeAnimation(
        _ frames: [PixelBuffer], animation: AnimatedImage, icc: [UInt8]?, photo: PhotoSource, hash: String,
        directory: URL
    ) throws(ImageError) -> Rendition {
        let width = frames[0].width
        let name = "\(photo.slug)-\(width).webp"
        let fail = { (detail: String) in
            ImageError(.cannotWrite("\(name): \(detail)"), file: photo.sourcePath)
        }
        let bytes: [UInt8]
        do throws(CodecFailure) {
            bytes = try WebPCodec.encodeAnimation(
                frames.map(PixelOperations.unpremultiplied), durations: animation.durations,
                loopCount: animation.loopCount, quality: settings.webpQuality, method: Self.webpMethod,
                iccProfile: icc)
        } catch {
            throw ImageError(problem(error, writing: name), file: photo.sourcePath)
        }
        do {
            try Data(bytes).write(to: directory.appendingPathComponent(name), options: .atomic)
        } catch {
            throw fail(fileErrorText(error))
        }
        return Rendition(
            path: "_img/\(hash)/\(name)", width: width, height: frames[0].height, format: .webp,
            byteCount: bytes.count, isAnimated: true)
    }
}
