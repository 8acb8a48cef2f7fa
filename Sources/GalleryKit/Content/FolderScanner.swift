import Foundation

/// Walks the content folder: sorted listings, dot-files, `templates/` and sigal's `.nomedia`
/// skipped, every file classified as photo, Markdown, unsupported image or other.
struct FolderScanner {
    static let photoExtensions: Set<String> = [
        "jpg", "jpeg", "png", "webp", "heic", "heif", "hif", "avif", "gif", "jp2", "j2k", "j2c", "jpf", "jpx",
        "jxl",
    ]
    static let unsupportedImageExtensions: Set<String> = [
        "tif", "tiff", "bmp", "cr2", "nef", "arw", "dng", "raf", "orf", "jpm",
    ]
    static let videoExtensions: Set<String> = ["mp4", "m4v", "mov", "ogv", "webm", "avi", "mkv"]

    let root: URL
    let diagnostics: DiagnosticCollector

    /// Scans the whole tree below the content root.
    func scanRoot() -> FolderScan {
        var visited: Set<String> = []
        return scan(root, path: "", name: root.lastPathComponent, visited: &visited)
            ?? FolderScan(path: "", name: "")
    }

    private func scan(_ url: URL, path: String, name: String, visited: inout Set<String>) -> FolderScan? {
        let real = url.resolvingSymlinksInPath().path
        guard visited.insert(real).inserted else { return nil }
        let reporter = IssueReporter(file: path.isEmpty ? "." : path, diagnostics: diagnostics)
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: url.path)
                .sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        } catch {
            reporter.report(.unreadable(error.localizedDescription))
            return nil
        }
        var folder = FolderScan(path: path, name: name)
        var skipped: Set<String> = []
        if names.contains(".nomedia") {
            let nomedia = folder.child(".nomedia")
            let listed =
                (try? String(contentsOf: url.appendingPathComponent(".nomedia"), encoding: .utf8)) ?? ""
            let entries = listed.split(whereSeparator: \.isNewline).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            .filter { !$0.isEmpty }
            let nomediaReporter = IssueReporter(file: nomedia, diagnostics: diagnostics)
            if entries.isEmpty {
                nomediaReporter.report(.skippedByNomedia("the whole folder"))
                return nil
            }
            nomediaReporter.report(.skippedByNomedia(entries.joined(separator: ", ")))
            skipped = Set(entries)
        }

        var markdown: [String] = []
        var skippedStems: [String: String] = [:]
        for entry in names where !entry.hasPrefix(".") && !skipped.contains(entry) {
            if path.isEmpty && (entry == "templates" || entry == "site.yml") { continue }
            let entryURL = url.appendingPathComponent(entry)
            let entryPath = folder.child(entry)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: entryURL.path, isDirectory: &isDirectory) else {
                continue
            }
            if isDirectory.boolValue {
                if let sub = scan(entryURL, path: entryPath, name: entry, visited: &visited) {
                    folder.folders.append(sub)
                }
                continue
            }
            let ext = (entry as NSString).pathExtension.lowercased()
            let stem = (entry as NSString).deletingPathExtension
            let fileReporter = IssueReporter(file: entryPath, diagnostics: diagnostics)
            if Self.photoExtensions.contains(ext) {
                folder.photos.append(entry)
            } else if ext == "md" {
                markdown.append(entry)
            } else if Self.unsupportedImageExtensions.contains(ext) {
                fileReporter.report(.unsupportedImage(format: ext.uppercased()))
                skippedStems[stem] = entry
            } else if Self.videoExtensions.contains(ext) {
                fileReporter.report(.unsupportedVideo(format: ext.uppercased()))
                skippedStems[stem] = entry
            } else {
                fileReporter.report(.notMedia)
                skippedStems[stem] = skippedStems[stem] ?? entry
            }
        }
        folder.photos.sort(by: NaturalOrder.less)
        let photoByStem = Dictionary(
            folder.photos.map { (($0 as NSString).deletingPathExtension, $0) },
            uniquingKeysWith: { first, _ in first })
        for file in markdown {
            let stem = (file as NSString).deletingPathExtension
            if file == "index.md" {
                folder.hasIndex = true
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
}
