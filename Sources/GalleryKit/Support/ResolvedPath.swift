import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Absolute, symlink-free paths for comparing folders, even when the tail does not exist yet.
enum ResolvedPath {
    /// Resolves `url` with realpath(3): the longest existing prefix has its symlinks and `..`
    /// resolved by the file system; the missing rest is appended with `.` and `..` applied.
    static func resolve(_ url: URL) -> String {
        var path = url.path
        if !path.hasPrefix("/") {
            path = FileManager.default.currentDirectoryPath + "/" + path
        }
        return resolve(path: path)
    }

    private static func resolve(path: String) -> String {
        if let real = realPath(path) { return real }
        let components = path.split(separator: "/", omittingEmptySubsequences: true)
        guard let last = components.last else { return "/" }
        let parent = resolve(path: "/" + components.dropLast().joined(separator: "/"))
        switch last {
        case ".": return parent
        case "..": return parent == "/" ? "/" : parentPath(parent)
        default: return parent == "/" ? "/\(last)" : "\(parent)/\(last)"
        }
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// True when `path` is `ancestor` or lies below it (both resolved).
    static func isSameOrInside(_ path: String, _ ancestor: String) -> Bool {
        path == ancestor || path.hasPrefix(ancestor == "/" ? "/" : ancestor + "/")
    }
}
