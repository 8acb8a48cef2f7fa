import Foundation

@testable import GalleryKit

/// A temporary folder with `content/`, a cache folder and a site (staging) folder, removed when
/// the test ends, plus helpers to make photos and fake image-stage results.
final class CacheSandbox: Sendable {
    let root: URL
    var content: URL { root.appendingPathComponent("content") }
    var cacheFolder: URL { root.appendingPathComponent("cache") }
    var site: URL { root.appendingPathComponent("site") }

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "galleryc-cache-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: content, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    func makeCache(version: String = "test-1") throws -> DerivativeCache {
        try DerivativeCache(directory: cacheFolder, pipelineVersion: version, contentDirectory: content)
    }

    /// Writes `bytes` to `content/<path>` and returns the photo as the content stage would.
    @discardableResult
    func putPhoto(_ path: String, bytes: [UInt8], slug: String? = nil) throws -> PhotoSource {
        let url = content.appendingPathComponent(path)
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: url)
        // A minute old, like a photo copied in earlier: files modified in the last few seconds
        // are hashed again by the next build, on purpose.
        try touch(url, secondsFromNow: -60)
        let name = url.lastPathComponent
        let stem = slug ?? name.split(separator: ".")[0].lowercased()
        return PhotoSource(sourcePath: path, fileName: name, slug: stem, urlPath: "\(stem)/")
    }

    func url(of photo: PhotoSource) -> URL {
        content.appendingPathComponent(photo.sourcePath)
    }

    /// What the image stage would make of `photo`, with its renditions written into `folder`
    /// (the site by default): one file per width, filled with bytes that depend on `seed`.
    func processed(
        _ photo: PhotoSource, key: CacheKey, widths: [Int] = [480, 960], seed: UInt8 = 1,
        in folder: URL? = nil
    ) throws -> PhotoDerivatives {
        var renditions: [Rendition] = []
        for width in widths {
            let path = "_img/\(key.hex.prefix(10))/\(photo.slug)-\(width).jpg"
            let bytes = [UInt8](repeating: seed, count: width) + Array(photo.slug.utf8)
            let url = (folder ?? site).appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: url)
            renditions.append(
                Rendition(
                    path: path, width: width, height: width * 2 / 3, format: .jpeg, byteCount: bytes.count))
        }
        var exif = ExifSummary()
        exif.cameraModel = "Test Camera"
        exif.aperture = 2.8
        exif.dateTaken = Date(timeIntervalSince1970: 1_700_000_000.5)
        return PhotoDerivatives(
            width: 1200, height: 800, exif: exif, renditions: renditions,
            placeholder: "data:image/png;base64,AAAA", dominantColor: "#336699",
            focus: FocalPoint(x: 0.25, y: 0.75), hasAlpha: false)
    }

    func read(_ path: String, in folder: URL) -> [UInt8]? {
        (try? Data(contentsOf: folder.appendingPathComponent(path))).map { [UInt8]($0) }
    }

    /// Inode number of a file, to tell hard links from copies.
    func inode(_ url: URL) -> UInt64? {
        CacheFileSystem.stamp(url.path)?.inode
    }

    /// Sets a file's modification time (a `touch` that keeps the bytes).
    func touch(_ url: URL, secondsFromNow offset: TimeInterval) throws {
        try FileManager.default.setAttributes(
            [.modificationDate: Date().addingTimeInterval(offset)], ofItemAtPath: url.path)
    }
}

extension DerivativeCache {
    /// The key as the image stage asks for it, reading the file when its hash is not known.
    func key(for sourceURL: URL, settings: ImageSettings, photo: PhotoSource) throws -> CacheKey {
        try key(for: sourceURL, settings: settings, photo: photo) { try [UInt8](Data(contentsOf: sourceURL)) }
    }
}
