/// A parsed Mustache template, ready to render many times.
///
/// Supports the whole Mustache spec (comments, set delimiters, interpolation, sections,
/// inverted sections, partials) plus template inheritance (`{{<parent}}{{$block}}...`) and
/// dynamic names (`{{>*name}}`). Lambdas are not supported.
struct MustacheTemplate: Sendable {
    /// The file path shown in errors.
    let name: String
    let nodes: [TemplateNode]
    let sourceLength: Int

    /// Parses a template.
    ///
    /// - Parameters:
    ///   - source: The template text.
    ///   - name: The file path shown in errors (e.g. `Templates/album.mustache`).
    /// - Throws: ``TemplateError`` at the offending tag: an unclosed tag or section, a closing
    ///   tag that matches nothing, an empty or malformed name or set-delimiter tag.
    init(source: String, name: String) throws(TemplateError) {
        var parser = TemplateParser(source: source, file: name)
        self.nodes = try parser.parse()
        self.name = name
        self.sourceLength = source.utf8.count
    }

    /// Renders the template as the Mustache spec says: a partial or parent that is not in
    /// `partials` renders as nothing.
    ///
    /// - Parameters:
    ///   - context: The data; the root of the context stack.
    ///   - partials: Templates that `{{>name}}` and `{{<name}}` can include, by name.
    /// - Returns: The rendered text.
    /// - Throws: ``TemplateError`` when partials nest endlessly.
    func render(_ context: TemplateValue, partials: [String: MustacheTemplate]) throws(TemplateError)
        -> String
    {
        var renderer = TemplateRenderer(lookup: { partials[$0] }, missingIsError: false)
        try renderer.render(self, context)
        return renderer.output
    }

    /// Every partial and parent this template names literally (not `*dynamic` ones), with the
    /// position of the tag, so a library can check them before rendering.
    var references: [(name: String, kind: String, position: TagPosition)] {
        var found: [(name: String, kind: String, position: TagPosition)] = []
        Self.collectReferences(nodes, into: &found)
        return found
    }

    private static func collectReferences(
        _ nodes: [TemplateNode], into found: inout [(name: String, kind: String, position: TagPosition)]
    ) {
        for node in nodes {
            switch node {
            case .text, .lineStart, .variable:
                break
            case .section(_, _, let children):
                collectReferences(children, into: &found)
            case .partial(let reference, _, let position):
                if case .named(let name) = reference { found.append((name, "partial", position)) }
            case .parent(let reference, _, let arguments, let position):
                if case .named(let name) = reference { found.append((name, "parent", position)) }
                for name in arguments.keys.sorted() {
                    collectReferences(arguments[name]?.children ?? [], into: &found)
                }
            case .block(let block):
                collectReferences(block.children, into: &found)
            }
        }
    }
}
