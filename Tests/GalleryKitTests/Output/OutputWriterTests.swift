import Foundation
import Testing

@testable import GalleryKit

private func reason(of call: () throws -> Void) -> OutputError.Reason? {
    do {
        try call()
        return nil
    } catch let error as OutputError {
        return error.reason
    } catch {
        return .io(operation: "unexpected", detail: "\(error)")
    }
}

@Suite struct OutputWriterTests {
    @Test func firstBuildCreatesOutputWithMarker() throws {
        let box = try OutputSandbox()
        let writer = try OutputWriter(outputDirectory: box.output, contentDirectory: box.content)
        try writer.write(OutputFile(path: "index.html", text: "<h1>Home</h1>"))
        try writer.write(path: "iceland/dsc-0142/index.html", bytes: Array("photo".utf8))
        #expect(!FileManager.default.fileExists(atPath: box.output.path))
        #expect(writer.writtenPaths == ["iceland/dsc-0142/index.html", "index.html"])
        try writer.commit()
        #expect(box.read("index.html", in: box.output) == "<h1>Home</h1>")
        #expect(box.read("iceland/dsc-0142/index.html", in: box.output) == "photo")
        #expect(box.read(OutputWriter.markerFileName, in: box.output) != nil)
        #expect(try box.strays().isEmpty)
    }

    @Test func commitReplacesPreviousSiteWhole() throws {
        let box = try OutputSandbox()
        let first = try OutputWriter(outputDirectory: box.output, contentDirectory: box.content)
        try first.write(OutputFile(path: "old-page/index.html", text: "old"))
        try first.write(OutputFile(path: "index.html", text: "v1"))
        try first.commit()

        let second = try OutputWriter(outputDirectory: box.output, contentDirectory: box.content)
        try second.write(OutputFile(path: "index.html", text: "v2"))
        #expect(box.read("index.html", in: box.output) == "v1")
        try second.commit()
        #expect(box.read("index.html", in: box.output) == "v2")
        #expect(box.read("old-page/index.html", in: box.output) == nil)
        #expect(try box.strays().isEmpty)
    }

    @Test func abandonLeavesPreviousSiteAndRemovesStaging() throws {
        let box = try OutputSandbox()
        let first = try OutputWriter(outputDirectory: box.output, contentDirectory: box.content)
        try first.write(OutputFile(path: "index.html", text: "good"))
        try first.commit()

        let failing = try OutputWriter(outputDirectory: box.output, contentDirectory: box.content)
        try failing.write(OutputFile(path: "index.html", text: "half"))
        #expect(FileManager.default.fileExists(atPath: failing.stagingDirectory.path))
        failing.abandon()
        failing.abandon()
        #expect(box.read("index.html", in: box.output) == "good")
        #expect(try box.strays().isEmpty)
        #expect(reason { try failing.commit() } == .finished)
        #expect(reason { try failing.write(OutputFile(path: "a.html", text: "")) } == .finished)
    }

    @Test func droppedWriterCleansUpItsStaging() throws {
        let box = try OutputSandbox()
        do {
            let writer = try OutputWriter(outputDirectory: box.output, contentDirectory: box.content)
            try writer.write(OutputFile(path: "index.html", text: "x"))
        }
        #expect(try box.strays().isEmpty)
        #expect(!FileManager.default.fileExists(atPath: box.output.path))
    }

