/// The files rendered so far; failures are reported on the way. Two sources writing the same
/// path is an error on the second, never a silent overwrite.
///
/// Pages are rendered side by side on the build's workers: ``page(_:_:render:)`` only queues a
/// page that must be rendered, and the queued pages are rendered together (each into its own
/// ``PageOutput``) before the next file is added or ``finish()`` returns; what they made is
/// then added in the order the pages were queued, so the files, the errors about a path
/// written twice and the stylesheets each page needs are those of a one-by-one rendering.
///
/// With a ``Delivery`` the files leave as they are made: queued pages are rendered
/// ``pagesPerRound`` at a time and what each round made is handed over, with each file's
/// fingerprint, before the next round starts; ``finish()`` hands over the rest and returns
/// nothing. A build writes them at once, so a site's pages never all sit in memory (at 50,000
/// photos they are half a gigabyte of HTML).
struct RenderOutput {
    /// Takes finished files, each with its fingerprint when the renderer made one (a page's,
    /// a group member's; nil for a file named by its bytes), in the order they were added.
    typealias Delivery = @Sendable (_ files: [(file: OutputFile, fingerprint: String?)]) -> Void
    /// Pages rendered side by side before their files are handed over.
    static let pagesPerRound = 256

    private(set) var files: [OutputFile] = []
    private var owners: [String: String] = [:]
    let diagnostics: DiagnosticCollector
    /// Whether the caller holds the page at a path, made from a fingerprint.
    private let keeping: @Sendable (String, String) -> Bool
    /// Where queued pages are rendered; nil renders them one by one on the calling thread.
    private let workers: WorkerPool?
    /// Every page's fingerprint, rendered or kept.
    private(set) var fingerprints: [String: String] = [:]
    /// The pages kept rather than rendered.
    private(set) var kept: Set<String> = []
    /// Each rendered page's own stylesheet.
    private(set) var needs: [String: [String]] = [:]
    /// Pages queued to be rendered, in order.
    private var queued: [(path: String, render: @Sendable (inout PageOutput) -> Void)] = []
    /// Where finished files go; nil keeps them in ``files``.
    private let deliver: Delivery?

    /// - Parameters:
    ///   - workers: the build's pool, when the renderer runs on one of its threads
    ///     (``WorkerPool/mapWaiting(_:_:)``); nil renders page after page.
    ///   - deliver: takes the files as they are made; nil keeps them all for ``finish()``.
    init(
        diagnostics: DiagnosticCollector,
        keeping: @escaping @Sendable (String, String) -> Bool = { _, _ in false },
        workers: WorkerPool? = nil, deliver: Delivery? = nil
    ) {
        self.diagnostics = diagnostics
        self.keeping = keeping
        self.workers = workers
        self.deliver = deliver
    }

    /// The page at `path`, made from `fingerprint`: kept when the caller holds it made from the
    /// same, else queued to be rendered by `render`.
    mutating func page(
        _ path: String, _ fingerprint: String, render: @escaping @Sendable (inout PageOutput) -> Void
    ) {
        take(path, fingerprint, kept: keeping(path, fingerprint), render: render)
    }

    /// Records the page's fingerprint, and the page as kept or queued.
    private mutating func take(
        _ path: String, _ fingerprint: String, kept isKept: Bool,
        render: @escaping @Sendable (inout PageOutput) -> Void
    ) {
        fingerprints[path] = fingerprint
        if isKept {
            kept.insert(path)
        } else {
            queued.append((path, render))
        }
    }

    /// ``page(_:_:render:)`` for `count` pages whose fingerprints are the costly part (an
    /// album's photo pages: 50,000 of them at 50,000 photos): each page's path and
    /// fingerprint (`page(index)`), and whether the caller holds it made from that, are worked
    /// out on the workers side by side; the pages are then taken in order, as one by one.
    /// `render(index, &page)` renders page `index` into `page` (whose `path` it has).
    mutating func pages(
        _ count: Int, _ page: @escaping @Sendable (Int) -> (path: String, fingerprint: String),
        render: @escaping @Sendable (Int, inout PageOutput) -> Void
    ) {
        let keeping = keeping
        let decide: @Sendable (Int) -> (path: String, fingerprint: String, kept: Bool) = { index in
            let (path, fingerprint) = page(index)
            return (path, fingerprint, keeping(path, fingerprint))
        }
        let decided = workers?.mapWaiting(count, decide) ?? (0..<count).map(decide)
        fingerprints.reserveCapacity(fingerprints.count + count)
        for (index, page) in decided.enumerated() {
            take(page.path, page.fingerprint, kept: page.kept) { output in render(index, &output) }
        }
    }

    /// Files made together (the search index), each fingerprinted by `fingerprint` and its
    /// path: kept, all of them, when the caller holds `first` and each of `others` (what it
    /// recorded of the group last time) made from that; else `make` is queued beside the pages.
    mutating func group(
        first: String, others: [String], fingerprint: String, source: String,
        make: @escaping @Sendable () -> [OutputFile]
    ) {
        let all = [first] + others
        let prints = all.map { Self.memberPrint(fingerprint, $0) }
        if zip(all, prints).allSatisfy({ keeping($0, $1) }) {
            for (path, print) in zip(all, prints) {
                fingerprints[path] = print
                kept.insert(path)
            }
            return
        }
        queued.append(
            (
                first,
                { output in
                    for file in make() {
                        output.files.append((file, source))
                        output.fingerprints[file.path] = Self.memberPrint(fingerprint, file.path)
                    }
                }
            ))
    }

