import Foundation
import Synchronization

/// Every temporary folder galleryc's builds hold, process-wide: the cache's `tmp/` folders,
/// where entries are assembled and ffmpeg writes. A process about to end at once (a second
/// Ctrl-C) removes them first (``removeAllBeforeExit()``), so none is left behind; process-wide
/// on purpose, since, like child processes, they belong to the process, not to one build.
///
/// Not the staging folder beside the output folder: it carries galleryc's marker, so the next
/// build removes whatever is left of it, and removing it from another thread could race the
/// commit that swaps it in.
final class TemporaryFolders: Sendable {
    static let shared = TemporaryFolders()

    private struct State {
        var ending = false
        var paths: Set<String> = []
    }

    private let state = Mutex(State())

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

    /// Forgets a folder that was renamed away (an entry published) or removed.
    func forget(_ path: String) {
        state.withLock { _ = $0.paths.remove(path) }
    }

    /// Removes the folder and what it holds, and forgets it.
    func remove(_ path: String) {
        try? FileManager.default.removeItem(atPath: path)
        forget(path)
    }

    /// Removes every recorded folder; from then on none can be made. Call with the children
    /// already stopped (nothing writes into the folders any more).
    func removeAllBeforeExit() {
        state.withLock { state in
            state.ending = true
            for path in state.paths { try? FileManager.default.removeItem(atPath: path) }
            state.paths.removeAll()
        }
    }
}
