import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes a new site into a staging folder beside the output folder and swaps it in at the
/// end, so `public/` is always either the previous site or the complete new one.
///
/// The staging folder is a sibling (`public.galleryc-new-<random>`), on the same file system,
/// so ``commit()`` is two `rename(2)` calls: the old site moves to `public.galleryc-old-<random>`,
/// the new one to `public`, then the old one is deleted (or, with ``commit(keepingPrevious:)``,
/// kept to be recycled as a later build's staging folder). A failed build calls ``abandon()``,
/// which removes only the staging folder. The output root carries a `.galleryc-output` marker:
/// galleryc only ever replaces a folder that has it (or an empty one).
///
/// Safe to use from several threads: each ``write(_:)`` creates its own folders and file.
final class OutputWriter: Sendable {
    /// The marker file at the root of every output folder galleryc writes.
    static let markerFileName = ".galleryc-output"

    /// The output folder, resolved (absolute, no symlinks, no `..`).
    let outputDirectory: URL
    /// Where this build writes; becomes ``outputDirectory`` on ``commit()``.
    let stagingDirectory: URL
    /// True when the staging folder is a previous site given as `recycling`, which the build
    /// must reconcile (remove what the new site does not have, rewrite what changed).
    let isRecycled: Bool
    /// True when the output folder was missing and the previous site, left beside it by a
    /// build that was killed mid-swap, was put back (``recoverPreviousSite(of:)``).
    let recoveredPreviousSite: Bool

    /// The output folder as the caller gave it, for messages.
    let displayPathForErrors: String
    let state = Mutex(State())

    struct State {
        var written: Set<String> = []
        var finished = false
    }

