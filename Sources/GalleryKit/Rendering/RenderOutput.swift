/// The files rendered so far; failures are reported on the way. Two sources writing the same
/// path is an error on the second, never a silent overwrite.
struct RenderOutput {
    private(set) var files: [OutputFile] = []
    private var owners: [String: String] = [:]
    let diagnostics: DiagnosticCollector
    /// Whether the caller holds the page at a path, made from a fingerprint.
    private let keeping: (String, String) -> Bool
    /// Every page's fingerprint, rendered or kept.
    private(set) var fingerprints: [String: String] = [:]
    /// The pages kept rather than rendered.
    private(set) var kept: Set<String> = []
    /// The page being rendered, and each rendered page's own stylesheet.
    private var current: String?
    private(set) var needs: [String: [String]] = [:]

    init(diagnostics: DiagnosticCollector, keeping: @escaping (String, String) -> Bool = { _, _ in false }) {
        self.diagnostics = diagnostics
        self.keeping = keeping
    }

    /// The page at `path`, made from `fingerprint`: kept when the caller holds it made from the
    /// same, else rendered by `render`.
    mutating func page(_ path: String, _ fingerprint: String, render: (inout RenderOutput) -> Void) {
        fingerprints[path] = fingerprint
        if keeping(path, fingerprint) {
            kept.insert(path)
            return
        }
        current = path
        render(&self)
        current = nil
    }

    /// Renders `template` with `context` into `path`; a template error is reported and counted.
    mutating func render(
        _ path: String, _ template: String, _ context: TemplateValue, source: String,
        _ templates: TemplateLibrary
    ) {
        do {
            let (text, removed) = ControlCharacters.removed(from: try templates.render(template, context))
            if removed > 0 {
                diagnostics.emit(
                    .warning, SourceLocation(file: source),
                    "\(removed) control \(removed == 1 ? "character" : "characters") removed from \(path): "
                        + "HTML and XML forbid them (they came from a title, a caption or a file name)")
            }
            add(OutputFile(path: path, contents: Array(text.utf8)), source: source)
        } catch {
            let failure: any Error = error
            if let located = failure as? any LocatedError {
                diagnostics.emit(located)
            } else {
                fail(source, "cannot render \(path) with template '\(template)': \(failure)")
            }
        }
    }

    /// Renders a page and publishes the stylesheet it links.
    mutating func render(
        _ path: String, _ template: String, _ page: PageRender, source: String, _ templates: TemplateLibrary
    ) {
        render(path, template, page.context, source: source, templates)
        if let stylesheet = page.stylesheet {
            addShared(stylesheet)
            if let current { needs[current, default: []].append(stylesheet.path) }
        }
    }

    /// Adds a content-addressed file (its path names its bytes), once however many pages use it.
    mutating func addShared(_ file: OutputFile) {
        if owners[file.path] == nil { add(file, source: "generated") }
    }

    /// Adds a finished file unless another source already wrote that path.
    mutating func add(_ file: OutputFile, source: String) {
        if let owner = owners[file.path] {
            fail(source, "\(file.path) is also written by \(owner); rename one of them")
            return
        }
        owners[file.path] = source
        files.append(file)
    }

    /// Reports an error on `source`.
    func fail(_ source: String, _ message: String) {
        diagnostics.emit(.error, SourceLocation(file: source), message)
    }
}
