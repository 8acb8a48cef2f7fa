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
    /// processes, the C modules that carry POSIX, and the package's own file reader.
    ///
    /// POSIX's `open`, `read`, `write` and `close` are also everyday names (a template's
    /// closing tag, an XMP reader's `read`), so they are not listed; a file opened with them
    /// needs an `O_*` flag or a `stat`, which are. A member (`data.write(toFile:)`) is seen by its
    /// argument labels (`toFile`, `atomically`, `contentsOf`); `write(to:)` alone is not. What a pure room does
    /// through a type of an impure room it may use is that room's I/O, and not seen here: the
    /// "may use" column is where such a dependency is visible.
    static let inputOutputNames: Set<String> = [
        "FileManager", "FileHandle", "FileWrapper", "FileReader", "Process", "DispatchIO", "URLSession",
        "InputStream", "OutputStream", "fopen", "fread", "fwrite", "fclose", "opendir", "readdir", "popen",
        "posix_spawn", "posix_spawnp", "unlink", "mkdir", "rmdir", "renameat", "renameat2", "realpath",
        "contentsOf", "contentsOfFile", "atomically", "toFile", "O_RDONLY", "O_WRONLY", "O_RDWR",
        "O_CREAT", "openat", "unlinkat", "mkdirat", "fstat", "lstat", "fstatat", "fsync", "ftruncate",
        "pread", "pwrite", "symlink", "readlink", "chmod", "pipe", "dup2", "fork", "execv", "execve",
        "execvp", "waitpid", "kill", "Glibc", "Darwin",
    ]

    let rules: RoomRules
    let files: [SourceFile]

    /// The names each room declares at its top level: types, free functions, global constants.
    var declarations: [String: String] {
        var owner: [String: String] = [:]
        for file in files {
            for name in SwiftSourceNames(source: file.text).topLevelDeclarations { owner[name] = file.room }
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
