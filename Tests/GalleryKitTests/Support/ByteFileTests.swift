import Foundation
import Testing

@testable import GalleryKit

/// The cache's index and pack and the site manifest are written a piece at a time
/// (``ByteFile``): what lands must be what an in-memory writer makes, in place only once
/// committed.
@Suite struct ByteFileTests {
    func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "bytefile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Values worth several pieces (``ByteWriter/pieceSize``).
    func fill(_ writer: inout ByteWriter) {
        writer.add("header")
        writer.add(0..<120_000) { writer, index in
            writer.add("photo-\(index).jpg")
            writer.add(index * 7919)
        }
    }

    @Test func aFileWrittenByPiecesHoldsWhatAWriterInMemoryMakes() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var memory = ByteWriter()
        fill(&memory)
        #expect(memory.bytes.count > 2 * ByteWriter.pieceSize)
        let url = folder.appendingPathComponent("index.bin")
        var writer = ByteWriter(file: try ByteFile(url))
        fill(&writer)
        #expect(writer.bytes.count < ByteWriter.pieceSize + 64, "the rest went to the file as it came")
        try writer.commit()
        #expect(try [UInt8](Data(contentsOf: url)) == memory.bytes)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["index.bin"])
    }

    @Test func aFileNeverCommittedLeavesTheOldOneAndNoTrace() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("index.bin")
        try Data("old".utf8).write(to: url)
        do {
            var writer = ByteWriter(file: try ByteFile(url))
            fill(&writer)
        }
        #expect(try String(contentsOf: url, encoding: .utf8) == "old")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["index.bin"])
    }

    @Test func aFolderThatIsNotThereIsAnError() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "no-such-\(UUID().uuidString)/index.bin")
        #expect(throws: POSIXError(.ENOENT)) { _ = try ByteFile(url) }
    }
}
