import Foundation

/// What an album's `index.md` says.
struct AlbumMetadata {
    static let keys = [
        "title", "date", "cover", "layout", "hero", "sort", "draft", "description", "kenburns",
        "page_size",
    ]

    var title: String?
    var date: Date?
    var cover: String?
    var coverNode: YAMLNode?
    var layout: AlbumLayout = .justified
    var hero: [String] = []
    var heroNode: YAMLNode?
    var sort: PhotoSort = .date
    var draft = false
    var kenBurns = KenBurnsSettings()
    /// `page_size:` photos per album page; nil: site.yml's `layouts.page_size`.
    var pageSize: Int?
    var descriptionHTML = ""

    init() {}

    init(_ front: FrontMatter, reporter: IssueReporter, markdown: MarkdownOptions) {
        let fields = FieldReader(
            front.fields, knownKeys: Self.keys, reporter: reporter, sigalStyle: front.style == .sigal)
        title = fields.string("title")
        pageSize = fields.int("page_size", in: LayoutSettings.pageSizes)
        date = fields.date("date")
        cover = fields.string("cover")
        coverNode = fields.node("cover")
        layout = fields.choice("layout", AlbumLayout.self) ?? .justified
        hero = fields.list("hero", of: "photo file names", { $0 }) ?? []
        heroNode = fields.node("hero")
        sort = fields.choice("sort", PhotoSort.self) ?? .date
        draft = fields.bool("draft") ?? false
        kenBurns = MotionReader.kenBurns(fields)
        let body = front.body.trimmingCharacters(in: .whitespacesAndNewlines)
        let text = body.isEmpty ? (fields.string("description") ?? "") : front.body
        descriptionHTML = markdown.render(text, from: reporter.file)
    }
}

/// What a photo's sidecar `<name>.md` says.
struct PhotoMetadata {
    static let keys = ["title", "alt", "focus", "hidden", "kenburns"]

    var title: String?
    var alt: String?
    var focus: FocalPoint?
    var hidden = false
    var kenBurns = KenBurnsSettings()
    var captionHTML = ""

    init() {}

    init(_ front: FrontMatter, reporter: IssueReporter, markdown: MarkdownOptions) {
        let fields = FieldReader(
            front.fields, knownKeys: Self.keys, reporter: reporter, sigalStyle: front.style == .sigal)
        title = fields.string("title")
        alt = fields.string("alt")
        focus = fields.focus("focus")
        hidden = fields.bool("hidden") ?? false
        kenBurns = MotionReader.kenBurns(fields)
        captionHTML = markdown.render(front.body, from: reporter.file)
    }
}

/// Reads a page's front matter into a ``Page`` whose URL is filled in later.
enum PageReader {
    static let keys = ["title", "description", "date", "draft", "template"]

    static func page(
        _ front: FrontMatter, sourcePath: String, defaultTitle: String, reporter: IssueReporter,
        markdown: MarkdownOptions
    ) -> Page {
        let fields = FieldReader(
            front.fields, knownKeys: keys, reporter: reporter, sigalStyle: front.style == .sigal)
        return Page(
            sourcePath: sourcePath, urlPath: "", title: fields.string("title") ?? defaultTitle,
            description: fields.string("description") ?? "", date: fields.date("date"),
            draft: fields.bool("draft") ?? false,
            html: markdown.render(front.body, from: sourcePath),
            template: fields.name("template") ?? "page")
    }
}

/// How the content stage renders Markdown: raw HTML or not, and links resolved for the site's
/// base path (see ``MarkdownLinks``).
struct MarkdownOptions: Sendable {
    var allowRawHTML: Bool
    var basePath: String

    /// Renders `text`, written in the file at `sourcePath` (relative to the content folder).
    func render(_ text: String, from sourcePath: String) -> String {
        let links = MarkdownLinks(sourcePath: sourcePath, basePath: basePath)
        return Markdown.render(text, allowRawHTML: allowRawHTML, resolveLink: links.resolve)
    }
}
