import Foundation
import Testing

@testable import GalleryKit

/// The GPS guarantee holds for rebuilds served from the derivative cache, which no longer read
/// the sources or re-scan renditions that a successful build already scanned.
@Suite struct CachedBuildPrivacyTests {
    /// A site with one album holding a corpus photo that has GPS (-35.2958, 149.1266), copied
    /// a minute ago (so the cache trusts its stamp), plus a cache folder beside it.
    private final class Site: Sendable {
        let root = FileManager.default.temporaryDirectory
            .appendingPathComponent("galleryc-cached-privacy-\(UUID().uuidString)")
        var content: URL { root.appendingPathComponent("content") }
        var output: URL { root.appendingPathComponent("public") }
        var cache: URL { root.appendingPathComponent("cache") }

        init() throws {
            let album = content.appendingPathComponent("canberra")
            try FileManager.default.createDirectory(at: album, withIntermediateDirectories: true)
            let photo = album.appendingPathComponent("parliament.jpg")
            try Data(try ImageBytes.corpus("sigal-sample/iptcTest/1.jpg")).write(to: photo)
            try FileManager.default.setAttributes(
                [.modificationDate: Date().addingTimeInterval(-60)], ofItemAtPath: photo.path)
            try "---\nalt: A building on a hill.\n---\n".write(
                to: album.appendingPathComponent("parliament.md"), atomically: true, encoding: .utf8)
            try page("# About\n\nPhotos of buildings.\n")
        }

        deinit { try? FileManager.default.removeItem(at: root) }

        func page(_ text: String) throws {
            try text.write(to: content.appendingPathComponent("about.md"), atomically: true, encoding: .utf8)
        }

        @discardableResult
        func build(_ diagnostics: DiagnosticCollector = DiagnosticCollector()) async throws -> BuildSummary {
            let theme = URL(fileURLWithPath: #filePath)
                .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent("Templates")
            let options = BuildOptions(
                contentDirectory: content, outputDirectory: output, themeDirectory: theme, jobs: 1,
                now: Date(timeIntervalSince1970: 1_700_000_000), cacheDirectory: cache)
            return try await SiteBuilder.build(options, diagnostics: diagnostics, progress: { _ in })
        }
    }

    @Test func aPageSpellingOutACachedPhotosPositionFailsTheBuild() async throws {
        let site = try Site()
        #expect(try await site.build().cachedPhotoCount == 0)
        #expect(try await site.build().cachedPhotoCount == 1, "the photo now comes from the cache")
        try site.page("# About\n\nThe parliament photo was taken at -35.2958, 149.1266.\n")
        let diagnostics = DiagnosticCollector()
        await #expect(throws: BuildFailed.self) { try await site.build(diagnostics) }
        let leaks = diagnostics.diagnostics.filter { $0.severity == .error }
        #expect(leaks.map(\.location.file) == [site.output.appendingPathComponent("about/index.html").path])
        #expect(leaks.first?.message.contains("canberra/parliament.jpg") == true)
        let published = try String(
            contentsOf: site.output.appendingPathComponent("about/index.html"), encoding: .utf8)
        #expect(!published.contains("149.1266"), "the previous site stays")
    }

    @Test func aCachedRenditionNoSuccessfulBuildScannedIsScanned() async throws {
        let site = try Site()
        try await site.build()
        // Plant a rendition carrying GPS in the cache entry (recorded at its new size), and
        // lose the index, so nothing vouches for the entry any more.
        let records = try FileManager.default.subpathsOfDirectory(atPath: site.cache.path)
            .filter { $0.hasSuffix("/photo.json") }
        #expect(records.count == 1)
        let recordURL = site.cache.appendingPathComponent(try #require(records.first))
        var json = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: recordURL)) as? [String: Any])
        var photo = try #require(json["photo"] as? [String: Any])
        var renditions = try #require(photo["renditions"] as? [[String: Any]])
        let path = try #require(renditions.first?["path"] as? String)
        let leaky = try ImageBytes.corpus("sigal-sample/iptcTest/1.jpg")
        let cached = recordURL.deletingLastPathComponent()
            .appendingPathComponent(String(path.split(separator: "/").last ?? ""))
        try FileManager.default.removeItem(at: cached)
        try Data(leaky).write(to: cached)
        renditions[0]["byteCount"] = leaky.count
        photo["renditions"] = renditions
        json["photo"] = photo
        try JSONSerialization.data(withJSONObject: json).write(to: recordURL)
        try FileManager.default.removeItem(at: site.cache.appendingPathComponent("index.bin"))

        let diagnostics = DiagnosticCollector()
        await #expect(throws: BuildFailed.self) { try await site.build(diagnostics) }
        #expect(
            diagnostics.diagnostics.filter { $0.severity == .error }.map(\.location.file) == [
                site.output.appendingPathComponent(path).path
            ])
    }

    @Test func freshRenditionsAreReadBackAndScannedUnlessKnownClean() async throws {
        let staging = FileManager.default.temporaryDirectory
            .appendingPathComponent("galleryc-renditions-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: staging) }
        let path = "_img/0123456789/parliament-480.jpg"
        let file = staging.appendingPathComponent(path)
        try FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        let bytes = try ImageBytes.corpus("sigal-sample/iptcTest/1.jpg")
        try Data(bytes).write(to: file)
        let source = PhotoSource(
            sourcePath: "canberra/parliament.jpg", fileName: "parliament.jpg", slug: "parliament",
            urlPath: "parliament/")
        let photo = PhotoDerivatives(
            width: 480, height: 320, exif: ExifSummary(),
            renditions: [
                Rendition(path: path, width: 480, height: 320, format: .jpeg, byteCount: bytes.count)
            ],
            placeholder: nil, dominantColor: nil, focus: FocalPoint(x: 0.5, y: 0.5), hasAlpha: false)
        let scanner = GPSLeakScanner(sourceCoordinates: [])
        let workers = WorkerPool(workers: 2)
        let leaks = try await SitePublishing.scanRenditions(
            [source.sourcePath: photo], knownClean: { _ in false }, staging: staging, scanner: scanner,
            workers: workers)
        #expect(leaks.map(\.location.file) == [path])
        #expect(
            try await SitePublishing.scanRenditions(
                [source.sourcePath: photo], knownClean: { $0 == path }, staging: staging, scanner: scanner,
                workers: workers
            ).isEmpty)
    }
}
