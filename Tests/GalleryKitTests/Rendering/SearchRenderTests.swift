import Foundation
import Testing

@testable import GalleryKit

/// The search index is made by the renderer, beside the pages, unless the caller holds every
/// file of it made from the same albums and photos: then none of it is made.
@Suite struct SearchRenderTests {
    static func renderer(previous: [String]) throws -> SiteRenderer {
        SiteRenderer(
            site: RenderFixture.site(), photos: RenderFixture.photos,
            search: SearchIndex(isOn: true, previousFiles: previous),
            templates: try RenderFixture.templates(),
            themeAssets: try RenderFixture.assets(), sourceDate: RenderFixture.now,
            diagnostics: DiagnosticCollector())
    }

    static func indexFiles(_ files: [OutputFile]) -> [String] {
        files.map(\.path).filter { $0.hasPrefix("search/") && $0.hasSuffix(".json") }
    }

    @Test func anIndexHeldWholeIsKeptAndNotMade() throws {
        let first = try Self.renderer(previous: []).render(keeping: { _, _ in false })
        let made = Self.indexFiles(first.files)
        #expect(made.contains("search/meta.json") && made.count > 3, "\(made)")
        // What the caller recorded of the group last time, each with the fingerprint it was made from.
        let held = first.fingerprints.filter { made.contains($0.key) }
        #expect(held.count == made.count)
        let again = try Self.renderer(previous: made).render(keeping: { path, print in held[path] == print })
        #expect(Self.indexFiles(again.files) == [])
        #expect(Set(made).isSubset(of: again.kept))
        // One file of it missing (removed by hand): it is made again, whole.
        let missing = try Self.renderer(previous: made).render(keeping: { path, print in
            path != made.last && held[path] == print
        })
        #expect(Self.indexFiles(missing.files) == made)
    }
}
