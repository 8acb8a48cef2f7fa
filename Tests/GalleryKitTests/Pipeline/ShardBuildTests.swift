import Foundation
import Testing

@testable import GalleryKit

/// `--shard k/n`: a first build spread over a CI matrix. Each shard processes its share into a
/// cache of its own; the caches copied into one let a plain build render the site without
/// processing a photo, and that site is the one a single machine builds.
@Suite struct ShardBuildTests {
    /// The tiny site with an album of twelve more photos, so that four shares all get some.
    static func sandbox() throws -> BuildSandbox {
        let sandbox = try BuildSandbox(copying: BuildSandbox.tinySite)
        try sandbox.put("walls/index.md", "---\ntitle: \"Walls\"\n---\n")
        for number in 1...12 {
            try sandbox.put(
                "walls/wall-\(number).jpg",
                bytes: try ImageTestSupport.jpeg(width: 40 + number * 4, height: 48))
        }
        return sandbox
    }

    /// With the shards' indexes or without them (lost in the copy): the entries are found by
    /// their content-addressed keys all the same, and the missing index is rebuilt.
    @Test(arguments: [true, false])
    func fourShardsMergedBuildTheSiteOneMachineBuilds(keepingIndexes: Bool) async throws {
        let sandbox = try Self.sandbox()
        let merged = sandbox.root.appendingPathComponent("merged-cache")
        try FileManager.default.createDirectory(at: merged, withIntermediateDirectories: true)
        var processed = 0
        for index in 1...4 {
            let cache = sandbox.root.appendingPathComponent("cache-\(index)")
            let outcome = await sandbox.build(cache: cache, shard: Shard(index: index, count: 4))
            let summary = try #require(outcome.summary, "shard \(index): \(outcome.rendered)")
            #expect(summary.shard == Shard(index: index, count: 4))
            #expect(summary.cachedPhotoCount == 0)
            processed += summary.photoCount
            #expect(
                FileManager.default.fileExists(
                    atPath: cache.appendingPathComponent("index.shard-\(index)-of-4.bin").path))
            try Self.copyMissing(from: cache, into: merged)
            if !keepingIndexes {
                try FileManager.default.removeItem(
                    at: merged.appendingPathComponent("index.shard-\(index)-of-4.bin"))
            }
        }
        #expect(!FileManager.default.fileExists(atPath: sandbox.output.path), "a shard wrote a site")
        #expect(processed == 16, "the shares do not cover the photos once each")

        let final = await sandbox.build(cache: merged)
        let summary = try #require(final.summary, "\(final.rendered)")
        #expect(summary.photoCount == 16)
        #expect(summary.cachedPhotoCount == 16, "the merged build processed photos again")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: merged.path)
            .filter { $0.hasPrefix("index.shard-") }
        #expect(leftovers.isEmpty, "the shards' indexes stay after being merged: \(leftovers)")
        #expect(FileManager.default.fileExists(atPath: merged.appendingPathComponent("index.bin").path))

        let alone = sandbox.root.appendingPathComponent("alone")
        let reference = await sandbox.build(output: alone)
        #expect(reference.succeeded, "\(reference.rendered)")
        try DeterminismTests.expectIdentical(sandbox.output, alone)
    }

    /// Which share a photo is in depends on its bytes, not its name or place: renaming or
    /// moving it keeps it where it was, and every file is in exactly one share.
    @Test func aFilesShareFollowsItsBytes() throws {
        let sandbox = try Self.sandbox()
        let shards = (1...5).compactMap { Shard(index: $0, count: 5) }
        var counts = [0, 0, 0, 0, 0]
        for number in 1...12 {
            let path = sandbox.content.appendingPathComponent("walls/wall-\(number).jpg").path
            let owners = shards.filter { $0.contains(path) }
            #expect(owners.count == 1)
            let moved = sandbox.root.appendingPathComponent("moved-\(number).jpeg").path
            try FileManager.default.copyItem(atPath: path, toPath: moved)
            #expect(shards.filter { $0.contains(moved) } == owners)
            counts[(owners.first?.index ?? 1) - 1] += 1
        }
        #expect(counts.filter { $0 > 0 }.count >= 3, "twelve photos in \(counts)")
    }

    /// A shard keeps nothing without a cache: it is refused, not run for nothing.
    @Test func aShardWithoutACacheIsRefused() async throws {
        let sandbox = try Self.sandbox()
        let outcome = await sandbox.build(shard: Shard(index: 1, count: 2))
        #expect(!outcome.succeeded)
        #expect(
            outcome.rendered.contains {
                $0.contains(
                    "error: a --shard build keeps its work in the image cache, and there is no usable one")
            }, "\(outcome.rendered)")
    }

    /// `cp -rn`: the files of `source` that `destination` lacks.
    static func copyMissing(from source: URL, into destination: URL) throws {
        for relative in FileTree.files(in: source) {
            let target = destination.appendingPathComponent(relative)
            guard !FileManager.default.fileExists(atPath: target.path) else { continue }
            try FileManager.default.createDirectory(
                at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: source.appendingPathComponent(relative), to: target)
        }
    }
}
