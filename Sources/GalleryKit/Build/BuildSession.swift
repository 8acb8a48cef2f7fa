import Foundation
import Synchronization

/// What a long-lived caller (the preview server) keeps between builds of the same site, so
/// that a rebuild after an edit costs little more than loading the content, rendering and
/// writing what changed.
///
/// - The derivative cache stays open: its index is read once, and each entry's record once.
/// - The previous site is not deleted after the swap: it becomes the next build's staging
///   folder ("recycled"). The session remembers exactly what that folder holds (the bytes of
///   every rendered file, the rendition paths), so the next build writes only the files whose
///   bytes changed, leaves the others (and every rendition, hard-linked from the cache) in
///   place, and removes what the new site no longer has. The swap stays one `rename(2)`: the
///   output folder is always a complete site.
///
/// A folder whose contents the session does not know (the output of an earlier process) is
/// never recycled; it is deleted in the background. Use one session per output folder, one
/// build at a time; call ``close()`` when done.
public final class BuildSession: Sendable {
    /// What a site folder holds, as this session wrote it.
    struct Manifest: Sendable {
        /// Rendered files by site path.
        var files: [String: [UInt8]] = [:]
        /// Rendition paths (hard links into the cache, or written by the image stage).
        var renditions: Set<String> = []
    }

    struct State {
        var cache: DerivativeCache?
        var cacheDirectory: URL?
        /// The live output folder's contents, when known.
        var output: Manifest?
        /// A previous site beside the output, ready to be recycled, and its contents.
        var spare: (folder: URL, manifest: Manifest)?
    }

    let state = Mutex(State())

    /// A session with nothing kept yet.
    public init() {}

    /// Deletes the kept previous site, if any (the output folder stays).
    public func close() {
        if let spare = state.withLock({ state in
            defer { state.spare = nil }
            return state.spare
        }) {
            try? FileManager.default.removeItem(at: spare.folder)
        }
    }

    /// The cache opened by an earlier build of this session for the same folder, or `open()`'s.
    func cache(for directory: URL?, open: () -> DerivativeCache?) -> DerivativeCache? {
        if let known = state.withLock({ $0.cacheDirectory == directory ? $0.cache : nil }) {
            return known
        }
        let opened = open()
        state.withLock { state in
            state.cache = opened
            state.cacheDirectory = opened == nil ? nil : directory
        }
        return opened
    }

    /// Hands the kept previous site to a new build (at most once).
    func takeSpare() -> (folder: URL, manifest: Manifest)? {
        state.withLock { state in
            defer { state.spare = nil }
            return state.spare
        }
    }

    /// After a swap: `manifest` is now the output's contents; the site that was live before
    /// (at `previous`) is kept for recycling when its contents are known, else deleted in the
    /// background.
    func committed(_ manifest: Manifest, previous: URL?) {
        let unknown: URL? = state.withLock { state in
            defer { state.output = manifest }
            guard let previous else { return nil }
            guard let known = state.output else { return previous }
            state.spare = (previous, known)
            return nil
        }
        if let unknown {
            Thread.detachNewThread { try? FileManager.default.removeItem(at: unknown) }
        }
    }
}
