import Foundation

@testable import GalleryKit

/// Runs Debian's exiftool (libimage-exiftool-perl, installed by `make test-deps`) to write
/// metadata fixtures in the test itself.
enum Exiftool {
    /// Writes `arguments` (`-XMP-dc:Title=...`) into a copy of `bytes` saved as `name`, and
    /// returns the new file's bytes. `-overwrite_original` and `-q` are added.
    static func write(_ arguments: [String], into bytes: [UInt8], name: String = "photo.jpg") throws
        -> [UInt8]
    {
        let folder = try ImageTestSupport.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent(name)
        try Data(bytes).write(to: file)
        try run(["-q", "-overwrite_original"] + arguments + [file.path])
        return [UInt8](try Data(contentsOf: file))
    }

    /// Runs exiftool with `arguments`; throws when it fails. Returns its standard output.
    @discardableResult
    static func run(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/exiftool")
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: ["exiftool": arguments])
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// A small JPEG without metadata.
    static func plainJPEG() throws -> [UInt8] { try ImageTestSupport.jpeg(width: 64, height: 48) }
}
