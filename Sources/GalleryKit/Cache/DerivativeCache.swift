import Foundation
import Synchronization

/// A content-addressed cache of image derivatives that survives between builds, so a rebuild
/// with nothing changed decodes no image.
///
/// **Location.** `.galleryc/cache` in the working directory unless `--cache-dir` or
/// `GALLERYC_CACHE_DIR` says otherwise (see ``BuildOptions/cacheDirectory(option:environment:currentDirectory:)``).
/// It may never be, lie in, or contain the content folder, nor lie in the output folder (which
/// every build replaces); ``init(directory:pipelineVersion:contentDirectory:outputDirectory:)``
/// refuses those with a ``CacheError``. The folder is safe to delete at any time, and CI can
/// keep it between runs. It carries a `CACHEDIR.TAG` so backup tools skip it.
///
/// **Key.** SHA-256 over the source file's bytes (through its content hash), the settings that
/// shape the output (``ImageSettings/fingerprint``: widths, formats, qualities, progressive,
/// background, privacy), the photo's slug and sidecar `focus:`, and the pipeline version the
/// caller passes in (bump it whenever the image code changes its output). Change any of them
/// and the photo is processed again; touching a file without changing its bytes does not.
///
/// **Entries.** `<cache>/<key[0..2]>/<key>/` holds the rendition files (named by the last
/// component of their site path) and `photo.json`, the photo's ``PhotoDerivatives`` (nothing of
/// its ``PhotoSource``, which comes fresh from the content stage at every build); a clip's
/// entry holds its published files, `video.json` and its poster. Both kinds are one
/// ``CacheRecord`` code path: an entry is written in `<cache>/tmp/` and renamed into place, so
/// a crash never leaves a half entry under its key. A missing file, a size that differs from the record or
/// bad JSON makes ``lookup(_:)`` report a miss, never an error; ``store(_:of:renditionsIn:key:)``
/// then replaces the broken entry.
///
/// **Quick check.** `<cache>/index.bin` maps each source file (absolute path) to its size,
/// modification time in nanoseconds, inode and content hash, so unchanged files are not read
/// again; any change of size, mtime or inode re-hashes the file (streamed in 1 MiB blocks).
/// The index also records which build last used each entry, for ``prune(keepingBuilds:maxAge:now:listing:)``.
/// `<cache>/records.pack` holds the photo records the last build used, so a rebuild reads one
/// file rather than one `photo.json` per photo (``RecordPack``).
///
/// **Restoring.** Rendition files are hard-linked into the staging folder (copied when the
/// cache is on another file system), so a cached build writes no image bytes. The linked files
/// share their data with the cache: nothing may edit a published rendition in place. Files
/// linked this way bypass ``OutputWriter``'s bookkeeping (``OutputWriter/writtenPaths``): the
/// build lists them from the derivatives instead.
///
/// **Privacy.** The index also keeps each source's GPS coordinates (by content hash) and which
/// entries a successful build scanned for GPS, so a rebuild from the cache neither reads the
/// sources nor re-scans their renditions (see `DerivativeCache+Privacy.swift`). The folder also
/// holds `site-spare/`, the previous site kept by `galleryc build` for the next one to recycle.
///
/// **Pruning.** ``saveIndex(now:)`` ends a build and records which entries it used;
/// ``prune(keepingBuilds:maxAge:now:listing:)`` then removes entries none of the last N builds used or
/// unused for 30 days, and temporary folders of killed builds.
///
/// **Removed photos.** The cache only restores what the current build asks for, and the output
/// writer swaps in a complete new site, so a deleted photo's renditions leave the site at the
/// next build; its entry stays in the cache until pruned.
///
/// Safe to use from several worker threads at once: the index sits behind a `Mutex`, and each
/// entry is published with one `rename(2)`. Two galleryc processes may share a cache folder;
/// the one that saves its index last wins, which costs the other one re-hashing only.
final class DerivativeCache: Sendable {
    /// The cache folder, resolved (absolute, no symlinks, no `..`).
    let directory: URL
    /// The pipeline version mixed into every key.
    let pipelineVersion: String

    /// ``directory`` as a path.
    let directoryPath: String
    let state: Mutex<State>
    /// The sealed copies this build asked for (``sealedCopy(of:madeBy:)``).
    let sealedCopiesUsed = Locked<Set<String>>([])

