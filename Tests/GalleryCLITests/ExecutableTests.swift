import Foundation
import Testing

@testable import GalleryCLI

/// Runs the built `galleryc` (a sibling of the test bundle) as a real process.
private func galleryc(_ arguments: [String], in directory: URL) throws -> (
    code: Int32, out: String, err: String
) {
    let testBundle = try #require(Bundle.main.executableURL)
    var folder = testBundle.deletingLastPathComponent()
    // On macOS the test runner sits inside the .xctest bundle; on Linux beside the products.
    while !FileManager.default.fileExists(atPath: folder.appendingPathComponent("galleryc").path),
        folder.pathComponents.count > 1
    {
        folder = folder.deletingLastPathComponent()
    }
    let process = Process()
    process.executableURL = folder.appendingPathComponent("galleryc")
    process.arguments = arguments
    process.currentDirectoryURL = directory
    process.environment = ["PATH": "/usr/bin:/bin", "NO_COLOR": "1"]
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (
        process.terminationStatus, String(decoding: outData, as: UTF8.self),
        String(decoding: errData, as: UTF8.self)
    )
}

@Suite struct ExecutableTests {
    @Test func helpAndVersion() throws {
        let site = try TestSite()
        let help = try galleryc(["--help"], in: site.root)
        #expect(help.code == 0 && help.out == HelpText.root && help.err.isEmpty)
        let version = try galleryc(["--version"], in: site.root)
        #expect(version.code == 0 && version.out == HelpText.version + "\n")
    }

    @Test func usageErrorExits64() throws {
        let site = try TestSite()
        let result = try galleryc(["build", "--ouput", "x"], in: site.root)
        #expect(result.code == 64)
        #expect(result.out.isEmpty)
        #expect(result.err.hasPrefix("Error: unknown option '--ouput'"))
        #expect(result.err.hasSuffix("See 'galleryc help build' for more information.\n"))
    }

    @Test func missingContentExits1() throws {
        let site = try TestSite()
        let result = try galleryc(["build", "no-such-folder"], in: site.root)
        #expect(result.code == 1)
        #expect(result.out.isEmpty)
        #expect(result.err.hasPrefix("error: cannot find the content folder 'no-such-folder'"))
    }
}
