import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Keeping the previous site between separate `galleryc build` runs, so that a rebuild fills a
/// folder that already holds nearly everything instead of creating every folder and file again
/// and deleting the old tree.
///
/// After the swap the previous site is moved (one `rename(2)`) to a `site-spare` folder in the
/// derivative cache's folder; the next build moves it back beside the output as its staging
/// folder. Nothing about its contents is trusted: the build lists every file in it, leaves a
/// rendition only when it is the very cache file (same inode), rewrites each page whose bytes
/// differ, and removes every other file, so the staging folder ends up holding exactly the new
/// site. When the cache is on another file system the rename fails and the previous site is
/// deleted as before.
extension OutputWriter {
    /// Moves a spare site at `spare` beside `output` as a staging folder; nil when there is
    /// none (or it cannot be moved, in which case it is removed).
    static func adoptSpare(_ spare: URL, for output: URL) -> URL? {
        guard FileManager.default.fileExists(atPath: spare.appendingPathComponent(markerFileName).path)
        else { return nil }
        let staging = sibling(of: output, kind: "new")
        if rename(spare.path, staging.path) == 0 { return staging }
        removeSite(spare)
        return nil
    }

    /// Moves `previous` (a site ``commit(keepingPrevious:)`` returned) to `spare`, or deletes
    /// it when that is not possible.
    static func stash(_ previous: URL, as spare: URL) {
        removeSite(spare)
        if rename(previous.path, spare.path) == 0 {
            TemporaryFolders.shared.forget(previous.path)
        } else {
            removeSite(previous)
        }
    }

    /// Every regular file and symlink under `root`, as paths relative to it, except the marker;
    /// listed with `readdir` (no `stat` per file).
    static func listFiles(_ root: URL) -> Set<String> {
        var found: Set<String> = []
        var folders = [""]
        while let folder = folders.popLast() {
            guard let directory = opendir(folder.isEmpty ? root.path : root.path + "/" + folder) else {
                continue
            }
            defer { closedir(directory) }
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
                }
                if name == "." || name == ".." { continue }
                let path = folder.isEmpty ? name : folder + "/" + name
                var isFolder = Int32(entry.pointee.d_type) == Int32(DT_DIR)
                if Int32(entry.pointee.d_type) == Int32(DT_UNKNOWN) {
                    var info = stat()
                    isFolder = lstat(root.path + "/" + path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
                }
                if isFolder {
                    folders.append(path)
                } else if path != markerFileName {
                    found.insert(path)
                }
            }
        }
        return found
    }
}
