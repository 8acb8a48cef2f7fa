import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One folder of the content, listed with `readdir` and `lstat`, as the file system has it:
/// names as bytes (Foundation would drop or mangle one that is not UTF-8), symlinks as links
/// (resolved here, so the walk can refuse those that leave the content folder).
struct FolderListing {
    /// What an entry is, after following it when it is a symlink.
    enum Kind: Sendable, Hashable {
        case file
        case folder
        /// A FIFO, socket or device.
        case special
    }

    /// What a symlink leads to.
    enum LinkTarget: Sendable, Hashable {
        /// An existing file or folder, at this resolved (absolute, symlink-free) path.
        case resolved(String, Kind)
        /// Nothing: the link is broken; `to` is what the link says.
        case broken(to: String)
        /// A loop of links (`ELOOP`).
        case loop(to: String)
    }

    struct Entry: Sendable, Hashable {
        /// The name, when it is valid UTF-8.
        var name: String?
        /// The name's bytes as stored.
        var bytes: [UInt8]
        /// What the entry is; for a symlink, what it leads to (`.special` when broken).
        var kind: Kind
        /// For a symlink, where it leads; nil for anything else.
        var target: LinkTarget?

        /// The name for messages: control characters and bytes that are not UTF-8 written as
        /// `\xNN`, so a name can neither garble a terminal nor vanish.
        var displayName: String {
            if let name, !name.unicodeScalars.contains(where: Self.isControl) { return name }
            return Self.escaped(bytes)
        }

        static func isControl(_ scalar: Unicode.Scalar) -> Bool {
            scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
        }

        /// `caf\xe9.jpg` for Latin-1 bytes: printable ASCII and valid UTF-8 as they are.
        static func escaped(_ bytes: [UInt8]) -> String {
            var text = ""
            var index = 0
            while index < bytes.count {
                let length = utf8Length(bytes, at: index)
                if length > 1, let scalar = String(validating: bytes[index..<index + length], as: UTF8.self) {
                    text += scalar
                    index += length
                } else {
                    let byte = bytes[index]
                    text += (0x20..<0x7F).contains(byte) ? String(UnicodeScalar(byte)) : "\\x" + hex(byte)
                    index += 1
                }
            }
            return text
        }

        private static func utf8Length(_ bytes: [UInt8], at index: Int) -> Int {
            let lead = bytes[index]
            let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
            return index + length <= bytes.count ? length : 1
        }

        private static func hex(_ byte: UInt8) -> String {
            let digits = String(byte, radix: 16)
            return digits.count == 1 ? "0" + digits : digits
        }
    }

    /// Where `path` leads when it is (or passes through) a symlink that leaves the content
    /// folder at `root` (resolved); nil when it stays inside, or does not exist.
    static func targetOutside(_ path: String, root: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        let target = String(cString: resolved)
        return ResolvedPath.isSameOrInside(target, root) ? nil : target
    }

    /// The entries of the folder at `path`, `.` and `..` left out, sorted by their bytes.
    /// A file or folder is known by the type the folder's entry gives (no `lstat`: a tenth of
    /// the content walk at 10,000 photos); a link, or an entry of a file system that gives no
    /// type, is looked at.
    /// - Throws: the system's words when the folder cannot be opened.
    static func entries(of path: String) throws(FileReadFailure) -> [Entry] {
        guard let directory = opendir(path) else { throw .unreadable(errnoText()) }
        defer { closedir(directory) }
        var entries: [Entry] = []
        while let raw = readdir(directory) {
            let bytes = withUnsafeBytes(of: raw.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            if bytes == [0x2E] || bytes == [0x2E, 0x2E] { continue }
            let name = String(validating: bytes, as: UTF8.self)
            let full = path + "/" + String(decoding: bytes, as: UTF8.self)
            entries.append(
                entry(name: name, bytes: bytes, type: raw.pointee.d_type, fullPath: name == nil ? nil : full))
        }
        return entries.sorted { $0.bytes.lexicographicallyPrecedes($1.bytes) }
    }

    /// Classifies one entry; an entry whose name is not UTF-8 is not looked at further (it is
    /// reported and skipped by its name alone).
    private static func entry(name: String?, bytes: [UInt8], type: UInt8, fullPath: String?) -> Entry {
        guard let fullPath else { return Entry(name: nil, bytes: bytes, kind: .special) }
        switch Int32(type) {
        case Int32(DT_REG): return Entry(name: name, bytes: bytes, kind: .file)
        case Int32(DT_DIR): return Entry(name: name, bytes: bytes, kind: .folder)
        case Int32(DT_LNK), Int32(DT_UNKNOWN): break
        default: return Entry(name: name, bytes: bytes, kind: .special)
        }
        var info = stat()
        guard lstat(fullPath, &info) == 0 else {
            return Entry(name: name, bytes: bytes, kind: .special, target: .broken(to: fullPath))
        }
        if (info.st_mode & S_IFMT) == S_IFLNK {
            let target = resolveLink(fullPath)
            var kind = Kind.special
            if case .resolved(_, let resolvedKind) = target { kind = resolvedKind }
            return Entry(name: name, bytes: bytes, kind: kind, target: target)
        }
        return Entry(name: name, bytes: bytes, kind: kind(of: info.st_mode))
    }

    private static func resolveLink(_ path: String) -> LinkTarget {
        guard let resolved = realpath(path, nil) else {
            if errno == ELOOP { return .loop(to: linkText(path) ?? path) }
            return .broken(to: linkText(path) ?? path)
        }
        defer { free(resolved) }
        let target = String(cString: resolved)
        var info = stat()
        guard stat(target, &info) == 0 else { return .broken(to: linkText(path) ?? target) }
        return .resolved(target, kind(of: info.st_mode))
    }

    /// What the link itself says (`readlink`), for messages.
    private static func linkText(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: 4097)
        let count = readlink(path, &buffer, 4096)
        guard count >= 0 else { return nil }
        return String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func kind(of mode: mode_t) -> Kind {
        switch mode & S_IFMT {
        case S_IFREG: .file
        case S_IFDIR: .folder
        default: .special
        }
    }
}
