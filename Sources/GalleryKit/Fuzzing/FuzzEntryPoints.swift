import Foundation

/// Entry points for the libFuzzer harness (`Sources/GalleryFuzz`, `make fuzz`).
///
/// Each one feeds untrusted bytes to the parsers galleryc runs on a user's files, the way the
/// build does, but with a small pixel limit so that fuzzing explores headers and markers rather
/// than big allocations. They never print, never throw and keep no state: a crash, a hang or a
/// sanitizer report inside one of them is a bug in galleryc or in a C library it calls.
///
/// Every function returns a number derived from what was parsed, only so that the optimiser
/// cannot drop the work; its value means nothing.
package enum FuzzEntryPoints {
    /// The most pixels a fuzzed image may declare (512 x 512). Larger images are refused before
    /// anything is allocated for them, exactly like photos above `ImagePipeline.maxMegapixels`.
    static let maxPixels = 512 * 512

    /// What the image stage does with a photo file: the format sniffer, its XMP and IPTC
    /// (``EmbeddedMetadata``, and the whole input as an `.xmp` sidecar), the JPEG marker walk
    /// and EXIF reader, the JPEG header, the rendition plan, then decoding (JPEG at `scale`/8,
    /// clamped to 1...8, or PNG), EXIF orientation, flattening onto the default background and a small resize;
    /// TIFF and unknown bytes go to LibRaw as a camera RAW would (its preview or developed, by `scale`).
    package static func image(_ bytes: [UInt8], scale: Int) -> Int {
        let format = SniffedFormat.sniff(bytes)
        var digest = format.name.utf8.count
        digest &+= GPSLeakScanner(sourceCoordinates: []).scan(path: "fuzz", bytes: bytes) == nil ? 0 : 1
        // The XMP and IPTC of the file (JPEG segments, PNG chunks, WebP chunks, HEIF items), and
        // the bytes read as an .xmp sidecar.
        digest &+= EmbeddedMetadata.read(bytes)?.keywords.count ?? 0
        digest &+= XMPParser.parse(bytes)?.subjects.count ?? 0
        // A Motion Photo's movie (from its XMP, checked against the bytes); an iPhone's
        // content identifier (the MakerNote read by hand).
        digest &+= Int(truncatingIfNeeded: MotionPhoto.locate(in: bytes)?.length ?? 0)
        let exifPayload = JPEGMarkers.exifPayload(in: bytes)
        digest &+= exifPayload.flatMap(ExifReader.appleContentIdentifier)?.utf8.count ?? 0
        do throws(CodecFailure) {
            switch format {
            case .jpeg:
                let exif = JPEGMarkers.exifPayload(in: bytes).flatMap(ExifReader.read(app1Payload:))
                digest &+= exif.map(digestOf) ?? 0
                let size = try ImageCodecs.jpegSize(bytes)
                digest &+= plan(width: size.width, height: size.height)
                let decoded = try ImageCodecs.decodeJPEG(
                    bytes, scale: min(8, max(1, scale)), maxPixels: maxPixels,
                    maxScans: ImagePipeline.maxScans)
                let oriented = PixelOperations.orient(
                    decoded.pixels, orientation: exif?.summary.orientation ?? 1)
                digest &+= try shrink(oriented) &+ (decoded.iccProfile?.count ?? 0)
            case .png:
                let decoded = try ImageCodecs.decodePNG(bytes, maxPixels: maxPixels)
                digest &+= plan(width: decoded.pixels.width, height: decoded.pixels.height)
                let flat = PixelOperations.flattenPremultiplied(
                    PixelOperations.premultiplied(decoded.pixels), onto: ImageSettings.defaultBackground)
                digest &+= try shrink(flat) &+ (decoded.iccProfile?.count ?? 0)
            case .heic:
                // An iPhone's HDR gain map: the MakerNote's headroom, the auxiliary image.
                let map = try AppleGainMap.read(
                    bytes, orientation: max(1, scale % 9), photoWidth: 64, photoHeight: 48,
                    maxPixels: maxPixels)
                digest &+= map?.pixels.width ?? 0
            case .tiff, .unknown:
                // What a camera RAW name sends to LibRaw: TIFF containers (CR2, NEF, DNG...)
                // and formats of their own (CR3, RAF, ORF...).
                let decoded = try RAWDecoder.decode(
                    bytes, mode: scale.isMultiple(of: 2) ? .preview : .develop, neededWidth: { _, _ in 64 },
                    maxPixels: maxPixels)
                digest &+= decoded.width &+ decoded.height &+ decoded.orientation &+ (decoded.xmp?.count ?? 0)
                digest &+= ImagePipeline.describeBytes(bytes).utf8.count
            default:
                digest &+= ImagePipeline.describeBytes(bytes).utf8.count
            }
        } catch {
            digest &+= 1
        }
        return digest
    }

    /// The EXIF reader on an APP1 payload, and its Apple MakerNote with the HDR headroom read
    /// from it; `Exif\0\0` is put in front when `bytes` lacks it, so the input is the TIFF
    /// structure itself.
    package static func exif(_ bytes: [UInt8]) -> Int {
        let prefix = EmbeddedMetadata.exifPrefix
        let makerNote = ExifReader.appleMakerNote(bytes.starts(with: prefix) ? bytes : prefix + bytes)
        let headroom = AppleGainMap.headroom(makerNote: makerNote).map { Int($0 * 100) } ?? 0
        return (ImagePipeline.readTIFF(bytes).map(digestOf) ?? 0) &+ makerNote.count &+ headroom
    }

    /// A Markdown file's front matter (YAML or sigal-style headers) read as an album's
    /// `index.md`, a photo's sidecar and a page, as the content stage does.
    package static func frontMatter(_ text: String) -> Int {
        let reporter = IssueReporter(file: "fuzz.md", diagnostics: DiagnosticCollector())
        let front = FrontMatter.parse(text, reporter: reporter)
        let markdown = MarkdownOptions(allowRawHTML: false, basePath: "/")
        let album = AlbumMetadata(front, reporter: reporter, markdown: markdown)
        let photo = PhotoMetadata(front, reporter: reporter, markdown: markdown)
        let page = PageReader.page(
            front, sourcePath: "fuzz.md", defaultTitle: "fuzz", reporter: reporter,
            markdown: markdown)
        return album.descriptionHTML.utf8.count &+ photo.captionHTML.utf8.count
            &+ page.html.utf8.count &+ reporter.diagnostics.diagnostics.count
    }

    /// The YAML parser on `site.yml` text, then the site configuration reader.
    package static func siteConfig(_ text: String) -> Int {
        let reporter = IssueReporter(file: "site.yml", diagnostics: DiagnosticCollector())
        let config = SiteConfigReader.read(text, reporter: reporter)
        return config.title.utf8.count &+ config.images.widths.count
            &+ reporter.diagnostics.diagnostics.count
    }

    /// The rendition plan the pipeline makes for a photo of this size (and both orientations).
    private static func plan(width: Int, height: Int) -> Int {
        guard width > 0, height > 0 else { return 0 }
        var digest = 0
        for (w, h) in [(width, height), (height, width)] {
            let widths = RenditionPlan.widths(configured: ImageSettings().widths, photoWidth: w)
            let preview = RenditionPlan.previewSize(width: w, height: h)
            let needed = max(widths.first ?? 0, preview.width)
            digest &+= RenditionPlan.dctScale(photoWidth: w, neededWidth: needed)
            for target in widths {
                digest &+= RenditionPlan.height(forWidth: target, photoWidth: w, photoHeight: h)
            }
        }
        return digest
    }

    /// A Lanczos resize to a third of the size (at least 1 x 1).
    private static func shrink(_ pixels: PixelBuffer) throws(CodecFailure) -> Int {
        guard pixels.width > 0, pixels.height > 0 else { return 0 }
        let small = try PixelOperations.resize(
            pixels, width: max(1, pixels.width / 3), height: max(1, pixels.height / 3))
        return small.bytes.count
    }

    private static func digestOf(_ exif: ExifMetadata) -> Int {
        let summary = exif.summary
        return exif.primary.count &+ exif.camera.count &+ summary.orientation
            &+ (summary.cameraModel?.utf8.count ?? 0) &+ (summary.dateTaken == nil ? 0 : 1)
    }
}