    private static func memberPrint(_ group: String, _ path: String) -> String {
        Fingerprint.of { print in
            print.add("group", group)
            print.add("path", path)
        }
    }

    /// Every file, once the queued pages are rendered and added; empty with a ``Delivery``,
    /// which has had them all.
    mutating func finish() -> [OutputFile] {
        renderQueued()
        handOver()
        return files
    }

    /// Renders the queued pages, on the workers when there are some, and adds what each made
    /// in the order they were queued; with a ``Delivery``, round by round, each round's files
    /// handed over before the next is rendered.
    private mutating func renderQueued() {
        guard !queued.isEmpty else { return }
        let all = queued
        queued = []
        let diagnostics = diagnostics
        let round = deliver == nil ? all.count : Self.pagesPerRound
        for start in stride(from: 0, to: all.count, by: round) {
            let pages = all[start..<min(all.count, start + round)]
            let render: @Sendable (Int) -> PageOutput = { index in
                let queued = pages[pages.startIndex + index]
                var page = PageOutput(path: queued.path, diagnostics: diagnostics)
                queued.render(&page)
                return page
            }
            let made = workers?.mapWaiting(pages.count, render) ?? (0..<pages.count).map(render)
            for page in made {
                // First: a group member's fingerprint goes with the file when it is handed over.
                fingerprints.merge(page.fingerprints) { _, made in made }
                for (file, source) in page.files {
                    if let source { add(file, source: source) } else { addShared(file) }
                }
                if !page.stylesheets.isEmpty { needs[page.path, default: []] += page.stylesheets }
            }
            handOver()
        }
    }

    /// Hands the files added so far to the ``Delivery``, if there is one, and forgets them.
    private mutating func handOver() {
        guard let deliver, !files.isEmpty else { return }
        deliver(files.map { ($0, fingerprints[$0.path]) })
        files = []
    }

    /// Adds a content-addressed file (its path names its bytes), once however many pages use it.
    mutating func addShared(_ file: OutputFile) {
        renderQueued()
        if owners[file.path] == nil { add(file, source: "generated") }
    }

    /// Adds a finished file unless another source already wrote that path.
    mutating func add(_ file: OutputFile, source: String) {
        renderQueued()
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

/// What rendering one page made: the page's file and the shared stylesheet it links, in the
/// order made, for ``RenderOutput`` to add; template errors are reported as they happen.
struct PageOutput: Sendable {
    /// The page's path.
    let path: String
    let diagnostics: DiagnosticCollector
    /// Each file with the source it is written for; nil for a content-addressed shared file.
    fileprivate(set) var files: [(file: OutputFile, source: String?)] = []
    /// The paths of the stylesheets the page links, which must be published with it.
    fileprivate(set) var stylesheets: [String] = []
    /// The fingerprints of files made with the page that are not content-addressed by their
    /// bytes (the members of a group).
    fileprivate(set) var fingerprints: [String: String] = [:]

    /// Renders `template` with `context` into `path`; a template error is reported and counted.
    mutating func render(
        _ path: String, _ template: String, _ context: TemplateValue, source: String,
        _ templates: TemplateLibrary
    ) {
        if let text = text(path, template, context, source: source, templates) {
            files.append((OutputFile(path: path, contents: Array(text.utf8)), source))
        }
    }

    /// A page of a password-protected album: rendered as a public album's page would be, then
    /// sealed whole with its own stylesheet (which is not published) into the lock page that
    /// `lock(payload)` gives (``ContextBuilder/lockedPage(urlPath:ancestors:photoPage:key:payload:)``).
    mutating func renderSealed(
        _ path: String, _ template: String, _ page: PageRender, source: String, _ templates: TemplateLibrary,
        sealer: PageSealer, lock: (String) -> TemplateValue
    ) {
        guard let text = text(path, template, page.context, source: source, templates) else { return }
        let css = page.stylesheet.map { [String(decoding: $0.contents, as: UTF8.self)] } ?? []
        let payload = sealer.seal(html: text, css: css, path: path)
        render(path, "locked", lock(payload), source: source, templates)
    }

    /// The text of `template` rendered with `context`, without control characters (a
    /// warning says how many went); nil when it failed (reported).
    private func text(
        _ path: String, _ template: String, _ context: TemplateValue, source: String,
        _ templates: TemplateLibrary
    ) -> String? {
        do {
            let (text, removed) = ControlCharacters.removed(from: try templates.render(template, context))
            if removed > 0 {
                diagnostics.emit(
                    .warning, SourceLocation(file: source),
                    "\(removed) control \(removed == 1 ? "character" : "characters") removed from \(path): "
                        + "HTML and XML forbid them (they came from a title, a caption or a file name)")
            }
            return text
        } catch {
            let failure: any Error = error
            if let located = failure as? any LocatedError {
                diagnostics.emit(located)
            } else {
                diagnostics.emit(
                    .error, SourceLocation(file: source),
                    "cannot render \(path) with template '\(template)': \(failure)")
            }
            return nil
        }
    }

    /// Renders a page and publishes the stylesheet it links.
    mutating func render(
        _ path: String, _ template: String, _ page: PageRender, source: String, _ templates: TemplateLibrary
    ) {
        render(path, template, page.context, source: source, templates)
        if let stylesheet = page.stylesheet {
            files.append((stylesheet, nil))
            stylesheets.append(stylesheet.path)
        }
    }
}
