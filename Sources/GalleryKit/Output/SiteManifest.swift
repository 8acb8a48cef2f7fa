import Foundation

/// What a site folder galleryc wrote holds, file by file: what made each file (its
/// fingerprint: a page's inputs, a rendition's cache entry, a hashed asset's name) and the
/// stamp it had once written (size, modification time, inode), and each folder's modification
/// time. It lets the next build that recycles the folder trust what is there without reading
/// it: a file whose stamp still matches is what was written, and a folder whose time still
/// matches holds no file galleryc did not write there (adding, removing or renaming an entry
/// changes its folder's time). Whatever does not match is treated as unknown: rewritten when the
/// new site has it, removed otherwise.
///
/// Kept beside the cache (`site-public.manifest` for the live site, `site-spare.manifest` for
/// the kept previous one; ``CacheFolderRecycler``) or in memory (``BuildSession``), never in
/// the published folder.
struct SiteManifest: Sendable, Equatable {
    /// One file of the site.
    struct File: Sendable, Equatable {
        /// What made the file; equal fingerprints mean equal bytes.
        var fingerprint: String
        var stamp: FileStamp
        /// Other files of the site this one needs (a page's own stylesheet): kept with it.
        var needs: [String] = []
    }

    /// The output folder the site was written for (resolved): a manifest of another folder's
    /// site is not used.
    var output = ""
    /// By path relative to the site root, every file but the marker.
    var files: [String: File] = [:]
    /// By path relative to the site root ("" for the root), every folder's modification time.
    var folders: [String: Int64] = [:]

    init() {}

    static let header = "galleryc-site-manifest-1"

    // MARK: - Bytes

    /// The manifest in ``ByteWriter``'s compact form: the output folder, then every file (path,
    /// fingerprint, size, time, inode, needs) and every folder (path, time), in the
    /// dictionaries' order: it is read back into dictionaries, and sorting 50,000 paths took
    /// longer than writing them. A manifest of 60,000 files writes and reads in a few tens of
    /// milliseconds.
    var bytes: [UInt8] {
        var writer = ByteWriter()
        write(to: &writer)
        return writer.bytes
    }

    /// Adds the manifest to `writer` in its compact form (``bytes``).
    func write(to writer: inout ByteWriter) {
        writer.add(Self.header)
        writer.add(output)
        writer.add(files) { writer, entry in
            let (path, file) = entry
            writer.add(path)
            writer.add(file.fingerprint)
            writer.add(Int(file.stamp.size))
            writer.add(Int(file.stamp.modifiedNanoseconds))
            writer.add(Int(bitPattern: UInt(file.stamp.inode)))
            writer.add(file.needs) { $0.add($1) }
        }
        writer.add(folders) { writer, entry in
            writer.add(entry.key)
            writer.add(Int(entry.value))
        }
    }

    /// The manifest in `bytes`; nil when they are not one (another version, damaged): the
    /// build then reads the folder itself, as without a manifest.
    init?(bytes: [UInt8]) {
        var reader = ByteReader(bytes)
        guard reader.string() == Self.header, let output = reader.string(),
            let files = reader.array({ reader -> (String, File)? in
                guard let path = reader.string(), let fingerprint = reader.string(), let size = reader.int(),
                    let time = reader.int(), let inode = reader.int(),
                    let needs = reader.array({ $0.string() })
                else { return nil }
                let stamp = FileStamp(
                    size: Int64(size), modifiedNanoseconds: Int64(time),
                    inode: UInt64(UInt(bitPattern: inode)))
                return (path, File(fingerprint: fingerprint, stamp: stamp, needs: needs))
            }),
            let folders = reader.array({ reader -> (String, Int64)? in
                guard let path = reader.string(), let time = reader.int() else { return nil }
                return (path, Int64(time))
            }), reader.isComplete
        else { return nil }
        self.output = output
        self.files = Dictionary(files, uniquingKeysWith: { first, _ in first })
        self.folders = Dictionary(folders, uniquingKeysWith: { first, _ in first })
    }

