/// One template of a theme as read from disk (by ``ThemeFolders``): the engine reads no files.
struct TemplateSource: Sendable {
    /// Its name: its path below its folder without the extension (`partials/photo-card`).
    var name: String
    /// The path that names it in messages (`Templates/partials/photo-card.mustache`).
    var path: String
    var text: String
}

/// Every `*.mustache` template of a theme and its overrides, parsed once, rendered by name.
struct TemplateLibrary: Sendable {
    private let templates: [String: MustacheTemplate]

    /// Parses every source; the first of two with the same name wins (the reader puts site
    /// overrides first and the default theme last).
    ///
    /// - Parameters:
    ///   - sources: the templates, each with the name partials and parents use for it.
    ///   - problems: what reading them already found (a file that is not UTF-8, a folder that
    ///     cannot be listed), reported with the rest.
    /// - Throws: ``TemplateLibraryErrors`` with every problem at once: `problems`, parse
    ///   errors, and partials or parents that name a template the library lacks.
    init(sources: [TemplateSource], problems: [TemplateError] = []) throws(TemplateLibraryErrors) {
        var errors = problems
        var templates: [String: MustacheTemplate] = [:]
        for source in sources where templates[source.name] == nil {
            do throws(TemplateError) {
                templates[source.name] = try MustacheTemplate(source: source.text, name: source.path)
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
        guard errors.isEmpty else { throw TemplateLibraryErrors(errors: errors) }
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
}
