import Foundation
import Testing

@testable import GalleryKit

/// ARCHITECTURE.md is where a newcomer looks first; these keep it from drifting from the code.
@Suite struct ArchitectureDocTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    func document() throws -> String {
        try String(contentsOf: Self.root.appendingPathComponent("ARCHITECTURE.md"), encoding: .utf8)
    }

    @Test func everyPhaseIsInThePhaseTable() throws {
        let text = try document()
        for phase in BuildPhase.allCases {
            #expect(text.contains("| `\(phase.rawValue)` |"), "ARCHITECTURE.md does not list \(phase)")
        }
    }

    @Test func everyRoomOfGalleryKitIsNamed() throws {
        let text = try document()
        let sources = Self.root.appendingPathComponent("Sources/GalleryKit")
        let rooms = try FileManager.default.contentsOfDirectory(atPath: sources.path).filter { name in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(
                atPath: sources.appendingPathComponent(name).path, isDirectory: &isFolder)
                && isFolder.boolValue
        }
        #expect(rooms.count > 5)
        for room in rooms {
            #expect(text.contains("| `\(room)/` |"), "ARCHITECTURE.md does not describe \(room)/")
        }
        let loose = try FileManager.default.contentsOfDirectory(atPath: sources.path).filter {
            $0.hasSuffix(".swift")
        }
        #expect(loose.isEmpty, "every file of GalleryKit lives in a room: \(loose)")
    }
}
