import Foundation
import Testing

@testable import GalleryKit

/// Content that broke a build once (issue 9): each case fails without its fix.
@Suite struct HostileContentTests {
    /// A stale file under a one-character folder crashed the third build with the same cache
    /// (SIGILL in NSString.deletingLastPathComponent): albums `a`, `1`, `é`, page `q.md`.
    @Test(arguments: [("a", "a"), ("1", "1"), ("é", "e")])
    func staleFilesUnderOneCharacterFoldersAreRemoved(album: String, slug: String) async throws {
        let box = try BuildSandbox()
        let cache = box.root.appendingPathComponent("cache")
        try box.put("\(album)/keep.jpg", bytes: try ImageTestSupport.jpeg(width: 24, height: 16))
        try box.put("\(album)/gone.jpg", bytes: try ImageTestSupport.jpeg(width: 16, height: 24))
        try box.put("q.md", "---\ntitle: Q\n---\nA page.\n")
        for _ in 0..<2 { #expect(await box.build(cache: cache).succeeded) }
        try FileManager.default.removeItem(at: box.content.appendingPathComponent("\(album)/gone.jpg"))
        try FileManager.default.removeItem(at: box.content.appendingPathComponent("q.md"))
        let third = await box.build(cache: cache)
        #expect(third.succeeded, "\(third.rendered)")
        let files = FileTree.files(in: box.output)
        #expect(files.contains("\(slug)/keep/index.html"))
        #expect(!files.contains { $0.hasPrefix("\(slug)/gone") || $0.hasPrefix("q/") })
    }
}
