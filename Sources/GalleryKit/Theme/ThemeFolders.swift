import Foundation

/// The theme on disk: the folders its templates and `assets/` are looked up in, the first
/// match winning (`--templates`, the site's `templates/`, then the default theme). This is
/// where the theme's files are read; ``TemplateLibrary`` and ``ThemeAssets`` get their text
/// and bytes as values.
struct ThemeFolders: Sendable {
    /// Each folder with the path that names it in messages (`templates`, `Templates`), site
    /// overrides first and the default theme last. A folder that does not exist is skipped (a
    /// site need not override anything); hidden files are ignored.
    let folders: [(url: URL, displayPath: String)]

    init(_ folders: [(url: URL, displayPath: String)]) {
        self.folders = folders
    }

    /// The templates and the assets, with every problem of both at once.
    /// - Throws: ``TemplateLibraryErrors``: see ``templates()`` and ``assets()``.
    func read() throws(TemplateLibraryErrors) -> Theme {
        var errors: [TemplateError] = []
        var templates: TemplateLibrary?
        var assets: ThemeAssets?
        let (sources, problems) = templateSources()
        do throws(TemplateLibraryErrors) {
            templates = try TemplateLibrary(sources: sources, problems: problems)
        } catch {
            errors += error.errors
        }
        var print = Fingerprint()
        for source in sources { print.add(source.name, source.text) }
        do throws(TemplateError) { assets = try self.assets(fingerprint: &print) } catch {
            errors.append(error)
        }
        guard let templates, let assets else { throw TemplateLibraryErrors(errors: errors) }
        return Theme(templates: templates, assets: assets, fingerprint: print.hex)
    }

    /// Every `*.mustache` file below each folder (recursively), parsed. A template's name is
    /// its path relative to its folder without the extension, e.g. `partials/photo-card`;
    /// only the templates that win are read.
    /// - Throws: ``TemplateLibraryErrors`` with every problem at once: unreadable files and
    ///   folders, parse errors, and partials or parents that name a template the library lacks.
    func templates() throws(TemplateLibraryErrors) -> TemplateLibrary {
        let (sources, problems) = templateSources()
        return try TemplateLibrary(sources: sources, problems: problems)
    }

    /// The text of every template that wins, and the problems reading them.
    private func templateSources() -> ([TemplateSource], [TemplateError]) {
        var chosen: [String: (url: URL, path: String)] = [:]
        var problems: [TemplateError] = []
        for folder in folders {
            do throws(TemplateError) {
                for (name, file) in try Self.templateFiles(in: folder) where chosen[name] == nil {
                    chosen[name] = file
                }
            } catch {
                problems.append(error)
            }
        }
        var sources: [TemplateSource] = []
        for (name, file) in chosen.sorted(by: { $0.key < $1.key }) {
            guard let text = try? String(contentsOf: file.url, encoding: .utf8) else {
                problems.append(
                    TemplateError(TemplateProblem("cannot read template: not UTF-8 text"), file: file.path))
                continue
            }
            sources.append(TemplateSource(name: name, path: file.path, text: text))
        }
        return (sources, problems)
    }

    /// The files below each folder's `assets/`, the first folder winning when two hold the same
    /// path, read whole.
    /// - Throws: ``TemplateError`` when a file or folder cannot be read.
    func assets() throws(TemplateError) -> ThemeAssets {
        var print = Fingerprint()
        return try assets(fingerprint: &print)
    }

    /// ``assets()``, each file's path and bytes also written into `print`.
    private func assets(fingerprint print: inout Fingerprint) throws(TemplateError) -> ThemeAssets {
        var chosen: [String: URL] = [:]
        for folder in folders {
            for (relative, url) in try Self.assetFiles(in: folder.url.appendingPathComponent("assets"))
            where chosen[relative] == nil {
                chosen[relative] = url
            }
        }
        var files: [(path: String, bytes: [UInt8])] = []
        for (relative, url) in chosen.sorted(by: { $0.key < $1.key }) {
            do {
                let bytes = Array(try Data(contentsOf: url))
                print.add("asset " + relative, SHA256.hex(bytes))
                files.append((relative, bytes))
            } catch {
                throw TemplateError(
                    TemplateProblem("theme asset: cannot read file: \(fileErrorText(error))"), file: url.path,
                    underlying: error)
            }
        }
        return ThemeAssets(files: files)
    }

    /// `(name, (url, display path))` for every visible `*.mustache` file below a folder.
    private static func templateFiles(
        in folder: (url: URL, displayPath: String)
    ) throws(TemplateError) -> [(String, (url: URL, path: String))] {
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        guard manager.fileExists(atPath: folder.url.path, isDirectory: &isDirectory) else { return [] }
        guard isDirectory.boolValue,
            let paths = try? manager.subpathsOfDirectory(atPath: folder.url.path)
        else {
            throw TemplateError(TemplateProblem("cannot read template directory"), file: folder.displayPath)
        }
        let prefix = folder.displayPath.hasSuffix("/") ? folder.displayPath : folder.displayPath + "/"
        var files: [(String, (url: URL, path: String))] = []
        for path in paths.sorted() where path.hasSuffix(".mustache") {
            let components = path.split(separator: "/")
            if components.contains(where: { $0.hasPrefix(".") }) { continue }
            let url = folder.url.appendingPathComponent(path)
            var isFolder: ObjCBool = false
            guard manager.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue else {
                continue
            }
            files.append((String(path.dropLast(".mustache".count)), (url, prefix + path)))
        }
        return files
    }

    /// Regular files below `directory` by `/`-separated relative path; hidden files skipped.
    private static func assetFiles(in directory: URL) throws(TemplateError) -> [(String, URL)] {
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        guard manager.fileExists(atPath: directory.path, isDirectory: &isDirectory) else { return [] }
        guard isDirectory.boolValue else {
            throw TemplateError(TemplateProblem("theme asset: not a folder"), file: directory.path)
        }
        guard
            let enumerator = manager.enumerator(
                at: directory, includingPropertiesForKeys: [.isRegularFileKey],
                options: [.skipsHiddenFiles])
        else { throw TemplateError(TemplateProblem("theme asset: cannot list folder"), file: directory.path) }
        let rootComponents = directory.standardizedFileURL.resolvingSymlinksInPath().pathComponents
        var found: [(String, URL)] = []
        while let url = enumerator.nextObject() as? URL {
            let values = try? url.resourceValues(forKeys: [.isRegularFileKey])
            guard values?.isRegularFile == true else { continue }
            let components = url.standardizedFileURL.resolvingSymlinksInPath().pathComponents
            guard components.count > rootComponents.count,
                Array(components.prefix(rootComponents.count)) == rootComponents
            else { continue }
            found.append((components.dropFirst(rootComponents.count).joined(separator: "/"), url))
        }
        return found.sorted { $0.0 < $1.0 }
    }
}