    /// Checks the output folder and creates the staging folder beside it.
    ///
    /// - Parameters:
    ///   - outputDirectory: the folder the site goes to; created on commit if missing.
    ///   - contentDirectory: the content folder, which the output must neither be, lie in,
    ///     nor contain (compared after resolving symlinks and `..`).
    /// - Throws: ``OutputError`` when the output folder is refused or staging cannot be made.
    ///   - recycling: a previous site of this writer's output folder (one that ``commit(keepingPrevious:)``
    ///     returned) to use as the staging folder instead of a new, empty one; the caller then
    ///     rewrites only what changed and removes what the new site no longer has. Ignored
    ///     unless it is a galleryc staging sibling of the output folder carrying the marker.
    init(outputDirectory: URL, contentDirectory: URL, recycling: URL? = nil) throws(OutputError) {
        let output = ResolvedPath.resolve(outputDirectory)
        let content = ResolvedPath.resolve(contentDirectory)
        let display = outputDirectory.path
        if output == content {
            throw OutputError(.outputIsContent, file: display)
        }
        if ResolvedPath.isSameOrInside(output, content) {
            throw OutputError(.outputInsideContent, file: display)
        }
        if ResolvedPath.isSameOrInside(content, output) {
            throw OutputError(.outputContainsContent, file: display)
        }
        let outputURL = URL(fileURLWithPath: output, isDirectory: true)
        try Self.checkReplaceable(outputURL, display: display)
        // Before anything else looks at the siblings: a previous site left beside a missing
        // output folder is the site, not a leftover to delete.
        self.recoveredPreviousSite = Self.recoverPreviousSite(of: outputURL)

        let parent = outputURL.deletingLastPathComponent()
        if let recycling, Self.isRecyclable(recycling, output: outputURL) {
            TemporaryFolders.shared.recordSite(recycling.path, marker: Self.markerFileName)
            self.outputDirectory = outputURL
            self.stagingDirectory = recycling
            self.isRecycled = true
            self.displayPathForErrors = display
            return
        }
        let staging = Self.sibling(of: outputURL, kind: "new")
        TemporaryFolders.shared.recordSite(staging.path, marker: Self.markerFileName)
        do {
            try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
            Self.removeStaleSiblings(of: outputURL)
            try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: false)
            try Data(Self.markerText.utf8).write(
                to: staging.appendingPathComponent(Self.markerFileName))
        } catch {
            TemporaryFolders.shared.remove(staging.path)
            throw OutputError(
                .io(operation: "create a staging folder", detail: fileErrorText(error)), file: display,
                underlying: error)
        }
        self.outputDirectory = outputURL
        self.stagingDirectory = staging
        self.isRecycled = false
        self.displayPathForErrors = display
    }

    deinit {
        abandon()
    }

    /// Writes one file of the site into the staging folder, creating its folders.
    /// - Throws: ``OutputError`` for a path outside the site, a path written twice, or an I/O error.
    func write(_ file: OutputFile) throws(OutputError) {
        try write(path: file.path, bytes: file.contents)
    }

    /// Writes `bytes` to `path` (relative to the site root) in the staging folder.
    /// - Throws: ``OutputError`` for a path outside the site, a path written twice, or an I/O error.
    func write(path: String, bytes: [UInt8]) throws(OutputError) {
        let destination = try reserve(path)
        // POSIX calls rather than Foundation: every page of the site comes through here, and
        // the parent folder usually exists already (then this is open, write, close).
        if let detail = Self.createFile(destination.path, bytes: bytes) {
            throw OutputError(.io(operation: "write the file", detail: detail), file: displayPath(of: path))
        }
    }

    /// ``write(path:bytes:)`` for a recycled staging folder: whatever is at `path` is unlinked
    /// first, so a file that is also linked elsewhere is never edited in place. The build
    /// writes pages before it knows the whole new site, so before the previous site's stale
    /// files are removed: one that stands in the way (``clearStale(for:)``) goes first.
    func replace(path: String, bytes: [UInt8]) throws(OutputError) {
        let destination = try reserve(path)
        _ = unlink(destination.path)
        var failure = Self.createFile(destination.path, bytes: bytes)
        if failure != nil, clearStale(for: path) { failure = Self.createFile(destination.path, bytes: bytes) }
        if let failure {
            throw OutputError(.io(operation: "write the file", detail: failure), file: displayPath(of: path))
        }
    }

    /// In a recycled staging folder, removes what the previous site left where `path` must go:
    /// a file standing where one of its folders goes (`a` for `a/index.html`), or a folder
    /// where it is a file. Never what this build wrote (then the failure stands: two of its
    /// files want the same place). True when something was removed.
    private func clearStale(for path: String) -> Bool {
        guard isRecycled else { return false }
        let root = stagingDirectory.path + "/"
        let written = state.withLock { $0.written }
        func isFolder(_ relative: String) -> Bool? {
            var info = stat()
            guard lstat(root + relative, &info) == 0 else { return nil }
            return (info.st_mode & S_IFMT) == S_IFDIR
        }
        var folder = ""
        for component in path.split(separator: "/").dropLast() {
            folder += folder.isEmpty ? String(component) : "/" + component
            guard let isFolder = isFolder(folder) else { return false }
            if !isFolder {
                return !written.contains(folder) && unlink(root + folder) == 0
            }
        }
        guard isFolder(path) == true, !written.contains(where: { $0.hasPrefix(path + "/") }) else {
            return false
        }
        return (try? FileManager.default.removeItem(atPath: root + path)) != nil
    }

    /// The bytes of the file at `path` in the staging folder (a recycled one), or nil.
    func stagedBytes(at path: String) -> [UInt8]? {
        FileManager.default.contents(atPath: stagingDirectory.path + "/" + path).map { [UInt8]($0) }
    }

    /// Records `path` as part of the site without writing it: a recycled staging folder
    /// already holds exactly these bytes there.
    /// - Throws: ``OutputError`` for a path outside the site or a path written twice.
    func keep(path: String) throws(OutputError) {
        try record(path)
    }

    /// ``keep(path:)`` for many paths at once (a rebuild keeps most of a site's pages): one
    /// lock, and the set grown once.
    /// - Throws: ``OutputError`` for the first path outside the site or written twice.
    func keep(paths: [String]) throws(OutputError) {
        try record(paths)
    }

    /// Every path written so far (relative to the site root), sorted: for a sitemap, or to scan
    /// each published file after the build.
    var writtenPaths: [String] {
        state.withLock { $0.written }.sorted()
    }

    /// Checks `path` and records it as written; returns where it goes in the staging folder.
    private func reserve(_ path: String) throws(OutputError) -> URL {
        try record(path)
        return stagingDirectory.appendingPathComponent(path)
    }

    /// Checks `path` and records it as written.
    private func record(_ path: String) throws(OutputError) {
        try record([path])
    }

    /// Checks `paths` and records them as written, under one lock.
    /// - Throws: ``OutputError`` for the first path outside the site or written twice.
    private func record(_ paths: [String]) throws(OutputError) {
        if let invalid = paths.first(where: { !Self.isSitePath($0) }) {
            throw OutputError(.invalidPath, file: displayPath(of: invalid))
        }
        let outcome: (OutputError.Reason, String)? = state.withLock { state in
            if state.finished { return paths.first.map { (.finished, $0) } }
            if paths.count > 1 { state.written.reserveCapacity(state.written.count + paths.count) }
            for path in paths where !state.written.insert(path).inserted { return (.duplicatePath, path) }
            return nil
        }
        if let (reason, path) = outcome { throw OutputError(reason, file: displayPath(of: path)) }
    }

    /// True for a path inside the site: relative, not the marker, and no component empty, `.`,
    /// `..` or holding a NUL byte. One pass over the bytes: every file of the site is checked.
    static func isSitePath(_ path: String) -> Bool {
        guard !path.isEmpty, path != markerFileName else { return false }
        var length = 0
        var onlyDots = true
        // A component that is empty, `.` or `..`.
        var unusable: Bool { length == 0 || (onlyDots && length <= 2) }
        for byte in path.utf8 {
            switch byte {
            case 0: return false
            case UInt8(ascii: "/"):
                if unusable { return false }
                (length, onlyDots) = (0, true)
            default:
                length += 1
                if byte != UInt8(ascii: ".") { onlyDots = false }
            }
        }
        return !unusable
    }

    /// `path` of the site as a message names it: in the output folder (`public/a/index.html`),
    /// where the user will look for it, not the hidden staging folder.
    func displayPath(of path: String) -> String {
        displayPathForErrors + "/" + path
    }
}
