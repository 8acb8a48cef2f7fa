import Foundation
import Synchronization
import Testing

@testable import GalleryServe

@Suite struct FileWatcherTests {
    final class Recorder: Sendable {
        let changes = Mutex<[FileChange]>([])

        /// Polls until `predicate` holds for what was recorded, for up to 3 seconds.
        func waitFor(_ predicate: ([FileChange]) -> Bool) async -> Bool {
            for _ in 0..<300 {
                if changes.withLock({ predicate($0) }) { return true }
                try? await Task.sleep(for: .milliseconds(10))
            }
            return false
        }
    }

    private func makeFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("watch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url.resolvingSymlinksInPath()
    }

    @Test func reportsFilesFoldersAndSavesByRename() async throws {
        let folder = try makeFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let recorder = Recorder()
        let watcher = try FileWatcher(directories: [folder]) { batch in
            recorder.changes.withLock { $0.append(contentsOf: batch) }
        }
        defer { watcher.stop() }
        let root = folder.path

        try Data("a".utf8).write(to: folder.appendingPathComponent("a.md"))
        #expect(await recorder.waitFor { $0.contains { $0.path == root + "/a.md" } })

        let sub = folder.appendingPathComponent("new-album")
        try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: false)
        try Data("b".utf8).write(to: sub.appendingPathComponent("b.md"))
        #expect(await recorder.waitFor { $0.contains { $0.path == root + "/new-album/b.md" } })
        // The new folder is watched: a later file in it is reported too.
        try Data("c".utf8).write(to: sub.appendingPathComponent("c.md"))
        #expect(await recorder.waitFor { $0.contains { $0.path == root + "/new-album/c.md" } })

        // Save by rename, as many editors do, plus scratch files that must be ignored.
        let temp = folder.appendingPathComponent(".page.md.tmp")
        try Data("draft".utf8).write(to: temp)
        try Data("x".utf8).write(to: folder.appendingPathComponent("page.md~"))
        try Data("x".utf8).write(to: folder.appendingPathComponent("4913"))
        try Data("x".utf8).write(to: folder.appendingPathComponent(".page.md.swp"))
        #expect(rename(temp.path, folder.appendingPathComponent("page.md").path) == 0)
        #expect(
            await recorder.waitFor {
                $0.contains { $0.path == root + "/page.md" && $0.kind == .movedIn }
            })

        try FileManager.default.removeItem(at: folder.appendingPathComponent("a.md"))
        #expect(await recorder.waitFor { $0.contains { $0.path == root + "/a.md" && $0.kind == .deleted } })

        let names = recorder.changes.withLock { $0.map { ($0.path as NSString).lastPathComponent } }
        #expect(!names.contains("page.md~"))
        #expect(!names.contains("4913"))
        #expect(!names.contains { $0.hasPrefix(".") })
    }

    @Test func aFolderMovedInIsReportedAndWatched() async throws {
        let folder = try makeFolder()
        let outside = try makeFolder()
        defer {
            try? FileManager.default.removeItem(at: folder)
            try? FileManager.default.removeItem(at: outside)
        }
        let album = outside.appendingPathComponent("album")
        try FileManager.default.createDirectory(at: album, withIntermediateDirectories: true)
        try Data("photo".utf8).write(to: album.appendingPathComponent("one.jpg"))
        let recorder = Recorder()
        let watcher = try FileWatcher(directories: [folder]) { batch in
            recorder.changes.withLock { $0.append(contentsOf: batch) }
        }
        defer { watcher.stop() }
        let root = folder.path
        #expect(rename(album.path, folder.appendingPathComponent("album").path) == 0)
        #expect(await recorder.waitFor { $0.contains { $0.path == root + "/album" && $0.kind == .movedIn } })
        #expect(await recorder.waitFor { $0.contains { $0.path == root + "/album/one.jpg" } })
        try Data("photo".utf8).write(to: folder.appendingPathComponent("album/two.jpg"))
        #expect(await recorder.waitFor { $0.contains { $0.path == root + "/album/two.jpg" } })
    }

    /// How a content folder gets replaced while `serve` runs.
    enum Replacement: String, CaseIterable, Sendable {
        /// `rm -rf content && cp -r new content`
        case removeAndCopy
        /// `rm -rf content && mv new content`
        case removeAndMove
        /// `mv content old && mv new content`
        case moveAwayAndMoveIn

        func apply(root: URL, with new: URL) throws {
            let files = FileManager.default
            switch self {
            case .removeAndCopy:
                try files.removeItem(at: root)
                try files.copyItem(at: new, to: root)
            case .removeAndMove:
                try files.removeItem(at: root)
                try files.moveItem(at: new, to: root)
            case .moveAwayAndMoveIn:
                try files.moveItem(
                    at: root, to: root.deletingLastPathComponent().appendingPathComponent("old"))
                try files.moveItem(at: new, to: root)
            }
        }
    }

    @Test(arguments: Replacement.allCases)
    func aReplacedRootFolderIsReportedAndWatchedAgain(_ replacement: Replacement) async throws {
        let project = try makeFolder()
        defer { try? FileManager.default.removeItem(at: project) }
        let root = project.appendingPathComponent("content")
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("album"), withIntermediateDirectories: true)
        try Data("old".utf8).write(to: root.appendingPathComponent("album/page.md"))
        let new = project.appendingPathComponent("new")
        try FileManager.default.createDirectory(
            at: new.appendingPathComponent("album"), withIntermediateDirectories: true)
        try Data("new".utf8).write(to: new.appendingPathComponent("album/page.md"))
        let recorder = Recorder()
        let watcher = try FileWatcher(directories: [root]) { batch in
            recorder.changes.withLock { $0.append(contentsOf: batch) }
        }
        defer { watcher.stop() }
        let rootPath = root.path

        try replacement.apply(root: root, with: new)
        #expect(
            await recorder.waitFor { $0.contains { $0.path == rootPath && $0.isDirectory } },
            "the replaced folder itself is reported")
        // The new folder and the folders inside it are watched: later edits are reported.
        recorder.changes.withLock { $0.removeAll() }
        try Data("edited".utf8).write(to: root.appendingPathComponent("album/page.md"))
        try Data("added".utf8).write(to: root.appendingPathComponent("added.md"))
        #expect(await recorder.waitFor { $0.contains { $0.path == rootPath + "/album/page.md" } })
        #expect(await recorder.waitFor { $0.contains { $0.path == rootPath + "/added.md" } })
        // The old folder, if it still exists elsewhere, is no longer reported under the root.
        if replacement == .moveAwayAndMoveIn {
            recorder.changes.withLock { $0.removeAll() }
            try Data("stale".utf8).write(to: project.appendingPathComponent("old/album/stale.md"))
            try Data("fresh".utf8).write(to: root.appendingPathComponent("fresh.md"))
            #expect(await recorder.waitFor { $0.contains { $0.path == rootPath + "/fresh.md" } })
            #expect(!recorder.changes.withLock { $0.contains { $0.path.hasSuffix("stale.md") } })
        }
    }

    @Test func aMissingFolderIsAnError() {
        let missing = URL(fileURLWithPath: "/nonexistent-\(UUID().uuidString)")
        #expect(throws: ServeError.self) {
            _ = try FileWatcher(directories: [missing]) { _ in }
        }
    }
}