    @Test func stagingIsASiblingOfTheOutput() throws {
        let box = try OutputSandbox()
        let writer = try OutputWriter(outputDirectory: box.output, contentDirectory: box.content)
        defer { writer.abandon() }
        #expect(
            writer.stagingDirectory.deletingLastPathComponent().path
                == writer.outputDirectory
                .deletingLastPathComponent().path)
        #expect(writer.stagingDirectory.lastPathComponent.hasPrefix("public.galleryc-new-"))
    }

    @Test func refusesOutputEqualToContent() throws {
        let box = try OutputSandbox()
        let sameViaDots = box.content.appendingPathComponent("albums/..")
        #expect(
            reason { _ = try OutputWriter(outputDirectory: sameViaDots, contentDirectory: box.content) }
                == .outputIsContent)
    }

    @Test func refusesOutputInsideContent() throws {
        let box = try OutputSandbox()
        let inside = box.content.appendingPathComponent("public")
        guard
            case .outputInsideContent = reason(of: {
                _ = try OutputWriter(outputDirectory: inside, contentDirectory: box.content)
            })
        else {
            Issue.record("an output inside the content folder was accepted")
            return
        }
        #expect(!FileManager.default.fileExists(atPath: inside.path))
    }

    @Test func refusesOutputInsideContentThroughASymlink() throws {
        let box = try OutputSandbox()
        let link = box.root.appendingPathComponent("link-to-content")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: box.content)
        let sneaky = link.appendingPathComponent("site")
        guard
            case .outputInsideContent = reason(of: {
                _ = try OutputWriter(outputDirectory: sneaky, contentDirectory: box.content)
            })
        else {
            Issue.record("a symlinked path into the content folder was accepted")
            return
        }
    }

    @Test func refusesOutputContainingContent() throws {
        let box = try OutputSandbox()
        guard
            case .outputContainsContent = reason(of: {
                _ = try OutputWriter(outputDirectory: box.root, contentDirectory: box.content)
            })
        else {
            Issue.record("an output folder holding the content was accepted")
            return
        }
        #expect(box.read("content/index.md", in: box.root) == "# Home\n")
    }

    @Test func refusesForeignNonEmptyFolder() throws {
        let box = try OutputSandbox()
        try box.put("precious.txt", "mine", in: box.output)
        let error = #expect(throws: OutputError.self) {
            _ = try OutputWriter(outputDirectory: box.output, contentDirectory: box.content)
        }
        #expect(error?.reason == .notCreatedByGalleryc)
        #expect(
            error?.message.contains(
                "refusing to replace this folder: it was not created by galleryc; remove it or choose another --output"
            )
                == true)
        #expect(box.read("precious.txt", in: box.output) == "mine")
        #expect(try box.strays().isEmpty)
    }

    @Test func acceptsEmptyFolderAndRefusesAFile() throws {
        let box = try OutputSandbox()
        try FileManager.default.createDirectory(at: box.output, withIntermediateDirectories: true)
        let writer = try OutputWriter(outputDirectory: box.output, contentDirectory: box.content)
        try writer.write(OutputFile(path: "index.html", text: "ok"))
        try writer.commit()
        #expect(box.read("index.html", in: box.output) == "ok")

        let file = box.root.appendingPathComponent("site.html")
        try box.put("site.html", "not a folder", in: box.root)
        #expect(
            reason { _ = try OutputWriter(outputDirectory: file, contentDirectory: box.content) }
                == .notAFolder)
    }

    @Test func commitRefusesWhenTheOutputLostItsMarkerMeanwhile() throws {
        let box = try OutputSandbox()
        let writer = try OutputWriter(outputDirectory: box.output, contentDirectory: box.content)
        try box.put("someone-elses.txt", "theirs", in: box.output)
        #expect(reason { try writer.commit() } == .notCreatedByGalleryc)
        #expect(box.read("someone-elses.txt", in: box.output) == "theirs")
        #expect(try box.strays().isEmpty)
    }

    @Test(arguments: [
        "", "/etc/passwd", "../escape.html", "a/../../b", "a//b", "./x", ".galleryc-output", "a/", "a/.",
        "a/..", "nul\u{0}.html",
    ])
    func rejectsPathsOutsideTheSite(path: String) throws {
        let box = try OutputSandbox()
        let writer = try OutputWriter(outputDirectory: box.output, contentDirectory: box.content)
        defer { writer.abandon() }
        #expect(reason { try writer.write(path: path, bytes: [1]) } == .invalidPath)
        #expect(reason { try writer.keep(paths: ["fine.html", path]) } == .invalidPath)
    }

    @Test(arguments: ["...", "a/...b/.c", ".well-known/x", "a..b"])
    func takesDotsThatStayInside(path: String) {
        #expect(OutputWriter.isSitePath(path))
    }

    @Test func keepsPathsOnceEach() throws {
        let box = try OutputSandbox()
        let writer = try OutputWriter(outputDirectory: box.output, contentDirectory: box.content)
        defer { writer.abandon() }
        try writer.write(OutputFile(path: "a/index.html", text: "1"))
        try writer.keep(paths: ["b/index.html", "c/index.html"])
        #expect(writer.writtenPaths == ["a/index.html", "b/index.html", "c/index.html"])
        #expect(reason { try writer.keep(paths: ["d/index.html", "a/index.html"]) } == .duplicatePath)
    }

    @Test func rejectsTheSamePathTwice() throws {
        let box = try OutputSandbox()
        let writer = try OutputWriter(outputDirectory: box.output, contentDirectory: box.content)
        defer { writer.abandon() }
        try writer.write(OutputFile(path: "a/index.html", text: "1"))
        #expect(reason { try writer.write(OutputFile(path: "a/index.html", text: "2")) } == .duplicatePath)
    }

    @Test func removesStagingLeftByAKilledBuild() throws {
        let box = try OutputSandbox()
        let deadPid = Int32.max - 7
        let leftover = box.root.appendingPathComponent("public.galleryc-new-\(deadPid)-abc")
        try box.put(OutputWriter.markerFileName, "", in: leftover)
        let unmarked = box.root.appendingPathComponent("public.galleryc-new-\(deadPid)-def")
        try box.put("keep.txt", "", in: unmarked)
        let writer = try OutputWriter(outputDirectory: box.output, contentDirectory: box.content)
        try writer.commit()
        #expect(!FileManager.default.fileExists(atPath: leftover.path))
        #expect(FileManager.default.fileExists(atPath: unmarked.path))
    }
}
