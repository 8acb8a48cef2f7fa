import Foundation

/// Walks the content folder: sorted listings, dot-files, `templates/` and sigal's `.nomedia`
/// skipped, every file classified as photo, Markdown, unsupported image or other.
///
/// Nothing outside the content folder is published unless asked: a symlink that resolves
/// outside it is refused with a warning naming the link and its target (`followLinks`, the
/// `--follow-links` option, allows it), and a link to a folder that holds the content folder
/// is never followed. Loops of links and folders reached twice are reported, not walked again.
/// Every name that cannot be published (not UTF-8, a Unicode-normalisation twin of another)
/// and every file skipped is reported: nothing disappears without a word.
struct FolderScanner {
    /// Photos, images skipped with a warning, and video clips, by extension: ``MediaFileType``'s
    /// list, which the format sniffer reads too.
    static let photoExtensions = MediaFileType.extensions(.photo)
    static let unsupportedImageExtensions = MediaFileType.extensions(.skipped)
    /// Video clips: album items like photos, transcoded by ffmpeg (see ``VideoStage``).
    static let videoExtensions = MediaFileType.extensions(.video)

    /// True when `fileName` is a video clip, by its extension.
    static func isVideo(_ fileName: String) -> Bool {
        videoExtensions.contains(pathExtension(of: fileName).lowercased())
    }
    /// Files other tools keep beside photos: edit sidecars and thumbnail databases. Skipped
    /// without a word; an `.xmp` beside a photo is read as its XMP sidecar (``FolderScan/xmpSidecars``).
    static let knownMetadataExtensions: Set<String> = ["xmp", "aae", "pp3", "dop"]
    static let knownMetadataNames: Set<String> = ["thumbs.db", "desktop.ini", "picasa.ini"]

    let root: URL
    /// Follow symlinks that leave the content folder (`--follow-links`).
    var followLinks = false
    /// Videos are album items (site.yml's `video:` is not `false`); otherwise each is a note.
    var videos = true
    /// Camera RAW files are photos (`images.raw` is not `off`); otherwise each is a note.
    var raw = true
    /// Which file of a RAW+JPEG pair (same name, same folder) is the photo.
    var rawPairs: RAWPairs = .jpeg
    let diagnostics: DiagnosticCollector
    /// Content paths site.yml names for another use (`favicon:`): neither photos nor skipped
    /// files, passed over without a word.
    var reserved: Set<String> = []

    /// What one walk carries from folder to folder.
    private struct Walk {
        /// The content folder, resolved.
        let rootPath: String
        /// Folders walked so far, resolved, with their content path.
        var visited: [String: String] = [:]
        /// Files skipped as not media, by lowercased extension (`""` for none).
        var skipped: [String: Int] = [:]
    }

    /// Scans the whole tree below the content root.
    func scanRoot() -> FolderScan {
        var walk = Walk(rootPath: ResolvedPath.resolve(root))
        let scan =
            scan(walk.rootPath, path: "", name: root.lastPathComponent, walk: &walk)
            ?? FolderScan(path: "", name: "")
        if !walk.skipped.isEmpty {
            let kinds = walk.skipped.sorted { ($1.value, $0.key) < ($0.value, $1.key) }
                .map { "\($0.value) \($0.key.isEmpty ? "without extension" : "." + $0.key)" }
            IssueReporter(file: ".", diagnostics: diagnostics).report(
                .skippedFiles(count: walk.skipped.values.reduce(0, +), kinds: kinds.joined(separator: ", ")))
        }
        return scan
    }

