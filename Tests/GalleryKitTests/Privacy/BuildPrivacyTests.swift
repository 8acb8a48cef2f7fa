import Foundation
import Testing

@testable import GalleryKit

/// The whole build keeps a photo's GPS position out of everything it publishes: derivatives
/// carry no GPS, and a page that writes the position out fails the build naming the page.
@Suite struct BuildPrivacyTests {
    /// A site with one album holding a corpus photo that has GPS (-35.2958, 149.1266).
    private func makeSite(page: String) throws -> (content: URL, output: URL) {
        let root = FileManager.default.temporaryDirectory
            .appendingPathComponent("galleryc-privacy-\(UUID().uuidString)")
        let content = root.appendingPathComponent("content")
        let album = content.appendingPathComponent("canberra")
        try FileManager.default.createDirectory(at: album, withIntermediateDirectories: true)
        try Data(try ImageBytes.corpus("sigal-sample/iptcTest/1.jpg"))
            .write(to: album.appendingPathComponent("parliament.jpg"))
        try "---\nalt: A building on a hill.\n---\n".write(
            to: album.appendingPathComponent("parliament.md"), atomically: true, encoding: .utf8)
        try page.write(
            to: content.appendingPathComponent("about.md"), atomically: true, encoding: .utf8)
        return (content, root.appendingPathComponent("public"))
    }

    /// The repository's default theme.
    private static let theme = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Templates")

    private func build(
        _ content: URL, _ output: URL, diagnostics: DiagnosticCollector = DiagnosticCollector()
    ) async throws {
        let options = BuildOptions(
            contentDirectory: content, outputDirectory: output, themeDirectory: Self.theme, jobs: 1,
            now: Date(timeIntervalSince1970: 1_700_000_000))
        _ = try await SiteBuilder.build(options, diagnostics: diagnostics, progress: { _ in })
    }

    @Test func derivativesOfAGPSPhotoCarryNoGPS() async throws {
        let (content, output) = try makeSite(page: "# About\n\nPhotos of buildings.\n")
        defer { try? FileManager.default.removeItem(at: content.deletingLastPathComponent()) }
        try await build(content, output)
        let images = try FileManager.default.subpathsOfDirectory(atPath: output.path)
            .filter { $0.hasSuffix(".jpg") || $0.hasSuffix(".webp") }
        #expect(!images.isEmpty)
        for path in images {
            let bytes = [UInt8](try Data(contentsOf: output.appendingPathComponent(path)))
            #expect(GPSCoordinates.metadata(fromImage: bytes)?.hasGPSData == false, "\(path)")
        }
    }

    @Test func aPageThatWritesOutThePositionFailsTheBuild() async throws {
        let (content, output) = try makeSite(
            page: "# About\n\nThe parliament photo was taken at -35.2958, 149.1266.\n")
        defer { try? FileManager.default.removeItem(at: content.deletingLastPathComponent()) }
        let diagnostics = DiagnosticCollector()
        await #expect(throws: BuildFailed.self) {
            try await build(content, output, diagnostics: diagnostics)
        }
        let leaks = diagnostics.diagnostics.filter { $0.severity == .error }
        #expect(leaks.map(\.location.file) == [output.appendingPathComponent("about/index.html").path])
        #expect(leaks.first?.message.contains("canberra/parliament.jpg") == true)
        #expect(!FileManager.default.fileExists(atPath: output.path), "nothing was published")
    }
}
