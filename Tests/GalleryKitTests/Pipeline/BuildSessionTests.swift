import Foundation
import Testing

@testable import GalleryKit

/// Rebuilds through a ``BuildSession`` (the preview server's) recycle the previous site as the
/// staging folder, yet publish exactly what a build from scratch publishes.
@Suite struct BuildSessionTests {
    private func build(
        _ sandbox: BuildSandbox, session: BuildSession?, output: URL? = nil,
        swapped: @Sendable () -> Void = {}
    ) async -> BuildSandbox.Outcome {
        let options = BuildOptions(
            contentDirectory: sandbox.content, outputDirectory: output ?? sandbox.output,
            themeDirectory: BuildSandbox.theme, jobs: 2, now: BuildSandbox.now,
            cacheDirectory: sandbox.root.appendingPathComponent("cache"))
        let diagnostics = DiagnosticCollector()
        do {
            let summary = try await SiteBuilder.build(
                options, session: session, diagnostics: diagnostics, progress: { _ in }, swapped: swapped)
            return .init(summary: summary, error: nil, diagnostics: diagnostics.diagnostics)
        } catch {
            return .init(summary: nil, error: error, diagnostics: diagnostics.diagnostics)
        }
    }

    /// Builds the content from scratch into a folder of its own and expects the same files as
    /// the output, byte for byte.
    private func expectAFreshBuildsSite(_ sandbox: BuildSandbox) async throws {
        let fresh = sandbox.root.appendingPathComponent("fresh")
        #expect(await build(sandbox, session: nil, output: fresh).succeeded)
        try DeterminismTests.expectIdentical(sandbox.output, fresh)
    }