    // MARK: - Files

    /// Reads the manifest at `url`; nil when there is none or it is not readable as one.
    static func read(_ url: URL) -> SiteManifest? {
        guard let data = FileManager.default.contents(atPath: url.path) else { return nil }
        return SiteManifest(bytes: [UInt8](data))
    }

    /// Writes the manifest at `url` atomically; false when it could not (the next build then
    /// reads the folder itself).
    @discardableResult
    func write(to url: URL) -> Bool {
        do {
            // A piece at a time: 250,000 files' worth at 50,000 photos.
            var writer = ByteWriter(file: try ByteFile(url))
            write(to: &writer)
            try writer.commit()
            return true
        } catch {
            return false
        }
    }
}

/// What a recycled site folder was found to hold, checked against its manifest
/// (``SiteManifest/verify(in:)``).
struct TrustedSite: Sendable {
    /// The manifest's files and folders; those in `untrusted` and `untrustedFolders` did not
    /// match (the check lists only those: nearly everything matches, and the manifest's
    /// dictionaries are shared, not copied, so trusting 60,000 files costs no 60,000 inserts).
    fileprivate let recorded: SiteManifest
    /// Files of the manifest that are missing, or there but not as it says.
    fileprivate var untrusted: Set<String> = []
    /// Folders of the manifest that are missing or whose time changed.
    fileprivate var untrustedFolders: Set<String> = []
    /// Files that are there but not as the manifest says (edited, replaced), or that are in a
    /// folder whose time changed and the manifest does not name: their content is unknown.
    fileprivate(set) var unknown: Set<String> = []

    init(_ manifest: SiteManifest) {
        recorded = manifest
    }

    /// The file at `path` as the manifest recorded it, when its stamp still matches: exactly
    /// what was written, with what made it.
    func file(_ path: String) -> SiteManifest.File? {
        // Asked of every file of the site: no second hash of the path when all matched.
        guard let file = recorded.files[path], untrusted.isEmpty || !untrusted.contains(path) else {
            return nil
        }
        return file
    }

    /// True when the folder is exactly as the manifest says: every file and folder matched, and
    /// there is nothing else.
    var isIntact: Bool { untrusted.isEmpty && untrustedFolders.isEmpty && unknown.isEmpty }

    /// How many files the manifest records.
    var recordedCount: Int { recorded.files.count }

    /// Whether the manifest records a file at `path`, and ``file(_:)``'s answer: one lookup.
    func lookUp(_ path: String) -> (recorded: Bool, file: SiteManifest.File?) {
        guard let file = recorded.files[path] else { return (false, nil) }
        return (true, untrusted.isEmpty || !untrusted.contains(path) ? file : nil)
    }

    /// The time of the folder at `path`, when it still matches the manifest's.
    func folderTime(_ path: String) -> Int64? {
        guard let time = recorded.folders[path], !untrustedFolders.contains(path) else { return nil }
        return time
    }

    /// True when `path` is in the folder with the fingerprint `fingerprint`.
    func holds(_ path: String, fingerprint: String) -> Bool {
        file(path)?.fingerprint == fingerprint
    }

    /// True when the page at `path` can stay as it is: it is in the folder with `fingerprint`,
    /// and so is every file it needs (its own stylesheet).
    func keeps(_ path: String, fingerprint: String) -> Bool {
        guard let file = file(path), file.fingerprint == fingerprint else { return false }
        return file.needs.allSatisfy { self.file($0) != nil }
    }

    /// True when `path` is in the folder, made by `maker` among the makers its fingerprint
    /// names (a rendition's cache entries, `+`-separated: one file can stand for several).
    func holds(_ path: String, madeBy maker: String) -> Bool {
        guard let fingerprint = file(path)?.fingerprint else { return false }
        return fingerprint == maker || fingerprint.split(separator: "+").contains(Substring(maker))
    }

