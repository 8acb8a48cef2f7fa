import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What `stat(2)` says of a file, enough to tell whether it changed since it was recorded: its
/// size, modification time (nanoseconds) and inode. An edit changes the time, a replacement the
/// inode, a truncation the size.
struct FileStamp: Sendable, Hashable, Codable {
    var size: Int64
    var modifiedNanoseconds: Int64
    var inode: UInt64

    /// The stamp of the regular file at `path` (following a symbolic link), or nil when it is
    /// missing or not a regular file.
    static func of(_ path: String) -> FileStamp? {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return FileStamp(info)
    }

    /// The stamp of what is at `path` itself (a symbolic link is not followed), with whether it
    /// is a folder; nil when nothing is there or it is neither a regular file nor a folder.
    static func ofEntry(_ path: String) -> (stamp: FileStamp, isFolder: Bool)? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return entry(info)
    }

    /// ``ofEntry(_:)`` for `relativePath` inside the open folder `folder` (`fstatat`): the
    /// kernel walks only the relative path, not the folder's own path again for every file.
    /// An empty path is the folder itself.
    static func ofEntry(_ relativePath: String, in folder: Int32) -> (stamp: FileStamp, isFolder: Bool)? {
        var info = stat()
        guard fstatat(folder, relativePath.isEmpty ? "." : relativePath, &info, AT_SYMLINK_NOFOLLOW) == 0
        else { return nil }
        return entry(info)
    }

    /// The stamp of a regular file or folder, with whether it is a folder; nil for anything else.
    private static func entry(_ info: stat) -> (stamp: FileStamp, isFolder: Bool)? {
        let kind = info.st_mode & S_IFMT
        guard kind == S_IFREG || kind == S_IFDIR else { return nil }
        return (FileStamp(info), kind == S_IFDIR)
    }

    private init(_ info: stat) {
        #if canImport(Darwin)
            let time = info.st_mtimespec
        #else
            let time = info.st_mtim
        #endif
        size = Int64(info.st_size)
        modifiedNanoseconds = Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
        inode = UInt64(info.st_ino)
    }

    init(size: Int64, modifiedNanoseconds: Int64, inode: UInt64) {
        self.size = size
        self.modifiedNanoseconds = modifiedNanoseconds
        self.inode = inode
    }
}
