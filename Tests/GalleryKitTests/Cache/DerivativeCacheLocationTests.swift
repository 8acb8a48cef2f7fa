import Foundation
import Testing

@testable import GalleryKit

@Suite struct DerivativeCacheLocationTests {
    @Test func defaultsToGallerycCacheInTheWorkingDirectory() {
        let here = URL(fileURLWithPath: "/work/site", isDirectory: true)
        let url = BuildOptions.cacheDirectory(option: nil, environment: [:], currentDirectory: here)
        #expect(url.path == "/work/site/.galleryc/cache")
    }

    @Test func optionBeatsEnvironmentWhichBeatsTheDefault() {
        let here = URL(fileURLWithPath: "/work/site", isDirectory: true)
        let environment = ["GALLERYC_CACHE_DIR": "/var/cache/galleryc"]
        #expect(
            BuildOptions.cacheDirectory(option: nil, environment: environment, currentDirectory: here).path
                == "/var/cache/galleryc")
        #expect(
            BuildOptions.cacheDirectory(option: "ci-cache", environment: environment, currentDirectory: here)
                .path
                == "/work/site/ci-cache")
        #expect(
            BuildOptions.cacheDirectory(
                option: nil, environment: ["GALLERYC_CACHE_DIR": ""], currentDirectory: here
            )
            .path == "/work/site/.galleryc/cache")
    }

    @Test func refusesFoldersThatTouchTheContentOrOutput() throws {
        let box = try CacheSandbox()
        let cases: [(URL, URL?, CacheError.Reason)] = [
            (box.content, nil, .cacheIsContent),
            (box.content.appendingPathComponent(".galleryc/cache"), nil, .cacheInsideContent),
            (box.content.appendingPathComponent("sub/../x"), nil, .cacheInsideContent),
            (box.root, nil, .cacheContainsContent),
            (box.site.appendingPathComponent("cache"), box.site, .cacheInsideOutput),
        ]
        for (folder, output, reason) in cases {
            #expect {
                try DerivativeCache(
                    directory: folder, pipelineVersion: "1", contentDirectory: box.content,
                    outputDirectory: output)
            } throws: { error in
                (error as? CacheError)?.reason == reason
            }
        }
        #expect(!FileManager.default.fileExists(atPath: box.content.appendingPathComponent(".galleryc").path))
    }

    @Test func refusalMessagesSayWhatToDo() {
        let error = CacheError(.cacheInsideContent, file: "content/.galleryc/cache")
        #expect(
            error.description
                == "content/.galleryc/cache: error: the cache folder is inside the content folder; "
                + "choose a folder outside it with --cache-dir or GALLERYC_CACHE_DIR")
    }

    @Test func createsTheFolderWithACacheDirectoryTag() throws {
        let box = try CacheSandbox()
        let folder = box.root.appendingPathComponent("deep/er/cache")
        let cache = try DerivativeCache(
            directory: folder, pipelineVersion: "1", contentDirectory: box.content)
        let tag = try String(
            contentsOf: cache.directory.appendingPathComponent("CACHEDIR.TAG"), encoding: .utf8)
        #expect(tag.hasPrefix("Signature: 8a477f597d28d172789f06886806bc55"))
    }

    /// `--cache-dir` pointed at an unrelated folder overwrote an `index.json` there.
    @Test func aFolderThatIsNotACacheIsRefusedAndLeftAlone() throws {
        let box = try CacheSandbox()
        let folder = box.root.appendingPathComponent("my-project")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("{\"mine\": true}".utf8).write(to: folder.appendingPathComponent("index.json"))
        #expect {
            try DerivativeCache(directory: folder, pipelineVersion: "1", contentDirectory: box.content)
        } throws: { error in
            (error as? CacheError)?.reason == .notAGallerycCache
        }
        #expect(
            try String(contentsOf: folder.appendingPathComponent("index.json"), encoding: .utf8)
                == "{\"mine\": true}")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("CACHEDIR.TAG").path))
        // An empty folder, or one galleryc made, is fine.
        try FileManager.default.removeItem(at: folder.appendingPathComponent("index.json"))
        _ = try DerivativeCache(directory: folder, pipelineVersion: "1", contentDirectory: box.content)
        _ = try DerivativeCache(directory: folder, pipelineVersion: "1", contentDirectory: box.content)
    }

    @Test func aFileInTheWayIsRefused() throws {
        let box = try CacheSandbox()
        try Data("x".utf8).write(to: box.cacheFolder)
        #expect {
            try box.makeCache()
        } throws: { error in
            (error as? CacheError)?.reason == .notAFolder
        }
    }
}
