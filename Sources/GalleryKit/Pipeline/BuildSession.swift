import Foundation
import Synchronization

/// What a long-lived caller (the preview server) keeps between builds of the same site, so
/// that a rebuild after an edit costs little more than loading the content, rendering and
/// writing what changed.
///
/// - The derivative cache stays open: its index is read once, and each entry's record once.
/// - The previous site is not deleted after the swap: it stays beside the output folder and
///   becomes the next build's staging folder ("recycled"). That build lists what the folder
///   holds, removes what the new site does not have, keeps each rendition that is the very
///   cache file (same inode) and each page whose bytes are unchanged, and writes the rest. The
///   swap stays one `rename(2)`: the output folder is always a complete site.
///
/// - The image stage's output is kept too: after an edit that leaves every photo alone (only
///   Markdown files changed, as the caller says with ``noteChanges(_:)``), a build of the same
///   photos with the same settings takes it as it is instead of keying and checking every
///   photo again (``reusableImages(for:)``).
///
/// - A site folder this session wrote and swapped in itself is trusted when it comes back as
///   the spare (``trustsSpare(_:)``): the very folder (its inode) with every folder's time as
///   the session recorded it (``SiteManifest/foldersMatch(in:workers:)``) is taken for its
///   manifest, without a `stat` per file (70 ms of a 0.5 s rebuild at 10,000 photos). A file
///   added, removed, renamed or replaced in it by hand changes a folder's time and the folder is
///   checked file by file, as is one taken over from the cache folder or swapped in by another
///   process. A file edited in place by hand while the session runs goes unseen until its page
///   changes or the next `galleryc build`, which checks every file.
///
/// - The renderer's values are kept album by album (``RenderMemo``): what it works out for an
///   album left as it was (fingerprints, shared stylesheets, search entries, alt-text warnings)
///   is not worked out again; nor, while the images are reused, the photos' published files.
///
/// Use one session per output folder, one build at a time; call ``close()`` when done.
/// (`galleryc build` gets the same recycling across processes through the cache folder.)
public final class BuildSession: Sendable {
    struct State {
        var cache: DerivativeCache?
        var cacheDirectory: URL?
        /// The previous site beside the output, ready to be recycled.
        var spare: URL?
        /// What the spare holds, and what the live site holds (``SiteManifest``).
        var spareManifest: SiteManifest?
        var publicManifest: SiteManifest?
        /// The inodes of the live site folder and of the spare, when this session wrote them
        /// and swapped them in (their manifests are then the ones it recorded).
        var liveWritten: UInt64?
        var spareWritten: UInt64?
        /// The options of the first build, once it took over what the cache folder kept;
        /// ``close()`` hands the session's spare back there.
        var tookOver: BuildOptions?
        /// The files changed since the last build (``noteChanges(_:)``); nil: not known.
        var changes: Set<String>?
        /// Whether the running build's changes left every photo alone.
        var photosLeftAlone = false
        /// What the image stage made for the last builds swapped in, from which inputs, and
        /// for how many builds in a row the photos were left alone.
        var images: (inputs: String, output: ImageStage.Output, builds: Int)?
        /// What the running build's image stage made, kept once the build is swapped in.
        var madeImages: (inputs: String, output: ImageStage.Output)?
        /// Whether a build reused the image stage's output since the stage last ran, and so
        /// told the open cache that the output's entries are in use (the cache forgets that
        /// only when it saves its index, which only a build that runs the stage does).
        var reuseMarked = false
        /// How many times the image stage ran in this session, and the run whose output the
        /// kept published files were made from, with the photos left out then.
        var stageRuns = 0
        var published: (stageRun: Int, excluded: Set<String>, files: BuildRun.PublishedFiles)?
    }

    let state = Mutex(State())
    /// The renderer's values of the last build, album by album.
    let memo = RenderMemo()

    /// A session with nothing kept yet.
    public init() {}

    /// Hands the kept previous site and the manifests back to the cache folder the first build
    /// took them from, for the next `galleryc build`; without one, deletes the kept site (the
    /// output folder stays).
    public func close() {
        let (spare, kept) = state.withLock { state in
            defer {
                state.spare = nil
                state.spareManifest = nil
                state.publicManifest = nil
                state.liveWritten = nil
                state.spareWritten = nil
            }
            return (state.spare, state.tookOver.map { ($0, state.spareManifest, state.publicManifest) })
        }
        guard let (options, spareManifest, publicManifest) = kept else {
            if let spare { OutputWriter.removeSite(spare) }
            return
        }
        CacheFolderRecycler().store(
            spare: spare, spareManifest: spareManifest, publicManifest: publicManifest, for: options)
    }

