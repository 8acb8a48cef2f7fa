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

    /// "Exactly one Swift file imports each C module": the claim the doc comments and
    /// ARCHITECTURE.md make, checked over every Swift file of Sources/.
    @Test func eachCModuleHasOneImporter() throws {
        let sources = Self.root.appendingPathComponent("Sources")
        var importers: [String: [String]] = [:]
        let walker = FileManager.default.enumerator(atPath: sources.path)
        while let path = walker?.nextObject() as? String {
            guard path.hasSuffix(".swift") else { continue }
            let text = try String(contentsOf: sources.appendingPathComponent(path), encoding: .utf8)
            for line in text.split(separator: "\n") {
                let words = line.split(separator: " ")
                guard let index = words.firstIndex(of: "import"), index + 1 < words.count else { continue }
                let module = String(words[index + 1])
                if module.first == "C", module.dropFirst().first?.isUppercase == true {
                    importers[module, default: []].append(path)
                }
            }
        }
        #expect(importers.count >= 6)
        for (module, files) in importers {
            #expect(files.count == 1, "\(module) is imported by \(files)")
        }
    }
}