    /// Folders beside the output that a build left (staging or previous sites).
    private func siblings(_ sandbox: BuildSandbox) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: sandbox.root.path)
            .filter { $0.hasPrefix("public.galleryc-") }
    }

    /// After two builds that left the photos alone, a caption edit takes the image stage's
    /// output as it was (no photo is keyed); a photo's new bytes run the stage again, and the
    /// next caption edit does too, until the recycled folder holds the new renditions. Every
    /// build publishes what a build from scratch does.
    @Test func captionEditsReuseTheImageStageOnlyWhileThePhotosAreLeftAlone() async throws {
        let sandbox = try BuildSandbox(copying: BuildSandbox.tinySite)
        let session = BuildSession()
        defer { session.close() }
        let fresh = sandbox.root.appendingPathComponent("fresh")
        var edits = 0
        /// Builds after `changed` (content paths) and says whether the image stage ran.
        func build(after changed: [String]?) async throws -> Bool {
            if let changed {
                session.noteChanges(Set(changed.map { sandbox.content.appendingPathComponent($0).path }))
            }
            let outcome = await self.build(sandbox, session: session)
            #expect(outcome.succeeded, "\(outcome.rendered)")
            let reference = await self.build(sandbox, session: nil, output: fresh)
            #expect(reference.succeeded)
            try DeterminismTests.expectIdentical(sandbox.output, fresh)
            return outcome.summary?.phases.contains { $0.name == "cache key" } == true
        }
        func editCaption() throws -> [String] {
            edits += 1
            try sandbox.put("travel/harbour.md", "---\nalt: Boats.\n---\n\nCaption \(edits).\n")
            return ["travel/harbour.md"]
        }
        #expect(try await build(after: []))
        #expect(try await build(after: editCaption()))
        #expect(try await !build(after: editCaption()), "the photos were left alone twice")
        #expect(try await !build(after: []))
        // New bytes under the same name: the stage runs, and again for the next build, whose
        // recycled folder is the site from before the new bytes.
        let moon = try Data(contentsOf: sandbox.content.appendingPathComponent("travel/night/moon.jpg"))
        try sandbox.put("travel/harbour.jpg", bytes: [UInt8](moon))
        #expect(try await build(after: ["travel/harbour.jpg"]))
        #expect(try await build(after: editCaption()))
        #expect(try await !build(after: editCaption()))
        // A change the caller did not name, a setting, a template: the stage runs.
        #expect(try await build(after: nil))
        #expect(try await build(after: ["site.yml"]))
        // A new photo changes the inputs themselves.
        try sandbox.put("travel/boat.jpg", bytes: [UInt8](moon))
        #expect(try await build(after: editCaption()))
    }

    /// `galleryc serve` after `galleryc build`: the first caption edit already takes the image
    /// stage's output as it was, since the site it recycles (the build's) holds every file the
    /// photos publish, made from the same cache entries; and publishes what a fresh build does.
    @Test func theFirstCaptionEditAfterABuildReusesTheImagesItsFolderHolds() async throws {
        let sandbox = try BuildSandbox(copying: BuildSandbox.tinySite)
        for _ in 0..<2 { #expect(await build(sandbox, session: nil).succeeded) }
        let session = BuildSession()
        defer { session.close() }
        let started = await build(sandbox, session: session)
        #expect(started.summary?.phases.contains { $0.name == "cache key" } == true, "the stage ran")
        try sandbox.put("travel/harbour.md", "---\nalt: Boats.\n---\n\nFirst edit.\n")
        session.noteChanges([sandbox.content.appendingPathComponent("travel/harbour.md").path])
        let edited = await build(sandbox, session: session)
        #expect(edited.succeeded, "\(edited.rendered)")
        #expect(edited.summary?.phases.contains { $0.name == "cache key" } == false, "the stage was reused")
        try await expectAFreshBuildsSite(sandbox)
    }

    @Test func editsThroughASessionPublishWhatAFreshBuildDoes() async throws {
        let sandbox = try BuildSandbox(copying: BuildSandbox.tinySite)
        let session = BuildSession()
        for _ in 0..<3 {
            let outcome = await build(sandbox, session: session)
            #expect(outcome.succeeded, "\(outcome.rendered)")
        }
        #expect(try siblings(sandbox).count == 1, "the previous site is kept for recycling")
        // Whatever is planted in the kept site, the next site holds exactly what it should.
        let kept = sandbox.root.appendingPathComponent(try #require(try siblings(sandbox).first))
        try Data("planted -35.2958, 149.1266".utf8).write(to: kept.appendingPathComponent("planted.html"))
        try Data("stale".utf8).write(to: kept.appendingPathComponent("index.html"))

        // A caption edit, a removed page and a removed photo, then a recycled build.
        try sandbox.put("travel/harbour.md", "---\nalt: Boats.\n---\n\nA new caption for the harbour.\n")
        try FileManager.default.removeItem(at: sandbox.content.appendingPathComponent("about.md"))
        try FileManager.default.removeItem(at: sandbox.content.appendingPathComponent("travel/tower.jpg"))
        try FileManager.default.removeItem(at: sandbox.content.appendingPathComponent("travel/tower.md"))
        let edited = await build(sandbox, session: session)
        #expect(edited.succeeded, "\(edited.rendered)")
        #expect(edited.summary?.phases.contains { $0.name == "remove stale" } == true, "it recycled")

        let fresh = sandbox.root.appendingPathComponent("fresh")
        let reference = await build(sandbox, session: nil, output: fresh)
        #expect(reference.succeeded, "\(reference.rendered)")
        try DeterminismTests.expectIdentical(sandbox.output, fresh)
        let harbour =
            try FileTree.contents(of: sandbox.output)
            .first { $0.key.hasSuffix("harbour/index.html") }?.value ?? Data()
        #expect(String(decoding: harbour, as: UTF8.self).contains("A new caption for the harbour."))

        // A failed build leaves the output as it was; the next good one is complete again.
        try sandbox.put("about.md", "# About\n\n{{ broken\n")
        try sandbox.put("travel/tower.md", "---\nalt: x\n---\n")
        try sandbox.put("travel/night/index.md", "---\ntitle: [unclosed\n---\n")
        let broken = await build(sandbox, session: session)
        #expect(!broken.succeeded)
        try DeterminismTests.expectIdentical(sandbox.output, fresh)
        try FileManager.default.removeItem(at: sandbox.content.appendingPathComponent("travel/tower.md"))
        try sandbox.put("travel/night/index.md", "---\ntitle: Night\n---\n")
        let fixed = await build(sandbox, session: session)
        #expect(fixed.succeeded, "\(fixed.rendered)")
        let again = await build(sandbox, session: nil, output: fresh)
        #expect(again.succeeded)
        try DeterminismTests.expectIdentical(sandbox.output, fresh)

        session.close()
        #expect(try siblings(sandbox).isEmpty, "close removes the kept site")
    }

    @Test func recyclingNeverEditsTheCachedRenditions() async throws {
        let sandbox = try BuildSandbox(copying: BuildSandbox.tinySite)
        let session = BuildSession()
        defer { session.close() }
        for _ in 0..<3 { #expect(await build(sandbox, session: session).succeeded) }
        let cache = sandbox.root.appendingPathComponent("cache")
        let before = try FileTree.contents(of: cache).filter { $0.key.hasSuffix(".jpg") }
        #expect(!before.isEmpty)
        try sandbox.put("travel/harbour.md", "---\nalt: Boats.\n---\n\nEdited.\n")
        for _ in 0..<2 { #expect(await build(sandbox, session: session).succeeded) }
        let after = try FileTree.contents(of: cache).filter { $0.key.hasSuffix(".jpg") }
        #expect(before == after)
    }

    @Test func separateBuildsRecycleTheSpareSiteKeptInTheCache() async throws {
        let sandbox = try BuildSandbox(copying: BuildSandbox.tinySite)
        for _ in 0..<2 { #expect(await build(sandbox, session: nil).succeeded) }
        let spare = sandbox.root.appendingPathComponent("cache/site-spare")
        #expect(FileManager.default.fileExists(atPath: spare.appendingPathComponent(".galleryc-output").path))
        #expect(try siblings(sandbox).isEmpty, "nothing is left beside the output")

        // Whatever sits in the spare folder, the next site holds exactly what it should.
        try Data("planted".utf8).write(to: spare.appendingPathComponent("planted.html"))
        try Data("stale".utf8).write(to: spare.appendingPathComponent("index.html"))
        try sandbox.put("travel/harbour.md", "---\nalt: Boats.\n---\n\nAnother caption.\n")
        try FileManager.default.removeItem(at: sandbox.content.appendingPathComponent("travel/tower.jpg"))
        try FileManager.default.removeItem(at: sandbox.content.appendingPathComponent("travel/tower.md"))
        let recycled = await build(sandbox, session: nil)
        #expect(recycled.succeeded, "\(recycled.rendered)")
        #expect(recycled.summary?.phases.contains { $0.name == "remove stale" } == true, "it recycled")
        try await expectAFreshBuildsSite(sandbox)
        #expect(try siblings(sandbox).isEmpty)
    }

    /// `galleryc serve` after `galleryc build`, and a build after `serve` ends: each takes over
    /// the site the other left (the spare and the manifests in the cache folder), so neither
    /// renders a page that did not change, and the sites stay exactly a fresh build's.
    @Test func aSessionTakesOverFromTheCacheFolderAndHandsBack() async throws {
        let sandbox = try BuildSandbox(copying: BuildSandbox.tinySite)
        for _ in 0..<2 { #expect(await build(sandbox, session: nil).succeeded) }

        let session = BuildSession()
        let first = try #require(await build(sandbox, session: session).summary)
        #expect(first.renderedPageCount == 0, "the session's first build recycled the build's site")
        try sandbox.put("travel/harbour.md", "---\nalt: Boats.\n---\n\nEdited while serving.\n")
        let edited = try #require(await build(sandbox, session: session).summary)
        #expect((edited.renderedPageCount ?? 0) > 0)
        #expect((edited.renderedPageCount ?? 0) < edited.pageCount, "only what the edit touched")
        session.close()
        #expect(try siblings(sandbox).isEmpty, "the kept site went back to the cache folder")
        #expect(
            FileManager.default.fileExists(
                atPath: sandbox.root.appendingPathComponent("cache/site-spare/.galleryc-output").path))

        // The spare is the site before the last build (two sites take turns), so the build
        // after renders again what the edit changed, and nothing else.
        let after = try #require(await build(sandbox, session: nil).summary)
        #expect(after.renderedPageCount == edited.renderedPageCount, "the build after serve recycled")
        #expect(try #require(await build(sandbox, session: nil).summary).renderedPageCount == 0)
        try await expectAFreshBuildsSite(sandbox)
        let harbour =
            try FileTree.contents(of: sandbox.output)
            .first { $0.key.hasSuffix("harbour/index.html") }?.value ?? Data()
        #expect(String(decoding: harbour, as: UTF8.self).contains("Edited while serving."))
    }

    /// A site folder the session wrote and swapped in itself comes back as its spare checked by
    /// its folders' times alone; a file planted in it, or a folder another build swapped in, has
    /// the folder checked file by file; every site is what a fresh build makes.
    @Test func aSessionChecksItsOwnSiteByItsFoldersAndAnyOtherFileByFile() async throws {
        let sandbox = try BuildSandbox(copying: BuildSandbox.tinySite)
        let session = BuildSession()
        defer { session.close() }
        let fresh = sandbox.root.appendingPathComponent("fresh")
        var edits = 0
        /// Edits a caption, builds through the session, and says how the spare was checked.
        func check() async throws -> String {
            edits += 1
            try sandbox.put("travel/harbour.md", "---\nalt: Boats.\n---\n\nCaption \(edits).\n")
            let outcome = await build(sandbox, session: session)
            #expect(outcome.succeeded, "\(outcome.rendered)")
            #expect(await build(sandbox, session: nil, output: fresh).succeeded)
            try DeterminismTests.expectIdentical(sandbox.output, fresh)
            let phases = outcome.summary?.phases.map(\.name) ?? []
            if phases.contains("verify spare") { return "file by file" }
            return phases.contains("check spare") ? "by folders" : "none"
        }
        #expect(try await check() == "none", "the first site")
        #expect(try await check() == "none", "the second site, beside it")
        #expect(try await check() == "by folders")
        #expect(try await check() == "by folders")
        // A file planted in the live site, which comes back as the spare the build after next.
        try Data("planted -35.2958, 149.1266".utf8).write(
            to: sandbox.output.appendingPathComponent("travel/planted.html"))
        #expect(try await check() == "by folders")
        #expect(try await check() == "file by file")
        #expect(try await check() == "by folders")
        // Another build swaps its own site in: the session's next spare is that one.
        #expect(await build(sandbox, session: nil).succeeded)
        #expect(try await check() == "by folders", "the session's own spare, untouched")
        #expect(try await check() == "file by file")
        #expect(try await check() == "by folders")
    }

    /// The preview is told the new site is in place as soon as it is swapped in (the manifest
    /// for the next build is recorded after, in the live folder), once, and never after a
    /// failed build; the next builds still check that folder by its folders alone.
    @Test func aSwapIsToldOnceTheNewSiteIsInPlace() async throws {
        let sandbox = try BuildSandbox(copying: BuildSandbox.tinySite)
        let session = BuildSession()
        defer { session.close() }
        for _ in 0..<3 { #expect(await build(sandbox, session: session).succeeded) }
        try sandbox.put("travel/harbour.md", "---\nalt: Boats.\n---\n\nIn place.\n")
        let told = Locked<[Bool]>([])
        let output = sandbox.output
        let edited = await build(sandbox, session: session) {
            let page = (try? FileTree.contents(of: output))?.first { $0.key.hasSuffix("harbour/index.html") }
            told.withLock {
                $0.append(String(decoding: page?.value ?? Data(), as: UTF8.self).contains("In place."))
            }
        }
        #expect(edited.succeeded, "\(edited.rendered)")
        #expect(told.withLock { $0 } == [true], "once, with the new page live")
        for _ in 0..<2 {
            let next = await build(sandbox, session: session)
            #expect(next.summary?.phases.contains { $0.name == "check spare" } == true)
        }
        try sandbox.put("travel/night/index.md", "---\ntitle: [unclosed\n---\n")
        let failed = await build(sandbox, session: session) { told.withLock { $0.append(false) } }
        #expect(!failed.succeeded)
        #expect(told.withLock { $0 } == [true], "a failed build swaps nothing in")
    }

    /// Inode of every image file in the output, by path.
    private func imageInodes(_ folder: URL) throws -> [String: UInt64] {
        var inodes: [String: UInt64] = [:]
        for path in try FileManager.default.subpathsOfDirectory(atPath: folder.path)
        where path.hasSuffix(".jpg") || path.hasSuffix(".png") || path.hasSuffix(".webp") {
            inodes[path] = CacheFileSystem.stamp(folder.appendingPathComponent(path).path)?.inode
        }
        return inodes
    }

    @Test func aCaptionEditTouchesNoImageAndANewPhotoIsTheOnlyOneProcessed() async throws {
        let sandbox = try BuildSandbox(copying: BuildSandbox.tinySite)
        let session = BuildSession()
        defer { session.close() }
        for _ in 0..<2 { #expect(await build(sandbox, session: session).succeeded) }
        let before = try imageInodes(sandbox.output)
        #expect(!before.isEmpty)

        try sandbox.put("travel/harbour.md", "---\nalt: Boats.\n---\n\nA caption edit.\n")
        let edited = try #require(await build(sandbox, session: session).summary)
        #expect(edited.cachedPhotoCount == edited.photoCount, "no photo was processed")
        #expect(try imageInodes(sandbox.output) == before, "every image file is the same file")

        let harbour = sandbox.content.appendingPathComponent("travel/harbour.jpg")
        try FileManager.default.copyItem(
            at: harbour, to: sandbox.content.appendingPathComponent("travel/night/harbour-again.jpg"))
        let added = try #require(await build(sandbox, session: session).summary)
        #expect(added.photoCount == edited.photoCount + 1)
        #expect(added.cachedPhotoCount == edited.photoCount, "only the new photo was processed")
    }
}