    /// The files below `prefix` that the manifest records, whether their stamps match or not
    /// (a file removed by hand is among them, so that a group kept whole notices it).
    func recordedPaths(under prefix: String) -> [String] {
        recorded.files.keys.filter { $0.hasPrefix(prefix) }.sorted()
    }

    /// Every file the folder holds (trusted or not), each once: the manifest's files whose
    /// stamps match, and the unknown ones. An array, not a set: at 50,000 photos that is
    /// 400,000 paths, which a set would hash twice over for nothing.
    var allPaths: [String] {
        let matching =
            untrusted.isEmpty
            ? Array(recorded.files.keys) : recorded.files.keys.filter { !untrusted.contains($0) }
        return matching + unknown
    }
}

extension SiteManifest {
    /// Checks the folder at `root` against the manifest with one `lstat` per file and folder,
    /// spread over `workers`: files whose stamp matches are trusted; a folder whose time
    /// changed is listed, and the files in it that the manifest does not name are unknown.
    /// Nil when the build was cancelled meanwhile.
    func verify(in root: URL, workers: WorkerPool) async -> TrustedSite? {
        let base = root.path
        let paths = Array(files.keys)
        let folderPaths = Array(folders.keys)
        let chunk = 2_048
        let fileChunks = (paths.count + chunk - 1) / chunk
        let folderChunks = (folderPaths.count + chunk - 1) / chunk
        let manifest = self
        // Every stamp relative to the open folder: 50,000 paths walked from the folder, not
        // from the root of the file system.
        let folder = open(base, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        defer { if folder >= 0 { close(folder) } }
        let stampOf: @Sendable (String) -> (stamp: FileStamp, isFolder: Bool)? = { path in
            if folder >= 0 { return FileStamp.ofEntry(path, in: folder) }
            return FileStamp.ofEntry(path.isEmpty ? base : base + "/" + path)
        }
        /// What one chunk found: files and folders that did not match, files there but changed,
        /// folders whose time changed (to be listed).
        struct Mismatches: Sendable {
            var untrusted: [String] = []
            var unknown: [String] = []
            var untrustedFolders: [String] = []
            var changedFolders: [String] = []
        }
        let parts = try? await workers.map(fileChunks + folderChunks) { part -> Mismatches in
            var found = Mismatches()
            if part < fileChunks {
                for path in paths[(part * chunk)..<min(paths.count, (part + 1) * chunk)] {
                    guard let file = manifest.files[path], let entry = stampOf(path), !entry.isFolder
                    else {
                        found.untrusted.append(path)
                        continue
                    }
                    if entry.stamp != file.stamp {
                        found.untrusted.append(path)
                        found.unknown.append(path)
                    }
                }
            } else {
                let first = (part - fileChunks) * chunk
                for path in folderPaths[first..<min(folderPaths.count, first + chunk)] {
                    guard let time = manifest.folders[path], let entry = stampOf(path), entry.isFolder
                    else {
                        found.untrustedFolders.append(path)
                        continue
                    }
                    if entry.stamp.modifiedNanoseconds != time {
                        found.untrustedFolders.append(path)
                        found.changedFolders.append(path)
                    }
                }
            }
            return found
        }
        guard let parts else { return nil }
        var site = TrustedSite(self)
        var changed: [String] = []
        for found in parts {
            site.untrusted.formUnion(found.untrusted)
            site.unknown.formUnion(found.unknown)
            site.untrustedFolders.formUnion(found.untrustedFolders)
            changed += found.changedFolders
        }
        // Folders whose entries changed since the manifest, and folders it does not know:
        // whatever they hold that the manifest does not name is unknown.
        var seenFolders = Set(folders.keys)
        while let folder = changed.popLast() {
            for (name, isFolder) in Self.entries(of: folder.isEmpty ? base : base + "/" + folder) {
                let path = folder.isEmpty ? name : folder + "/" + name
                if isFolder {
                    if seenFolders.insert(path).inserted { changed.append(path) }
                } else if files[path] == nil && path != OutputWriter.markerFileName {
                    site.unknown.insert(path)
                }
            }
        }
        return site
    }

    /// The folder at `root` checked against the manifest by its folders alone (one `lstat`
    /// each, a third of what ``verify(in:workers:)`` stats): true when every folder is there
    /// with the time recorded, so that no file was added, removed, renamed or replaced in it.
    /// For a folder its writer kept since (``BuildSession/trustsSpare(_:)``); a file edited in
    /// place goes unseen.
    func foldersMatch(in root: URL, workers: WorkerPool) async -> Bool {
        let folderPaths = Array(folders.keys)
        let chunk = 2_048
        let manifest = self
        let folder = open(root.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard folder >= 0 else { return false }
        defer { close(folder) }
        let parts = try? await workers.map((folderPaths.count + chunk - 1) / chunk) { part -> Bool in
            folderPaths[(part * chunk)..<min(folderPaths.count, (part + 1) * chunk)].allSatisfy { path in
                guard let entry = FileStamp.ofEntry(path, in: folder), entry.isFolder else { return false }
                return entry.stamp.modifiedNanoseconds == manifest.folders[path]
            }
        }
        return parts?.allSatisfy { $0 } ?? false
    }

    /// The manifest of the folder at `root`, to be swapped in as `output`, once a build has
    /// written it: `fingerprints` says what made each file (every file of the site but the
    /// marker), `needs` what each file keeps with it; each file's stamp is `trusted`'s where
    /// the build left a trusted file as it was, else read now, and so is every folder's time.
    ///
    /// After a rebuild that changed little, nearly every file is the checked manifest's as it
    /// was: the new manifest starts as that one (shared, not copied) and only what differs is
    /// written into it; when no file was added or removed, its folders are the old ones, and
    /// only those a file was written into, or whose time did not match, are read again.
    /// - Parameters:
    ///   - compared: ``compare(_:needs:with:workers:)``'s result when the build made it already.
    ///   - workers: where the files are compared with the checked manifest's, side by side (a
    ///     pool thread must be asking); nil compares them one by one.
    static func recording(
        _ root: URL, output: URL, fingerprints: [String: String], needs: [String: [String]],
        trusted: TrustedSite?, compared: Comparison? = nil, workers: WorkerPool? = nil
    ) -> SiteManifest? {
        var manifest = trusted?.recorded ?? SiteManifest()
        manifest.output = output.path
        let base = root.path
        // Folders a file was written into (or may have been): their times are read again;
        // the others keep the time the check found (removing a stale file there changed it,
        // which only makes the next check list that folder).
        var touched: Set<String> = []
        var added = false
        // Reserving in the checked manifest's dictionary would copy it, though nothing changed.
        if trusted == nil { manifest.files.reserveCapacity(fingerprints.count) }
        /// Records the file at `path`; false when it is not there.
        func record(_ path: String, _ fingerprint: String) -> Bool {
            let fileNeeds = needs[path] ?? []
            if let kept = trusted?.file(path), kept.fingerprint == fingerprint {
                if kept.needs != fileNeeds { manifest.files[path]?.needs = fileNeeds }
                return true
            }
            guard let found = FileStamp.ofEntry(base + "/" + path), !found.isFolder else { return false }
            touched.insert(parentPath(path))
            let before = manifest.files.updateValue(
                File(fingerprint: fingerprint, stamp: found.stamp, needs: fileNeeds), forKey: path)
            if before == nil { added = true }
            return true
        }
        if let trusted {
            let differing =
                (compared ?? compare(fingerprints, needs: needs, with: trusted, workers: workers)).differing
            for (path, fingerprint) in differing where !record(path, fingerprint) {
                return nil
            }
        } else {
            // Every file, from the dictionary itself: its copy as an array was 8 MB at 50,000 photos.
            for (path, fingerprint) in fingerprints where !record(path, fingerprint) { return nil }
        }
        // Every path of the site is in the manifest now: more means files the site no longer has.
        let removed = manifest.files.count != fingerprints.count
        if removed {
            for path in manifest.files.keys where fingerprints[path] == nil {
                touched.insert(parentPath(path))
            }
            manifest.files = manifest.files.filter { fingerprints[$0.key] != nil }
        }
        let folderTimes: [String]
        if let trusted, !added, !removed {
            folderTimes = Array(touched.union(trusted.untrustedFolders))
        } else {
            // A file added or removed may have made or emptied its folder, which changes the
            // folder above (`_img` when a photo's renditions come or go), and so on up.
            for folder in Array(touched) {
                var above = folder
                while !above.isEmpty {
                    above = parentPath(above)
                    touched.insert(above)
                }
            }
            var folders: Set<String> = [""]
            for path in fingerprints.keys {
                var folder = parentPath(path)
                while !folder.isEmpty, folders.insert(folder).inserted { folder = parentPath(folder) }
            }
            manifest.folders = [:]
            for folder in folders {
                if !touched.contains(folder), let time = trusted?.folderTime(folder) {
                    manifest.folders[folder] = time
                }
            }
            folderTimes = folders.filter { manifest.folders[$0] == nil }
        }
        for folder in folderTimes {
            guard let found = FileStamp.ofEntry(folder.isEmpty ? base : base + "/" + folder), found.isFolder
            else { return nil }
            manifest.folders[folder] = found.stamp.modifiedNanoseconds
        }
        return manifest
    }

    /// A new site's files compared with a recycled folder's (``compare(_:needs:with:workers:)``).
    struct Comparison: Sendable {
        /// The files that are not the folder's as they were (made from another fingerprint,
        /// needing other files, or not there), with their fingerprints.
        var differing: [(String, String)] = []
        /// How many of the new site's files the folder's manifest records (as they were or not).
        var recorded = 0

        /// True when the folder holds no file the new site does not have: it is intact, and the
        /// new site has every file its manifest records (so nothing is stale).
        func leavesNothingStale(in trusted: TrustedSite) -> Bool {
            trusted.isIntact && recorded == trusted.recordedCount
        }
    }

    /// The files of `fingerprints` that are not `trusted`'s as they were, and how many it
    /// records: made once, for the removal of stale files and for the manifest. The 250,000
    /// lookups of a 50,000-photo site are made side by side on `workers`.
    static func compare(
        _ fingerprints: [String: String], needs: [String: [String]], with trusted: TrustedSite,
        workers: WorkerPool?
    ) -> Comparison {
        let files = Array(fingerprints)
        let chunk = 16_384
        let check: @Sendable (Int) -> Comparison = { part in
            var found = Comparison()
            for (path, fingerprint) in files[(part * chunk)..<min(files.count, (part + 1) * chunk)] {
                let (recorded, kept) = trusted.lookUp(path)
                if recorded { found.recorded += 1 }
                if kept?.fingerprint != fingerprint || kept?.needs != (needs[path] ?? []) {
                    found.differing.append((path, fingerprint))
                }
            }
            return found
        }
        let parts = (files.count + chunk - 1) / chunk
        return (workers?.mapWaiting(parts, check) ?? (0..<parts).map(check)).reduce(into: Comparison()) {
            $0.differing += $1.differing
            $0.recorded += $1.recorded
        }
    }

    /// The names in the folder at `path`, each with whether it is a folder (`readdir`, no
    /// `stat` but where the file system does not say).
    private static func entries(of path: String) -> [(String, Bool)] {
        guard let directory = opendir(path) else { return [] }
        defer { closedir(directory) }
        var found: [(String, Bool)] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name == "." || name == ".." { continue }
            var isFolder = Int32(entry.pointee.d_type) == Int32(DT_DIR)
            if Int32(entry.pointee.d_type) == Int32(DT_UNKNOWN) {
                isFolder = FileStamp.ofEntry(path + "/" + name)?.isFolder ?? false
            }
            found.append((name, isFolder))
        }
        return found
    }
}