    private func scan(_ folderPath: String, path: String, name: String, walk: inout Walk) -> FolderScan? {
        walk.visited[folderPath] = path
        let reporter = IssueReporter(file: path.isEmpty ? "." : path, diagnostics: diagnostics)
        let entries: [FolderListing.Entry]
        do throws(FileReadFailure) {
            entries = try FolderListing.entries(of: folderPath)
        } catch {
            if case .unreadable(let why) = error { reporter.report(.unreadable(why)) }
            return nil
        }
        var folder = FolderScan(path: path, name: name)
        guard let skipped = nomediaEntries(entries, folder: folder, folderPath: folderPath) else {
            return nil
        }

        var markdown: [String] = []
        var xmpFiles: [String] = []
        var skippedStems: [String: String] = [:]
        var seen: [String: String] = [:]
        for entry in entries {
            guard let entryName = entry.name else {
                IssueReporter(file: folder.child(entry.displayName), diagnostics: diagnostics)
                    .report(.nameNotUTF8)
                continue
            }
            if entryName.hasPrefix(".") || skipped.contains(entryName) { continue }
            if path.isEmpty && (entryName == "templates" || entryName == "site.yml") { continue }
            let entryPath = folder.child(entryName)
            if reserved.contains(entryPath) { continue }
            let fileReporter = IssueReporter(file: entryPath, diagnostics: diagnostics)
            // Swift compares strings canonically: `café` in NFC and in NFD are one name to every
            // dictionary of the build, and would be one URL.
            if seen[entryName] != nil {
                fileReporter.report(.normalisationTwin(form: Self.normalisation(entryName)))
                continue
            }
            seen[entryName] = entryName
            let fullPath = folderPath + "/" + entryName
            guard let kind = followable(entry, at: fullPath, reporter: fileReporter, walk: walk) else {
                continue
            }
            switch kind {
            case .folder(let real):
                if let earlier = walk.visited[real] {
                    fileReporter.report(.linkToVisitedFolder(target: earlier.isEmpty ? "." : earlier))
                } else if let sub = scan(real, path: entryPath, name: entryName, walk: &walk) {
                    folder.folders.append(sub)
                }
                continue
            case .special:
                fileReporter.report(.notARegularFile)
                continue
            case .file:
                break
            }
            let ext = pathExtension(of: entryName).lowercased()
            let stem = deletingPathExtension(entryName)
            if !raw && MediaFileType.cameraRaw.extensions.contains(ext) {
                fileReporter.report(.rawOff)
                skippedStems[stem] = skippedStems[stem] ?? entryName
            } else if Self.photoExtensions.contains(ext) || (videos && Self.videoExtensions.contains(ext)) {
                folder.photos.append(entryName)
            } else if Self.videoExtensions.contains(ext) {
                fileReporter.report(.videosOff)
                skippedStems[stem] = skippedStems[stem] ?? entryName
            } else if ext == "md" {
                markdown.append(entryName)
            } else if Self.unsupportedImageExtensions.contains(ext) {
                let note = MediaFileType.of(extension: ext)?.note.map { " (\($0))" } ?? ""
                fileReporter.report(.unsupportedImage(format: ext.uppercased() + note))
                skippedStems[stem] = entryName
            } else if ext == "xmp" {
                xmpFiles.append(entryName)
            } else if Self.knownMetadataExtensions.contains(ext)
                || Self.knownMetadataNames.contains(entryName.lowercased())
            {
                continue
            } else {
                fileReporter.report(.notMedia)
                walk.skipped[ext, default: 0] += 1
                skippedStems[stem] = skippedStems[stem] ?? entryName
            }
        }
        let pairs = Self.pairs(in: folder.photos, showing: rawPairs)
        if !pairs.isEmpty {
            folder.photos.removeAll { pairs[$0] != nil }
            reporter.report(.rawPairs(count: pairs.count, shown: rawPairs == .jpeg ? "JPEG" : "RAW"))
        }
        folder.photos = NaturalOrder.sorted(folder.photos)
        let photoByStem = Dictionary(
            folder.photos.map { (deletingPathExtension($0), $0) },
            uniquingKeysWith: { first, _ in first })
        // `photo.jpg.xmp` names its photo exactly; `photo.xmp` by stem, when no exact one.
        // An .xmp beside no photo is another tool's business: skipped without a word, as before.
        let photoNames = Set(folder.photos)
        let xmpStems = xmpFiles.sorted().map { ($0, deletingPathExtension($0)) }
        for (file, stem) in xmpStems where photoNames.contains(stem) {
            folder.xmpSidecars[stem] = file
        }
        for (file, stem) in xmpStems {
            if let photo = photoByStem[stem], folder.xmpSidecars[photo] == nil {
                folder.xmpSidecars[photo] = file
            }
        }
        // The sidecar of the pair's other file (darktable's `IMG_1.CR2.xmp` beside the JPEG
        // shown) describes the same photo.
        for (file, stem) in xmpStems {
            if let shown = pairs[stem], folder.xmpSidecars[shown] == nil { folder.xmpSidecars[shown] = file }
        }
        // index.md before _index.md, whatever the byte order says.
        markdown.sort { ($0 == "index.md" ? 0 : 1, $0) < ($1 == "index.md" ? 0 : 1, $1) }
        for file in markdown {
            let stem = deletingPathExtension(file)
            if file == "index.md" || file == "_index.md" {
                if let other = folder.indexFile {
                    // Both: Hugo refuses the folder; galleryc reads index.md (sorted first).
                    IssueReporter(file: folder.child(file), diagnostics: diagnostics)
                        .report(.secondIndex(used: other))
                } else {
                    folder.indexFile = file
                }
            } else if let photo = photoByStem[stem] {
                folder.sidecars[photo] = file
            } else if let other = skippedStems[stem] {
                IssueReporter(file: folder.child(file), diagnostics: diagnostics)
                    .report(.sidecarOfSkippedFile(other))
            } else {
                folder.pages.append(file)
            }
        }
        return folder
    }

