import Foundation
import Testing

@testable import GalleryKit

/// A build takes the renderer's files as they are made (``RenderOutput/Delivery``), round by
/// round, so that a site's pages never all sit in memory: what it is handed is exactly what
/// rendering into memory makes, each page with its fingerprint.
@Suite struct RenderDeliveryTests {
    /// One album of `count` photos: a page each, plus the album's pages.
    static func renderer(photos count: Int) throws -> SiteRenderer {
        let sources = (0..<count).map { index in
            PhotoSource(
                sourcePath: "many/p\(index).jpg", fileName: "p\(index).jpg", slug: "p\(index)",
                urlPath: "many/p\(index)/")
        }
        var derivatives: [String: PhotoDerivatives] = [:]
        for (index, source) in sources.enumerated() {
            derivatives[source.sourcePath] = PhotoDerivatives(
                width: 1600, height: 1000 + index % 7 * 100, exif: ExifSummary(),
                renditions: RenderFixture.renditions(
                    "h\(index)/p\(index)", width: 1600, height: 1000 + index % 7 * 100, widths: [480, 960],
                    formats: [.jpeg]))
        }
        var site = RenderFixture.site()
        site.root.albums.append(Album(sourcePath: "many", urlPath: "many/", title: "Many", photos: sources))
        return SiteRenderer(
            site: site, photos: derivatives, templates: try RenderFixture.templates(),
            themeAssets: try RenderFixture.assets(), sourceDate: RenderFixture.now,
            diagnostics: DiagnosticCollector())
    }

    @Test func deliveredFilesAreThoseRenderedIntoMemoryRoundByRound() throws {
        let count = RenderOutput.pagesPerRound * 2 + 10
        let inMemory = try Self.renderer(photos: count).render(keeping: { _, _ in false })
        let rounds = Locked<[[(file: OutputFile, fingerprint: String?)]]>([])
        let delivered = try Self.renderer(photos: count).render(
            keeping: { _, _ in false }, delivering: { files in rounds.withLock { $0.append(files) } })
        #expect(delivered.files.isEmpty, "nothing held back for the end")
        let handed = rounds.withLock { $0 }
        #expect(handed.count >= 3, "at most \(RenderOutput.pagesPerRound) pages a round")
        let all = handed.flatMap { $0 }
        #expect(all.count == inMemory.files.count)
        let expected = Dictionary(uniqueKeysWithValues: inMemory.files.map { ($0.path, $0.contents) })
        for (file, fingerprint) in all {
            #expect(expected[file.path] == file.contents, "\(file.path) as rendered into memory")
            #expect(fingerprint == inMemory.fingerprints[file.path], "\(file.path)'s fingerprint")
        }
        #expect(all.contains { $0.file.path == "many/p\(count - 1)/index.html" && $0.fingerprint != nil })
        #expect(all.contains { $0.file.path.hasPrefix("assets/galleryc-photos.") && $0.fingerprint == nil })
        #expect(delivered.fingerprints == inMemory.fingerprints && delivered.needs == inMemory.needs)
    }
}
