import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The GPS leak check over everything the site will publish, touching as few files as
/// possible, and the removal of a recycled folder's stale files; the rendered files are
/// written and scanned as they are made, by ``RenderedFileSink``.
///
/// Every file in the staging folder comes from one of two places: the output writer (pages,
/// feeds, theme assets, the marker) or the image stage (the renditions of each processed
/// photo, which is also what the cache stores and restores). So the check covers:
/// - every rendered file, scanned from memory before it is written;
/// - every rendition, read back from the staging folder, except those restored from cache
///   entries that an earlier successful build already scanned (content-addressed, never edited
///   in place, and the image check does not depend on the sources' coordinates).
enum SitePublishing {
    /// Scans the renditions of `photos` (and the files of videos among them) in the staging
    /// folder, skipping those of the sources in `excluded` and `knownClean` paths.
    /// - Throws: `CancellationError` when the build was cancelled.
    static func scanRenditions(
        _ photos: [String: PhotoDerivatives], excluding excluded: Set<String> = [],
        knownClean: (String) -> Bool, staging: URL, scanner: GPSLeakScanner, workers: WorkerPool
    ) async throws(CancellationError) -> [GPSLeak] {
        var paths: [String] = []
        for (source, photo) in photos where !excluded.contains(source) {
            photo.forEachPublishedFile { path, _ in if !knownClean(path) { paths.append(path) } }
        }
        return try await scanner.scanOutput(directory: staging, paths: paths.sorted(), workers: workers)
    }

    /// Removes from a recycled staging folder every file of the previous site that the new
    /// one does not have, and the folders that leaves empty.
    static func removeStale(
        _ previous: some Sequence<String>, keeping current: [String: Int64], staging: URL
    ) {
        let root = staging.path
        let stale = previous.filter { current[$0] == nil }
        var folders: Set<String> = []
        for path in stale {
            _ = unlink(root + "/" + path)
            var folder = parentPath(path)
            while !folder.isEmpty {
                folders.insert(folder)
                folder = parentPath(folder)
            }
        }
        // Deepest first; rmdir fails (and leaves it) when a folder still holds something.
        for folder in folders.sorted(by: { $0.count > $1.count }) {
            _ = rmdir(root + "/" + folder)
        }
    }
}

/// Writes the renderer's files as they are made (``RenderOutput/Delivery``), each round's on
/// the build's workers (``place(_:fingerprint:writer:scanner:recycled:trusted:)``), and keeps
/// of them only what the build needs afterwards: path, size, the fingerprint of a file named by
/// its bytes, the leaks found. After a file cannot be written, no further file is started (the
/// build stops on that error).
final class RenderedFileSink: Sendable {
    /// One file written (or found in place).
    struct Record: Sendable {
        var path: String
        var byteCount: Int64
        /// SHA-256 of its bytes, for a file the renderer gave no fingerprint (a stylesheet or an
        /// asset named by its bytes); nil for a page or a group member.
        var contentPrint: String?
    }

    private struct State {
        var records: [Record] = []
        var leaks: [GPSLeak] = []
        var failure: OutputError?
    }

    private let state = Locked(State())
    private let writer: OutputWriter
    private let scanner: GPSLeakScanner
    private let workers: WorkerPool
    private let trusted: TrustedSite?

    init(writer: OutputWriter, scanner: GPSLeakScanner, workers: WorkerPool, trusted: TrustedSite?) {
        self.writer = writer
        self.scanner = scanner
        self.workers = workers
        self.trusted = trusted
    }

    /// The files written, in the order they were delivered.
    var records: [Record] { state.withLock { $0.records } }
    /// The leaks found in them.
    var leaks: [GPSLeak] { state.withLock { $0.leaks } }
    /// The first file that could not be written, if one could not.
    var failure: OutputError? { state.withLock { $0.failure } }

    /// Writes one rendered file into the staging folder, or records it as there, and scans
    /// what it writes: a file the recycled folder's checked manifest holds made from the same
    /// `fingerprint` (`trusted`) is only recorded (written and scanned by an earlier build, and
    /// not touched since), as is one whose bytes are already there; any other replaces what is
    /// there. Returns the leak it found.
    private static func place(
        _ file: OutputFile, fingerprint: String?, writer: OutputWriter, scanner: GPSLeakScanner,
        recycled: Bool, trusted: TrustedSite?
    ) -> Result<GPSLeak?, OutputError> {
        if let trusted, let fingerprint, trusted.holds(file.path, fingerprint: fingerprint) {
            do throws(OutputError) { try writer.keep(path: file.path) } catch { return .failure(error) }
            return .success(nil)
        }
        let leak = scanner.scan(path: file.path, bytes: file.contents)
        do throws(OutputError) {
            if !recycled {
                try writer.write(file)
            } else if writer.stagedBytes(at: file.path) == file.contents {
                try writer.keep(path: file.path)
            } else {
                try writer.replace(path: file.path, bytes: file.contents)
            }
        } catch {
            return .failure(error)
        }
        return .success(leak)
    }

    /// Writes and scans `files` on the workers, waiting for them: for the renderer, which runs
    /// on one of the workers.
    func deliver(_ files: [(file: OutputFile, fingerprint: String?)]) {
        guard state.withLock({ $0.failure == nil }) else { return }
        let (writer, scanner, trusted) = (writer, scanner, trusted)
        let recycled = writer.isRecycled
        let placed = workers.mapWaiting(files.count) { index -> (Record, Result<GPSLeak?, OutputError>) in
            let (file, given) = files[index]
            let print = given ?? SHA256.hex(file.contents)
            let outcome = Self.place(
                file, fingerprint: print, writer: writer, scanner: scanner, recycled: recycled,
                trusted: trusted)
            let record = Record(
                path: file.path, byteCount: Int64(file.contents.count),
                contentPrint: given == nil ? print : nil)
            return (record, outcome)
        }
        state.withLock { state in
            for (record, outcome) in placed {
                switch outcome {
                case .failure(let error): if state.failure == nil { state.failure = error }
                case .success(let leak):
                    state.records.append(record)
                    if let leak { state.leaks.append(leak) }
                }
            }
        }
    }
}
