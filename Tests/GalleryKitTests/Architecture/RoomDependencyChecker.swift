/// Holds the rooms of `Sources/GalleryKit` to ARCHITECTURE.md, as Bazel's `visibility` holds
/// targets to their BUILD files: a file that names a type another room declares, when its
/// room may not use that room, is a violation; so is file or process I/O in a pure room.
struct RoomDependencyChecker {
    /// One Swift file of a room: its path (as printed) and text.
    struct SourceFile {
        let room: String
        let path: String
        let text: String
    }

    struct Violation: Equatable, CustomStringConvertible {
        let path: String
        let line: Int
        /// The type named (or the I/O name used).
        let name: String
        let room: String
        /// The room that declares `name`; nil for an I/O call in a pure room.
        let declaringRoom: String?

        var description: String {
            if let declaringRoom {
                return "\(path):\(line): \(room)/ uses `\(name)`, declared in \(declaringRoom)/, but "
                    + "ARCHITECTURE.md's rooms table does not let \(room)/ use \(declaringRoom)/ "
                    + "(add it to the row if the dependency is wanted)"
            }
            return "\(path):\(line): \(room)/ is pure in ARCHITECTURE.md but does file or process I/O "
                + "with `\(name)`"
        }
    }

    /// What a pure room may not name: Foundation's and POSIX's ways to reach files and
    /// processes, and the package's own file reader.
    static let inputOutputNames: Set<String> = [
        "FileManager", "FileHandle", "FileWrapper", "FileReader", "Process", "DispatchIO", "URLSession",
        "InputStream", "OutputStream", "fopen", "fread", "fwrite", "opendir", "readdir", "popen",
        "posix_spawn", "posix_spawnp", "unlink", "mkdir", "rmdir", "renameat", "renameat2", "realpath",
        "contentsOf", "contentsOfFile", "atomically",
    ]

    let rules: RoomRules
    let files: [SourceFile]

    /// The type names each room declares at its top level.
    var declarations: [String: String] {
        var owner: [String: String] = [:]
        for file in files {
            for name in SwiftSourceNames(source: file.text).topLevelTypes { owner[name] = file.room }
        }
        return owner
    }

    /// Every violation, in file order.
    func violations() -> [Violation] {
        let owner = declarations
        var found: [Violation] = []
        for file in files {
            let source = SwiftSourceNames(source: file.text)
            let pure = rules.pure.contains(file.room)
            for name in source.names where !name.isMember {
                if let room = owner[name.text], !rules.allows(file.room, toUse: room) {
                    found.append(
                        Violation(
                            path: file.path, line: name.line, name: name.text, room: file.room,
                            declaringRoom: room))
                } else if pure, Self.inputOutputNames.contains(name.text) {
                    found.append(
                        Violation(
                            path: file.path, line: name.line, name: name.text, room: file.room,
                            declaringRoom: nil))
                }
            }
        }
        return found
    }

    /// How many names a room's files take from other rooms, allowed or not (a checker that
    /// sees none is not checking).
    func crossRoomReferences() -> Int {
        let owner = declarations
        return files.reduce(0) { count, file in
            count
                + SwiftSourceNames(source: file.text).names.filter {
                    !$0.isMember && owner[$0.text].map { $0 != file.room } == true
                }.count
        }
    }
}
