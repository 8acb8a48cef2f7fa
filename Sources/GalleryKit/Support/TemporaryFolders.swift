import Foundation
import Synchronization

/// Every temporary folder galleryc's builds hold, process-wide: the cache's `tmp/` folders,
/// where entries are assembled and ffmpeg writes, and the site folders beside the output (the
/// staging folder a build writes, the previous site it swapped out). A process about to end at
/// once (a second Ctrl-C) removes them first (``removeAllBeforeExit()``), so none is left
/// behind; process-wide on purpose, since, like child processes, they belong to the process,
/// not to one build.
///
/// The commit's renames run under a lock the removal takes first (``exclusively(_:)``), so the
/// removal never races a swap: it sees the staging folder either before the swap (the new
/// site, not yet published) or after it (the previous site, no longer published), never
/// halfway. Lock order: the swap lock, then the state's; a swap records and forgets folders.
final class TemporaryFolders: Sendable {
    static let shared = TemporaryFolders()

    private struct State {
        var ending = false
        var paths: Set<String> = []
        /// Site folders by path, with the name of the marker file that says they are galleryc's.
        var sites: [String: String] = [:]
    }

    private let state = Mutex(State())
    /// Held by a commit's renames and by ``removeAllBeforeExit()``.
    private let swapLock = Mutex(())

    /// How often the removal of a site folder lists it again: a worker of the build that was
    /// writing into it may still add a file after a listing.
    private static let siteRemovalPasses = 5

    /// Creates the folder at `path` (its parent must exist) and records it.
    /// - Returns: nil, or the errno of `mkdir` (`ECANCELED` once the process is ending).
    func make(_ path: String) -> Int32? {
        state.withLock { state -> Int32? in
            guard !state.ending else { return ECANCELED }
            guard mkdir(path, 0o755) == 0 else { return errno }
            state.paths.insert(path)
            return nil
        }
    }

    /// Records a site folder beside the output (staging, previous), which holds the marker
    /// file `marker` at its root.
    func recordSite(_ path: String, marker: String) {
        state.withLock { $0.sites[path] = marker }
    }

    /// Forgets a folder that was renamed away (an entry published, a site swapped in or
    /// stashed) or removed.
    func forget(_ path: String) {
        state.withLock { state in
            state.paths.remove(path)
            state.sites[path] = nil
        }
    }

    /// Removes the folder and what it holds, and forgets it.
    func remove(_ path: String) {
        try? FileManager.default.removeItem(atPath: path)
        forget(path)
    }

    /// Runs `body` (renames of recorded folders, which may record and forget folders) where
    /// ``removeAllBeforeExit()`` cannot run meanwhile; nil, without running it, once the
    /// process is ending.
    func exclusively<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T? {
        let result = swapLock.withLock { _ -> Result<T, E>? in
            guard !state.withLock({ $0.ending }) else { return nil }
            do throws(E) {
                return .success(try body())
            } catch {
                return .failure(error)
            }
        }
        return try result?.get()
    }

    /// Removes every recorded folder; from then on none can be made and no commit swaps. Call
    /// with the children already stopped (nothing they run writes into the folders any more).
    func removeAllBeforeExit() {
        swapLock.withLock { _ in removeAll() }
    }

    private func removeAll() {
        state.withLock { state in
            state.ending = true
            for path in state.paths { try? FileManager.default.removeItem(atPath: path) }
            state.paths.removeAll()
            for (path, marker) in state.sites { Self.removeSite(path, marker: marker) }
            state.sites.removeAll()
        }
    }

    /// Removes a site folder with its marker last, and only once nothing else is left in it: a
    /// folder that a worker still wrote into keeps its marker, so the next build recognises it
    /// as galleryc's and removes it.
    private static func removeSite(_ path: String, marker: String) {
        for _ in 0..<siteRemovalPasses {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
            guard names.contains(where: { $0 != marker }) else { break }
            for name in names where name != marker {
                try? FileManager.default.removeItem(atPath: path + "/" + name)
            }
        }
        let left = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        guard left.allSatisfy({ $0 == marker }) else { return }
        try? FileManager.default.removeItem(atPath: path + "/" + marker)
        _ = rmdir(path)
    }
}
