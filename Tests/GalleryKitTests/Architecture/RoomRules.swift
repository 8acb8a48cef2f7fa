/// What ARCHITECTURE.md allows: for each room of `Sources/GalleryKit`, the rooms it may use,
/// and which rooms are pure (do no file or process I/O). Read from the document itself, so
/// the table is the one place to change when a dependency is wanted.
struct RoomRules: Equatable {
    enum Allowed: Equatable {
        case everyRoom
        case only(Set<String>)
    }

    var rooms: [String: Allowed]
    var pure: Set<String>

    struct ReadFailure: Error, CustomStringConvertible {
        let description: String
    }

    /// Reads the rows `| \`Room/\` | concern | may use |` of the section whose heading starts
    /// with `## Rooms`, and the paragraph that starts with `Pure rooms`. There and in a "may
    /// use" cell, every backticked name ending in `/` is a room; "every room" allows all;
    /// "nothing" none.
    init(markdown: String) throws {
        var rooms: [String: Allowed] = [:]
        var pure: Set<String> = []
        var inRooms = false
        var inPure = false
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("## ") { inRooms = line.hasPrefix("## Rooms") }
            if line.hasPrefix("Pure rooms") { inPure = true }
            if line.isEmpty { inPure = false }
            if inPure { pure.formUnion(Self.roomNames(in: line)) }
            guard inRooms, line.hasPrefix("| `") else { continue }
            let cells = line.split(separator: "|", omittingEmptySubsequences: false)
                .map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 4, let room = Self.roomNames(in: Substring(cells[1])).first,
                cells[1] == "`\(room)/`"
            else { throw ReadFailure(description: "ARCHITECTURE.md: a rooms row I cannot read: \(line)") }
            let mayUse = cells[cells.count - 2]
            if mayUse.contains("every room") {
                rooms[room] = .everyRoom
            } else {
                let named = Self.roomNames(in: Substring(mayUse))
                if named.isEmpty, mayUse != "nothing" {
                    throw ReadFailure(
                        description:
                            "ARCHITECTURE.md: \(room)/ may use \"\(mayUse)\": name rooms as `Room/`, "
                            + "or write \"nothing\" or \"every room\"")
                }
                rooms[room] = .only(named)
            }
        }
        guard !rooms.isEmpty else { throw ReadFailure(description: "ARCHITECTURE.md has no rooms table") }
        self.rooms = rooms
        self.pure = pure
    }

    func allows(_ room: String, toUse other: String) -> Bool {
        if room == other { return true }
        switch rooms[room] {
        case .everyRoom: return true
        case .only(let named): return named.contains(other)
        case nil: return false
        }
    }

    /// Every `` `Name/` `` in the text.
    private static func roomNames(in text: Substring) -> Set<String> {
        var names: Set<String> = []
        for (index, part) in text.split(separator: "`", omittingEmptySubsequences: false).enumerated()
        where index % 2 == 1 && part.hasSuffix("/") && !part.dropLast().contains("/") {
            names.insert(String(part.dropLast()))
        }
        return names
    }
}