    /// Says which files changed (absolute paths, as the file watcher reports them) since the
    /// last build, before the next one; a build without it runs every stage in full.
    public func noteChanges(_ paths: Set<String>) {
        state.withLock { $0.changes = paths }
    }

    /// The image stage's output of the builds before, when it may stand for this build's:
    /// made from the same `inputs` (the photos' paths, names, slugs and focal points, and the
    /// image settings: everything a cache key holds but the bytes), with the photos' files
    /// left alone since (only Markdown files changed, by the watcher's word). `proven` when
    /// that held for two builds in a row, so that the recycled folder, the site before last,
    /// already holds every rendition; after one, the caller checks the folder's manifest for
    /// them (it also checks that folder is intact). Called once per build; nil: run the stage.
    func reusableImages(for inputs: String) -> (output: ImageStage.Output, proven: Bool)? {
        state.withLock { state in
            defer { state.changes = nil }
            state.photosLeftAlone =
                state.changes?.allSatisfy { $0.lowercased().hasSuffix(".md") } ?? false
            guard state.photosLeftAlone, let kept = state.images, kept.inputs == inputs else { return nil }
            return (kept.output, kept.builds >= 2)
        }
    }

    /// Keeps what this build's image stage made (or `reused`), for the builds after it;
    /// true when an earlier build reused it too since the stage last ran (``SiteRecycler``).
    @discardableResult
    func madeImages(_ output: ImageStage.Output, from inputs: String, reused: Bool) -> Bool {
        state.withLock { state in
            defer { state.reuseMarked = reused }
            if !reused { state.stageRuns += 1 }
            state.madeImages = (inputs, output)
            return reused && state.reuseMarked
        }
    }

    /// The published files kept by a build of the stage's last run's output (which a build that
    /// reuses the image stage's output has), when it left out the same photos.
    func publishedFiles(excluding excluded: Set<String>) -> BuildRun.PublishedFiles? {
        state.withLock { state in
            guard let kept = state.published, kept.stageRun == state.stageRuns, kept.excluded == excluded
            else { return nil }
            return kept.files
        }
    }

    /// Keeps the published files of this build's photos: the output of the stage's last run.
    func keepPublishedFiles(_ files: BuildRun.PublishedFiles, excluding excluded: Set<String>) {
        state.withLock { $0.published = ($0.stageRuns, excluded, files) }
    }

    /// The first build of the session takes over what `galleryc build` left in the cache
    /// folder: the previous site as its spare, with its manifest, and the live site's
    /// manifest. Later builds find theirs in memory.
    func takeOver(from options: BuildOptions) {
        let first = state.withLock { state in
            defer { if state.tookOver == nil { state.tookOver = options } }
            return state.tookOver == nil
        }
        guard first else { return }
        let folder = CacheFolderRecycler()
        let spare = folder.takeSpare(for: options)
        let spareManifest = folder.spareManifest(for: options)
        let publicManifest = folder.publicManifest(for: options)
        state.withLock { state in
            if let spare {
                state.spare = spare
                state.spareManifest = spareManifest
            }
            state.publicManifest = publicManifest
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
    func takeSpare() -> URL? {
        state.withLock { state in
            defer { state.spare = nil }
            // The build before was not swapped in: its renditions are in neither folder.
            if state.madeImages != nil {
                state.images = nil
                state.madeImages = nil
            }
            return state.spare
        }
    }

    /// True when the spare just taken, now at `folder`, is the site folder this session wrote
    /// and swapped in before (the same inode): its manifest may be trusted as it is.
    func trustsSpare(_ folder: URL) -> Bool {
        guard let written = state.withLock({ $0.spareWritten }),
            let found = FileStamp.ofEntry(folder.path), found.isFolder
        else { return false }
        return found.stamp.inode == written
    }

    /// After a swap: keeps the site that was live before (at `previous`) for recycling, with
    /// its manifest; `manifest` describes the new live site, now at `live`.
    func committed(previous: URL?, manifest: SiteManifest? = nil, live: URL? = nil) {
        // The folder just swapped in was written by this session.
        let written = manifest == nil ? nil : live.flatMap { FileStamp.ofEntry($0.path)?.stamp.inode }
        let replaced = state.withLock { state in
            defer {
                state.spare = previous
                state.spareManifest = previous == nil ? nil : state.publicManifest
                state.spareWritten = previous == nil ? nil : state.liveWritten
                state.liveWritten = written
                state.publicManifest = manifest
                if let made = state.madeImages {
                    let same = state.photosLeftAlone && state.images?.inputs == made.inputs
                    state.images = (made.inputs, made.output, same ? (state.images?.builds ?? 0) + 1 : 1)
                } else {
                    state.images = nil
                }
                state.madeImages = nil
            }
            return state.spare
        }
        if let replaced { OutputWriter.removeSite(replaced) }
    }
}
