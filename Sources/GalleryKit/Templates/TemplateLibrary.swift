import Foundation

/// Every `*.mustache` template of a theme and its overrides, parsed once, rendered by name.
struct TemplateLibrary: Sendable {
    private let templates: [String: MustacheTemplate]

    /// Loads every `*.mustache` file below each directory (recursively). A template's name is
    /// its path relative to its directory without the extension, e.g. `partials/photo-card`.
    ///
    /// A template in an earlier directory overrides one of the same name in a later one, so
    /// pass site overrides first and the default theme last. A directory that does not exist
    /// is skipped (a site need not override anything); hidden files are ignored. Only the
    /// templates that win are parsed.
    ///
    /// - Parameter directories: Each directory with the path that names it in errors
    ///   (e.g. `templates` or `Templates`).
    /// - Throws: ``TemplateLibraryErrors`` with every problem at once: unreadable files,
    ///   parse errors, and partials or parents that name a template the library lacks.
    init(directories: [(url: URL, displayPath: String)]) throws(TemplateLibraryErrors) {
        var sources: [String: (url: URL, path: String)] = [:]
        var errors: [TemplateError] = []
        for directory in directories {
            do throws(TemplateError) {
                for (name, file) in try Self.templateFiles(in: directory) where sources[name] == nil {
                    sources[name] = file
                }
            } catch {
                errors.append(error)
            }
        }
        var templates: [String: MustacheTemplate] = [:]
        for (name, file) in sources {
            do throws(TemplateError) {
                guard let source = try? String(contentsOf: file.url, encoding: .utf8) else {
                    throw TemplateError(
                        TemplateProblem("cannot read template: not UTF-8 text"), file: file.path)
                }
                templates[name] = try MustacheTemplate(source: source, name: file.path)
            } catch {
                errors.append(error)
            }
        }
        for template in templates.values {
            for reference in template.references where templates[reference.name] == nil {
                let location = SourceLocation(
                    file: template.name, line: reference.position.line, column: reference.position.column)
                errors.append(
                    TemplateError(
                        TemplateProblem("unknown \(reference.kind) '\(reference.name)'"), at: location))
            }
        }
        guard errors.isEmpty else {
            throw TemplateLibraryErrors(
                errors: errors.sorted {
                    ($0.location.file, $0.location.line ?? 0, $0.location.column ?? 0, $0.message)
                        < ($1.location.file, $1.location.line ?? 0, $1.location.column ?? 0, $1.message)
                })
        }
        self.templates = templates
    }

    /// Whether a template of this name (e.g. `album` or `partials/photo-card`) was loaded.
    func contains(_ name: String) -> Bool {
        templates[name] != nil
    }

    /// The names of every loaded template, sorted.
    var names: [String] {
        templates.keys.sorted()
    }

    /// Renders a named template; partials and parents resolve by name inside the library.
    ///
    /// - Parameters:
    ///   - name: The template's name, e.g. `album`.
    ///   - context: The data to render.
    /// - Returns: The rendered text.
    /// - Throws: ``TemplateError`` for an unknown template, a `{{>*dynamic}}` name that is not a
    ///   string or names no template (at the referencing tag), or endless partial recursion.
    func render(_ name: String, _ context: TemplateValue) throws(TemplateError) -> String {
        guard let template = templates[name] else {
            throw TemplateError(TemplateProblem("unknown template '\(name)'"), file: "\(name).mustache")
        }
        let templates = self.templates
        var renderer = TemplateRenderer(lookup: { templates[$0] }, missingIsError: true)
        try renderer.render(template, context)
        return renderer.output
    }

    /// `(name, (url, display path))` for every visible `*.mustache` file below a directory.
    private static func templateFiles(
        in directory: (url: URL, displayPath: String)
    ) throws(TemplateError) -> [(String, (url: URL, path: String))] {
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        guard manager.fileExists(atPath: directory.url.path, isDirectory: &isDirectory) else { return [] }
        guard isDirectory.boolValue,
            let paths = try? manager.subpathsOfDirectory(atPath: directory.url.path)
        else {
            throw TemplateError(
                TemplateProblem("cannot read template directory"), file: directory.displayPath)
        }
        let prefix =
            directory.displayPath.hasSuffix("/") ? directory.displayPath : directory.displayPath + "/"
        var files: [(String, (url: URL, path: String))] = []
        for path in paths.sorted() where path.hasSuffix(".mustache") {
            let components = path.split(separator: "/")
            if components.contains(where: { $0.hasPrefix(".") }) { continue }
            let url = directory.url.appendingPathComponent(path)
            var isFolder: ObjCBool = false
            guard manager.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue else {
                continue
            }
            files.append((String(path.dropLast(".mustache".count)), (url, prefix + path)))
        }
        return files
    }
}
