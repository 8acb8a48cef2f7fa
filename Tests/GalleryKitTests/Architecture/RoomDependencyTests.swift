import Foundation
import Testing

/// ARCHITECTURE.md's rooms table is a rule: these tests hold every Swift file of
/// `Sources/GalleryKit` to its "may use" column and its list of pure rooms.
@Suite struct RoomDependencyTests {
    static let root = ArchitectureDocTests.root

    static func sourceFiles() throws -> [RoomDependencyChecker.SourceFile] {
        let kit = root.appendingPathComponent("Sources/GalleryKit")
        var files: [RoomDependencyChecker.SourceFile] = []
        let walker = FileManager.default.enumerator(atPath: kit.path)
        while let path = walker?.nextObject() as? String {
            guard path.hasSuffix(".swift"), let room = path.split(separator: "/").first, path.contains("/")
            else { continue }
            let text = try String(contentsOf: kit.appendingPathComponent(path), encoding: .utf8)
            files.append(.init(room: String(room), path: "Sources/GalleryKit/\(path)", text: text))
        }
        return files.sorted { $0.path < $1.path }
    }

    static func rules() throws -> RoomRules {
        try RoomRules(markdown: ArchitectureDocTests().document())
    }

    @Test func everyRoomKeepsToItsRowOfTheTable() throws {
        let checker = RoomDependencyChecker(rules: try Self.rules(), files: try Self.sourceFiles())
        let violations = checker.violations()
        #expect(violations.isEmpty, "\(violations.map(\.description).joined(separator: "\n"))")
        // A checker that finds no dependency at all would pass by reading nothing.
        #expect(checker.crossRoomReferences() > 500)
        #expect(checker.declarations.count > 200)
    }

    @Test func theTableNamesOnlyRoomsThatExist() throws {
        let rules = try Self.rules()
        let folders = Set(try Self.sourceFiles().map(\.room))
        #expect(Set(rules.rooms.keys) == folders)
        for case .only(let named) in rules.rooms.values {
            #expect(named.isSubset(of: folders), "unknown rooms named: \(named.subtracting(folders))")
        }
        #expect(rules.pure.isSubset(of: folders))
        #expect(rules.pure.count >= 4, "ARCHITECTURE.md's 'Pure rooms' sentence names \(rules.pure)")
    }

    // --- The checker on a fixture of its own: seen failing on deliberate violations ---------

    static let fixtureTable = """
        ## Rooms of `Sources/GalleryKit`

        | folder | concern | may use |
        |---|---|---|
        | `Model/` | values | `Support/` |
        | `Images/` | pixels | `Model/` |
        | `Rendering/` | pages | `Model/`, `Support/` (hashing) |
        | `Support/` | helpers | nothing |
        | `Pipeline/` | the build | every room |

        Pure rooms, which do no file or process I/O: `Model/`,
        `Rendering/`.

        `Support/` is not pure: this paragraph is another one.

        ## Errors
        | `Ignored/` | not a room row, another section | `Images/` |
        """

    static let fixtureFiles: [RoomDependencyChecker.SourceFile] = [
        .init(room: "Model", path: "Model/Photo.swift", text: "public struct Photo { let hash: Digest }\n"),
        .init(
            room: "Support", path: "Support/Digest.swift",
            text:
                "struct Digest {}\nenum FileReader {}\nfunc hexText() -> String { \"\" }\nprivate func scratchText() {}\n"
        ),
        .init(
            room: "Images", path: "Images/Pixels.swift",
            text: """
                final class PixelBuffer {
                    let photo: Photo
                    let digest: Digest
                    let name = hexText()
                }
                private struct Scratch {}
                """),
        .init(
            room: "Rendering", path: "Rendering/Page.swift",
            text: """
                // A PixelBuffer in a comment is no dependency.
                /* nor in a /* nested */ PixelBuffer block */
                struct Page {
                    let title = "a PixelBuffer in text is none either"
                    let raw = #"nor "PixelBuffer" here"#
                    let note = \"""
                        nor PixelBuffer in a multi-line string
                        \"""
                    let size = "\\(PixelBuffer.self)"
                    let photo: Photo
                    func read() throws -> String { try String(contentsOf: url) }
                    let kind = Photo.Scratch.self
                }
                private struct Scratch {}
                """),
        .init(
            room: "Pipeline", path: "Pipeline/Build.swift",
            text: "struct Build { let a: PixelBuffer; let b: Page; let f = FileReader.self }\n"),
    ]

    @Test func aFixtureTableIsReadAsWritten() throws {
        let rules = try RoomRules(markdown: Self.fixtureTable)
        #expect(rules.rooms["Model"] == .only(["Support"]))
        #expect(rules.rooms["Rendering"] == .only(["Model", "Support"]))
        #expect(rules.rooms["Support"] == .only([]))
        #expect(rules.rooms["Pipeline"] == .everyRoom)
        #expect(rules.rooms["Ignored"] == nil)
        #expect(rules.pure == ["Model", "Rendering"])
    }

    @Test func deliberateViolationsAreNamedWithFileLineTypeAndRooms() throws {
        let checker = RoomDependencyChecker(
            rules: try RoomRules(markdown: Self.fixtureTable), files: Self.fixtureFiles)
        let found = checker.violations()
        #expect(
            found == [
                .init(
                    path: "Images/Pixels.swift", line: 3, name: "Digest", room: "Images",
                    declaringRoom: "Support"),
                .init(
                    path: "Images/Pixels.swift", line: 4, name: "hexText", room: "Images",
                    declaringRoom: "Support"),
                .init(
                    path: "Rendering/Page.swift", line: 9, name: "PixelBuffer", room: "Rendering",
                    declaringRoom: "Images"),
                .init(
                    path: "Rendering/Page.swift", line: 11, name: "contentsOf", room: "Rendering",
                    declaringRoom: nil),
            ])
        #expect(
            found.first?.description
                == "Images/Pixels.swift:3: Images/ uses `Digest`, declared in Support/, but ARCHITECTURE.md's "
                + "rooms table does not let Images/ use Support/ (add it to the row if the dependency is wanted)"
        )
        #expect(found.last?.description.contains("Rendering/ is pure in ARCHITECTURE.md") == true)
        // Private types and functions stay in their files: two rooms may each have a `Scratch`.
        #expect(checker.declarations["Scratch"] == nil)
        #expect(checker.declarations["scratchText"] == nil)
        #expect(checker.declarations["hexText"] == "Support")
        #expect(checker.declarations["PixelBuffer"] == "Images")
    }

    @Test func aRowThatNamesNoRoomIsRefused() {
        let table = """
            ## Rooms
            | `Model/` | values | Support |
            """
        #expect(throws: RoomRules.ReadFailure.self) { try RoomRules(markdown: table) }
    }

    @Test func interpolationsAreCodeAndEscapedQuotesDoNotEndText() {
        let names = SwiftSourceNames(
            source: #"let a = "x \"Quoted\" \(Outer.inner(b: "\(Deep.self)")) Text" + Tail.value"#
        ).names.map(\.text)
        // `let a` at the top level is a declaration of `a`, not a use.
        #expect(names == ["Outer", "inner", "b", "Deep", "self", "Tail", "value"])
    }
}
