import Foundation
import Synchronization

/// Encodes a photo's renditions while its resize cascade goes on.
///
/// The resizes are a chain (each width from the previous, larger one), but the encodes are
/// independent: each size is handed over as soon as it exists, and its (size, format) encodes
/// go to the build's ``WorkerPool`` while the worker resizes the next size. A free worker (fewer
/// photos left than `--jobs`) takes them; otherwise the photo's own worker runs them when it
/// waits. Either way no more than `--jobs` threads work.
final class RenditionEncoder: Sendable {
    /// Where and how the files are written; the same for every size of the photo.
    struct Target: Sendable {
        var file: String
        var hash: String
        var slug: String
        var directory: URL
        var iccProfile: [UInt8]?
        /// The allow-listed EXIF as a TIFF payload.
        var exif: [UInt8]?
        /// The source's HDR gain map, put into each JPEG rendition, and the photo's size it
        /// is relative to.
        var gainMap: GainMap?
        var photoWidth = 0
        var photoHeight = 0
    }

    private let pipeline: ImagePipeline
    private let target: Target
    private let formats: [ImageFormat]
    private let group: WorkerPool.Group
    private let results = Mutex<[(width: Int, format: Int, result: Result<Rendition, ImageError>)]>([])

    /// An encoder writing `formats` (AVIF, WebP and JPEG; others are ignored) for `target`.
    init(pipeline: ImagePipeline, target: Target, formats: [ImageFormat]) {
        self.pipeline = pipeline
        self.target = target
        self.formats = formats.filter { $0 == .jpeg || $0 == .webp || $0 == .avif }
        group = pipeline.workers.makeGroup()
    }

    /// Starts encoding `pixels` in every format; returns at once.
    func submit(_ pixels: PixelBuffer) {
        for (index, format) in formats.enumerated() {
            group.add { [self] in
                let target = self.target
                let result = Result { () throws(ImageError) -> Rendition in
                    try pipeline.encode(
                        pixels, as: format, icc: target.iccProfile, exif: target.exif, file: target.file,
                        hash: target.hash, slug: target.slug, directory: target.directory,
                        gainMap: format == .jpeg
                            ? target.gainMap.map { ($0, target.photoWidth, target.photoHeight) } : nil)
                }
                results.withLock { $0.append((pixels.width, index, result)) }
            }
        }
    }

    /// Waits for every submitted encode. Call it on every path, also when the cascade failed,
    /// so that no encode is still writing after the photo is done.
    func wait() {
        group.wait()
    }

    /// Waits for every encode; returns the renditions smallest first, formats in the
    /// configured order, or throws the first failure in that order.
    func finish() throws(ImageError) -> [Rendition] {
        wait()
        let done = results.withLock { $0 }.sorted { ($0.width, $0.format) < ($1.width, $1.format) }
        var renditions: [Rendition] = []
        for entry in done { renditions.append(try entry.result.get()) }
        return renditions
    }
}
