import Foundation
import Testing

@testable import GalleryKit

/// The swap of a new site for the old one (issue 9, item 4): one atomic exchange, and a site
/// lost between the two renames of an older galleryc (or a file system that cannot exchange)
/// is put back, never deleted as a leftover.
@Suite struct OutputSwapTests {
    /// The pid of a process that has exited, as a killed build's would be.
    func exitedPID() throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/true")
        try process.run()
        process.waitUntilExit()
        return process.processIdentifier
    }

    @Test func theSwapExchangesAndReturnsThePreviousSite() throws {
        let box = try OutputSandbox()
        let first = try OutputWriter(outputDirectory: box.output, contentDirectory: box.content)
        try first.write(OutputFile(path: "index.html", text: "v1"))
        try first.commit()
        let second = try OutputWriter(outputDirectory: box.output, contentDirectory: box.content)
        try second.write(OutputFile(path: "index.html", text: "v2"))
        let previous = try #require(try second.commit(keepingPrevious: true))
        #expect(box.read("index.html", in: box.output) == "v2")
        #expect(box.read("index.html", in: previous) == "v1")
        #expect(
            previous == second.stagingDirectory, "exchanged in one step: the old site is where staging was")
    }

    @Test func aStaleFileOrFolderInARecycledSiteMakesWayForTheNewSite() throws {
        // The build writes pages as it renders them, before the previous site's stale files
        // are removed: what stands where the new site needs a folder, or a file, goes first.
        let box = try OutputSandbox()
        let first = try OutputWriter(outputDirectory: box.output, contentDirectory: box.content)
        try first.write(OutputFile(path: "album", text: "an old file"))
        try first.write(OutputFile(path: "notes/index.html", text: "an old page"))
        try first.write(OutputFile(path: "index.html", text: "v1"))
        try first.commit()
        let second = try OutputWriter(outputDirectory: box.output, contentDirectory: box.content)
        try second.write(OutputFile(path: "index.html", text: "v2"))
        let previous = try #require(try second.commit(keepingPrevious: true))
        let third = try OutputWriter(
            outputDirectory: box.output, contentDirectory: box.content, recycling: previous)
        #expect(third.isRecycled)
        try third.replace(path: "album/index.html", bytes: Array("a new album".utf8))
        try third.replace(path: "notes", bytes: Array("a new file".utf8))
        #expect(box.read("album/index.html", in: third.stagingDirectory) == "a new album")
        #expect(box.read("notes", in: third.stagingDirectory) == "a new file")
        // What this build wrote is never cleared away: two of its files wanting one place fail.
        #expect(throws: OutputError.self) { try third.replace(path: "notes/index.html", bytes: [1]) }
        #expect(box.read("notes", in: third.stagingDirectory) == "a new file")
    }

    @Test func aSiteLeftBesideAMissingOutputIsPutBack() throws {
        let box = try OutputSandbox()
        let pid = try exitedPID()
        let left = box.root.appendingPathComponent("public.galleryc-old-\(pid)-1a2b")
        try box.put("index.html", "the previous site", in: left)
        try box.put(OutputWriter.markerFileName, "", in: left)
        let stale = box.root.appendingPathComponent("public.galleryc-new-\(pid)-3c4d")
        try box.put("index.html", "half a site", in: stale)
        try box.put(OutputWriter.markerFileName, "", in: stale)

        let writer = try OutputWriter(outputDirectory: box.output, contentDirectory: box.content)
        #expect(writer.recoveredPreviousSite)
        #expect(box.read("index.html", in: box.output) == "the previous site")
        writer.abandon()
        #expect(box.read("index.html", in: box.output) == "the previous site")
        #expect(try box.strays().isEmpty, "the half-written staging folder of the dead build is gone")
    }

    @Test func aLeftoverWithoutTheMarkerIsNeverTakenForTheSite() throws {
        let box = try OutputSandbox()
        let foreign = box.root.appendingPathComponent("public.galleryc-old-\(try exitedPID())-1a2b")
        try box.put("notes.txt", "mine", in: foreign)
        let writer = try OutputWriter(outputDirectory: box.output, contentDirectory: box.content)
        #expect(!writer.recoveredPreviousSite)
        writer.abandon()
        #expect(box.read("notes.txt", in: foreign) == "mine")
    }

    /// The reported sequence: a kill between the renames left no public/, and the next build,
    /// failing, deleted both leftovers and still said the output "was left as it was".
    @Test func aFailingBuildAfterALostSwapKeepsThePreviousSite() async throws {
        let box = try BuildSandbox()
        try box.put("a/ok.jpg", bytes: try ImageTestSupport.jpeg(width: 16, height: 16))
        #expect(await box.build().succeeded)
        let left = box.root.appendingPathComponent("public.galleryc-old-\(try exitedPID())-99")
        try FileManager.default.moveItem(at: box.output, to: left)
        try box.put("a/broken.jpg", bytes: [0xFF, 0xD8, 0xFF, 0xE0])
        let failing = await box.build()
        #expect(!failing.succeeded)
        #expect(
            failing.rendered.contains {
                $0.hasSuffix("warning: " + OutputProblem.recoveredPreviousSite.message)
            })
        #expect(FileTree.files(in: box.output).contains("a/ok/index.html"))
        #expect(!FileManager.default.fileExists(atPath: left.path))
    }
}
