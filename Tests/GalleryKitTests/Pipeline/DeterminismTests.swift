import Foundation
import Testing

@testable import GalleryKit

/// The same input gives a byte-identical site, images included, whatever the number of
/// workers and wherever the content and output folders live.
@Suite struct DeterminismTests {
    @Test func tinySiteBuildsTheSameTwice() async throws {
        let first = try BuildSandbox(copying: BuildSandbox.tinySite)
        let second = try BuildSandbox(copying: BuildSandbox.tinySite)
        let one = await first.build(jobs: 1)
        let two = await second.build(jobs: 2)
        #expect(one.succeeded && two.succeeded, "\(one.rendered) \(two.rendered)")
        try Self.expectIdentical(first.output, second.output)
        // Building again over an existing site gives the same tree: nothing stale is kept.
        let again = await first.build(jobs: 2)
        #expect(again.succeeded, "\(again.rendered)")
        try Self.expectIdentical(first.output, second.output)
    }

    /// feed.xml's `<updated>` was the build time, so two builds of a dateless site a second
    /// apart differed (deploys re-uploaded it; builds were not reproducible). Dates come from
    /// the content, else SOURCE_DATE_EPOCH, else a fixed fallback: never the clock.
    @Test func aDatelessSiteBuildsTheSameOnAnyDay() async throws {
        let sandbox = try BuildSandbox()
        try sandbox.put("a/p.jpg", bytes: try ImageTestSupport.jpeg(width: 16, height: 16))
        try sandbox.put("site.yml", "title: Undated\nbase_url: \"\"\n")
        let today = await sandbox.build(now: Date())
        let earlier = sandbox.root.appendingPathComponent("earlier")
        let yearsAgo = await sandbox.build(output: earlier, now: Date(timeIntervalSince1970: 1_000_000_000))
        #expect(today.succeeded && yearsAgo.succeeded, "\(today.rendered)")
        try Self.expectIdentical(sandbox.output, earlier)
        let feed = try String(contentsOf: sandbox.output.appendingPathComponent("feed.xml"), encoding: .utf8)
        #expect(feed.contains("<updated>2000-01-01T00:00:00Z</updated>"), "the documented fallback")
        let index = try String(
            contentsOf: sandbox.output.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(!index.contains("© 20"), "no year: nothing in the content says one")

        let epoch = sandbox.root.appendingPathComponent("epoch")
        _ = await sandbox.build(output: epoch, sourceDate: Date(timeIntervalSince1970: 1_700_000_000))
        let dated = try String(contentsOf: epoch.appendingPathComponent("feed.xml"), encoding: .utf8)
        #expect(dated.contains("<updated>2023-11-14T22:13:20Z</updated>"), "SOURCE_DATE_EPOCH")
    }

    /// With a derivative cache the pipeline names rendition folders from the digest the cache
    /// computed; without one it hashes the bytes itself. Both must give the same site, cold
    /// and warm.
    @Test func tinySiteBuildsTheSameWithOrWithoutACache() async throws {
        let sandbox = try BuildSandbox(copying: BuildSandbox.tinySite)
        let cache = sandbox.root.appendingPathComponent("cache")
        let uncached = sandbox.root.appendingPathComponent("uncached")
        let plain = await sandbox.build(output: uncached)
        let cold = await sandbox.build(cache: cache)
        #expect(plain.succeeded && cold.succeeded, "\(plain.rendered) \(cold.rendered)")
        #expect(cold.summary?.cachedPhotoCount == 0)
        try Self.expectIdentical(uncached, sandbox.output)
        let warm = await sandbox.build(cache: cache)
        #expect(warm.succeeded && warm.summary?.cachedPhotoCount == warm.summary?.photoCount)
        try Self.expectIdentical(uncached, sandbox.output)
    }

    /// The demo site in content/ (real photos), with one worker and then two. A copy is built
    /// with smaller rendition widths (the photos are decoded, scaled and encoded the same way,
    /// only smaller), which keeps this test a few seconds long in debug builds.
    @Test func demoSiteBuildsTheSameWithOneOrTwoWorkers() async throws {
        let sandbox = try BuildSandbox(copying: BuildSandbox.repositoryRoot.appendingPathComponent("content"))
        let config = sandbox.content.appendingPathComponent("site.yml")
        let yaml = try String(contentsOf: config, encoding: .utf8)
        let smaller = yaml.replacingOccurrences(
            of: #"widths: \[[0-9, ]*\]"#, with: "widths: [160, 320]", options: .regularExpression)
        try #require(smaller != yaml, "content/site.yml no longer sets images.widths on one line")
        try Data(smaller.utf8).write(to: config)
        let serial = sandbox.root.appendingPathComponent("serial")
        let parallel = sandbox.root.appendingPathComponent("parallel")
        let one = await sandbox.build(jobs: 1, output: serial)
        let two = await sandbox.build(jobs: 2, output: parallel)
        #expect(one.succeeded && two.succeeded, "\(one.rendered) \(two.rendered)")
        #expect(one.summary?.photoCount ?? 0 > 10, "the demo site lost its photos")
        try Self.expectIdentical(serial, parallel)
    }

    /// Every file in `a` is in `b` with the same bytes, and the other way round.
    static func expectIdentical(_ a: URL, _ b: URL) throws {
        let left = try FileTree.contents(of: a)
        let right = try FileTree.contents(of: b)
        #expect(!left.isEmpty, "nothing was built")
        #expect(
            Set(left.keys) == Set(right.keys),
            "different files: \(Set(left.keys).symmetricDifference(right.keys).sorted())")
        let differing = left.keys.filter { right[$0] != nil && right[$0] != left[$0] }
        #expect(differing.isEmpty, "files whose bytes differ between the builds: \(differing.sorted())")
    }
}