    struct State {
        var index: CacheIndex
        /// Entry keys looked up successfully or stored during the current build.
        var usedEntries: Set<String> = []
        /// Source paths keyed during the current build.
        var seenFiles: Set<String> = []
        var statistics = CacheStatistics()
        /// Records read from entries during this process's life, so a cache kept open across
        /// builds (the preview server's) reads each `photo.json` or `video.json` once.
        var records: [String: any CacheRecord] = [:]
        /// The record pack's photo records, by entry key, still packed (``RecordPack``); each
        /// goes once unpacked into ``records``.
        var packed: [String: [UInt8]] = [:]
        /// The entries whose records the pack file holds.
        var packedKeys: Set<String> = []
        /// The photo records this build stored, until the pack is saved: lookups read the
        /// entry's record file, as for any entry.
        var stored: [String: PhotoDerivatives] = [:]
        /// The last settings keyed with, and their fingerprint.
        var settingsFingerprint: (settings: ImageSettings, text: String)?
        /// Shards' index files merged into ``index``, removed when it is saved.
        var mergedIndexFiles: [String] = []
    }

    /// Opens (creating it if needed) the cache folder and reads its index.
    ///
    /// - Parameters:
    ///   - directory: the cache folder; see ``BuildOptions/cacheDirectory(option:environment:currentDirectory:)``.
    ///   - pipelineVersion: a string that changes whenever the image stage's output would.
    ///   - contentDirectory: the content folder, which the cache must neither be, lie in, nor
    ///     contain.
    ///   - outputDirectory: the output folder, which the cache must not lie in.
    /// - Throws: ``CacheError`` when the folder is refused or cannot be created. An unreadable
    ///   index is not an error: the cache starts with an empty one.
    init(
        directory: URL, pipelineVersion: String, contentDirectory: URL, outputDirectory: URL? = nil
    ) throws(CacheError) {
        let resolved = try Self.checkLocation(
            directory, contentDirectory: contentDirectory, outputDirectory: outputDirectory)
        self.directory = resolved
        self.directoryPath = resolved.path
        self.pipelineVersion = pipelineVersion
        try Self.prepare(resolved, display: directory.path)
        // The pack is saved with the index: without the index (lost, damaged), it is not used.
        let (index, merged) = CacheIndex.load(from: resolved)
        let packed = index.builds > 0 ? RecordPack.read(from: resolved) : [:]
        state = Mutex(
            State(index: index, packed: packed, packedKeys: Set(packed.keys), mergedIndexFiles: merged))
    }

    /// Hits, misses and hashing work so far, for the build summary and for tests.
    var statistics: CacheStatistics {
        state.withLock { $0.statistics }
    }

    /// ``entryDirectory(for:)`` as a path string, for the hot paths.
    func entryPath(for key: CacheKey) -> String {
        directoryPath + "/" + key.hex.prefix(2) + "/" + key.hex
    }

    /// The folder of the entry for `key`: `<cache>/<key[0..2]>/<key>/`.
    func entryDirectory(for key: CacheKey) -> URL {
        directory.appendingPathComponent(String(key.hex.prefix(2)), isDirectory: true)
            .appendingPathComponent(key.hex, isDirectory: true)
    }

    /// The cached derivatives for `key` with their renditions linked into `siteRoot`, or nil
    /// on a miss (then nothing was written). The common path of a build worker:
    ///
    ///     if let derivatives = cache.restored(key, into: staging) { ... }
    ///     else { process the photo, then `try cache.store(derivatives, of: path, renditionsIn: staging, key: key)` }
    func restored(_ key: CacheKey, into siteRoot: URL) -> PhotoDerivatives? {
        guard let record = lookup(key), restore(record, key: key, into: siteRoot) else { return nil }
        return record
    }
}

/// What the cache did during this process's life.
struct CacheStatistics: Sendable, Hashable {
    /// Source files read in full to compute their content hash.
    var filesHashed = 0
    /// Lookups that found a complete entry.
    var hits = 0
    /// Lookups that found nothing usable.
    var misses = 0
    /// Entries written.
    var stores = 0

    /// All zero.
    init() {}
}