    /// The RAW+JPEG pairs among a folder's photos: each file of a pair that is not shown,
    /// with the one shown for it. A pair is a camera RAW file and a photo in another format
    /// (JPEG, HEIC...) with the same name before the extension; a clip is never paired.
    static func pairs(in photos: [String], showing preferred: RAWPairs) -> [String: String] {
        var byStem: [String: (raw: [String], other: [String])] = [:]
        for name in photos where !isVideo(name) {
            let stem = deletingPathExtension(name)
            if MediaFileType.isCameraRAW(name) {
                byStem[stem, default: ([], [])].raw.append(name)
            } else {
                byStem[stem, default: ([], [])].other.append(name)
            }
        }
        var hidden: [String: String] = [:]
        for (raws, others) in byStem.values where !raws.isEmpty && !others.isEmpty {
            let (shown, rest) =
                preferred == .jpeg
                ? (NaturalOrder.sorted(others)[0], raws) : (NaturalOrder.sorted(raws)[0], others)
            for name in rest { hidden[name] = shown }
        }
        return hidden
    }

    /// What the walk does with an entry.
    private enum Followed {
        /// A folder to walk, at this resolved path.
        case folder(String)
        case file
        case special
    }

    /// The entry as the walk may use it, or nil (reported) when it must be skipped: a broken
    /// link, a loop, a link out of the content folder (without `followLinks`) or around it.
    private func followable(
        _ entry: FolderListing.Entry, at fullPath: String, reporter: IssueReporter, walk: Walk
    ) -> Followed? {
        guard let target = entry.target else {
            switch entry.kind {
            case .folder: return .folder(fullPath)
            case .file: return .file
            case .special: return .special
            }
        }
        switch target {
        case .broken(let to):
            reporter.report(.brokenLink(to: to))
            return nil
        case .loop(let to):
            reporter.report(.linkLoop(to: to))
            return nil
        case .resolved(let real, let kind):
            if !ResolvedPath.isSameOrInside(real, walk.rootPath) {
                if !followLinks {
                    reporter.report(.linkOutsideContent(target: real))
                    return nil
                }
                if kind == .folder, ResolvedPath.isSameOrInside(walk.rootPath, real) {
                    reporter.report(.linkAroundContent(target: real))
                    return nil
                }
            }
            switch kind {
            case .folder: return .folder(real)
            case .file: return .file
            case .special: return .special
            }
        }
    }

    /// `NFC`, `NFD` or `mixed`: how a name's accents are stored.
    static func normalisation(_ name: String) -> String {
        let bytes = Array(name.utf8)
        if bytes == Array(name.precomposedStringWithCanonicalMapping.utf8) { return "NFC" }
        if bytes == Array(name.decomposedStringWithCanonicalMapping.utf8) { return "NFD" }
        return "mixed"
    }

    /// The names a `.nomedia` file lists (empty: none), or nil when it asks to skip the whole
    /// folder; both are reported as notes.
    private func nomediaEntries(
        _ entries: [FolderListing.Entry], folder: FolderScan, folderPath: String
    ) -> Set<String>? {
        guard entries.contains(where: { $0.name == ".nomedia" }) else { return [] }
        let nomedia = folder.child(".nomedia")
        let reporter = IssueReporter(file: nomedia, diagnostics: diagnostics)
        var listed = ""
        do throws(FileReadFailure) {
            let file = try FileReader(path: folderPath + "/.nomedia")
            listed = String(decoding: try file.read(count: Int(min(file.size, 1 << 20))), as: UTF8.self)
        } catch {
            // An unreadable .nomedia still says "skip this folder", as an empty one does.
        }
        let names = listed.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
        if names.isEmpty {
            reporter.report(.skippedByNomedia("the whole folder"))
            return nil
        }
        reporter.report(.skippedByNomedia(names.joined(separator: ", ")))
        return Set(names)
    }
}
