import Foundation
import Testing

@testable import GalleryKit

/// galleryc never writes into the content folder: every path, size and modification time
/// (folders included, so a file created and removed again also shows) is the same after a
/// build as before it, whether the build succeeded or failed.
@Suite struct ContentUntouchedTests {
    @Test func successfulBuildLeavesTheContentFolderAsItWas() async throws {
        let sandbox = try BuildSandbox(copying: BuildSandbox.tinySite)
        try sandbox.put("templates/README.txt", "an override folder with nothing to override\n")
        let before = try FileTree.snapshot(of: sandbox.content)
        #expect(before.count > 10)
        let outcome = await sandbox.build(jobs: 2)
        #expect(outcome.succeeded, "\(outcome.rendered)")
        #expect(try FileTree.snapshot(of: sandbox.content) == before)
    }

    @Test func failedBuildLeavesTheContentFolderAsItWas() async throws {
        let sandbox = try BuildSandbox(copying: BuildSandbox.tinySite)
        try sandbox.put("travel/empty.jpg", bytes: [])
        try sandbox.put("travel/cut.jpg", bytes: BrokenSiteCase.truncatedJPEG)
        try sandbox.put("broken.md", "---\ntitle: [unclosed\n---\n")
        let before = try FileTree.snapshot(of: sandbox.content)
        let outcome = await sandbox.build(jobs: 2)
        #expect(outcome.error is BuildFailed)
        #expect(try FileTree.snapshot(of: sandbox.content) == before)

        try sandbox.put("templates/base.mustache", "{{#unclosed}}\n")
        let withTemplate = try FileTree.snapshot(of: sandbox.content)
        let second = await sandbox.build(jobs: 2, strict: true)
        #expect(second.error is BuildFailed)
        #expect(try FileTree.snapshot(of: sandbox.content) == withTemplate)
    }
}
