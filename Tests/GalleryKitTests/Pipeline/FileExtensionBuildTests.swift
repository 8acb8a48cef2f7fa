import Foundation
import Testing

@testable import GalleryKit

/// Every extension ``MediaFileType`` gives JPEG is published like `.jpg`; a `.jpm` is skipped
/// with its warning and the rest of the site builds.
@Suite struct FileExtensionBuildTests {
    @Test func jpeAndJFIFPhotosArePublished() async throws {
        let sandbox = try BuildSandbox()
        try sandbox.put("site.yml", "title: Extensions\nimages:\n  widths: [32]\n")
        let jpeg = try ImageTestSupport.jpeg(width: 64, height: 48)
        try sandbox.put("a/camera.jpe", bytes: jpeg)
        try sandbox.put("a/camera.md", "---\nalt: A camera photo.\n---\n")
        try sandbox.put("a/scan.JFIF", bytes: jpeg)
        try sandbox.put("a/scan.md", "---\nalt: A scanned photo.\n---\n")
        try sandbox.put("a/page.jpm", bytes: [0, 0, 0, 0x0C] + Array("jP  \r\n".utf8) + [0x87, 0x0A])
        let outcome = await sandbox.build()
        #expect(outcome.succeeded, "\(outcome.rendered)")
        let files = FileTree.files(in: sandbox.output)
        for slug in ["camera", "scan"] {
            #expect(files.contains("a/\(slug)/index.html"), "\(files)")
            #expect(files.contains { $0.hasPrefix("_img/") && $0.hasSuffix("/\(slug)-32.jpg") }, "\(files)")
        }
        #expect(
            outcome.rendered.contains { $0.hasPrefix("a/page.jpm: warning: unsupported image format JPM (") })
    }
}
