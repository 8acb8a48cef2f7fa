import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes the rendered files into the staging folder and runs the GPS leak check over
/// everything the site will publish, touching as few files as possible.
///
/// Every file in the staging folder comes from one of two places: the output writer (pages,
/// feeds, theme assets, the marker) or the image stage (the renditions of each processed
/// photo, which is also what the cache stores and restores). So the check covers:
/// - every rendered file, scanned from memory before it is written;
/// - every rendition, read back from the staging folder, except those restored from cache
///   entries that an earlier successful build already scanned (content-addressed, never edited
///   in place, and the image check does not depend on the sources' coordinates).
enum SitePublishing {
    /// Writes `files` (in parallel) and scans them; returns the leaks, sorted by path.
    /// In a recycled staging folder, a file whose bytes are already there is only recorded,
    /// and any other replaces what is there.
    static func writeAndScan(
        _ files: [OutputFile], writer: OutputWriter, scanner: GPSLeakScanner, jobs: Int,
        recycled: Bool = false
    ) throws(OutputError) -> [GPSLeak] {
        let leaks = Mutex<[GPSLeak]>([])
        let failure = Mutex<(index: Int, error: OutputError)?>(nil)
        let workers = max(1, min(jobs, files.count))
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            for index in stride(from: worker, to: files.count, by: workers) {
                let file = files[index]
                if let leak = scanner.scan(path: file.path, bytes: file.contents) {
                    leaks.withLock { $0.append(leak) }
                }
                do throws(OutputError) {
                    if !recycled {
                        try writer.write(file)
                    } else if writer.stagedBytes(at: file.path) == file.contents {
                        try writer.keep(path: file.path)
                    } else {
                        try writer.replace(path: file.path, bytes: file.contents)
                    }
                } catch {
                    // The first failing file in order, whichever worker got there first.
                    failure.withLock { first in
                        if first.map({ index < $0.index }) ?? true { first = (index, error) }
                    }
                    return
                }
            }
        }
        if let failed = failure.withLock({ $0 }) { throw failed.error }
        return leaks.withLock { $0 }.sorted { $0.location.file < $1.location.file }
    }

    /// Scans the renditions of `photos` (and the files of videos among them) in the staging
    /// folder, skipping `knownClean` paths.
    static func scanRenditions(
        _ photos: [String: PhotoDerivatives], knownClean: Set<String>, staging: URL,
        scanner: GPSLeakScanner
    ) -> [GPSLeak] {
        let paths = photos.values.flatMap {
            $0.publishedFiles.map(\.path) + ($0.video?.files.map(\.path) ?? [])
        }
        .filter { !knownClean.contains($0) }
        return scanner.scanOutput(directory: staging, paths: paths.sorted())
    }

    /// Removes from a recycled staging folder every file of the previous site that the new
    /// one does not have, and the folders that leaves empty.
    static func removeStale(
        _ previous: Set<String>, keeping current: Set<String>, staging: URL
    ) {
        let root = staging.path
        let stale = previous.subtracting(current)
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
