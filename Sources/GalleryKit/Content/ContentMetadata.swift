import Foundation

/// What an album's `index.md` says.
struct AlbumMetadata {
    static let keys = [
        "title", "date", "cover", "layout", "hero", "sort", "draft", "description", "kenburns",
    ]

    var title: String?
    var date: Date?
    var cover: String?
    var coverNode: YAMLNode?
    var layout: AlbumLayout = .grid
    var hero: [String] = []
    var heroNode: YAMLNode?
    var sort: PhotoSort = .date
    var draft = false
    var kenBurns = KenBurnsSettings()
    var descriptionHTML = ""

    init() {}

    init(_ front: FrontMatter, reporter: IssueReporter, allowRawHTML: Bool) {
        let fields = FieldReader(
            front.fields, knownKeys: Self.keys, reporter: reporter, sigalStyle: front.style == .sigal)
        title = fields.string("title")
        date = fields.date("date")
        cover = fields.string("cover")
        coverNode = fields.node("cover")
        layout = fields.choice("layout", AlbumLayout.self) ?? .grid
        hero = fields.list("hero", of: "photo file names", { $0 }) ?? []
        heroNode = fields.node("hero")
        sort = fields.choice("sort", PhotoSort.self) ?? .date
        draft = fields.bool("draft") ?? false
        kenBurns = MotionReader.kenBurns(fields)
        let body = front.body.trimmingCharacters(in: .whitespacesAndNewlines)
        let markdown = body.isEmpty ? (fields.string("description") ?? "") : front.body
        descriptionHTML = Markdown.render(markdown, allowRawHTML: allowRawHTML)
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

    init(_ front: FrontMatter, reporter: IssueReporter, allowRawHTML: Bool) {
        let fields = FieldReader(
            front.fields, knownKeys: Self.keys, reporter: reporter, sigalStyle: front.style == .sigal)
        title = fields.string("title")
        alt = fields.string("alt")
        focus = fields.focus("focus")
        hidden = fields.bool("hidden") ?? false
        kenBurns = MotionReader.kenBurns(fields)
        captionHTML = Markdown.render(front.body, allowRawHTML: allowRawHTML)
    }
}

/// Reads a page's front matter into a ``Page`` whose URL is filled in later.
enum PageReader {
    static let keys = ["title", "description", "date", "draft", "template"]

    static func page(
        _ front: FrontMatter, sourcePath: String, defaultTitle: String, reporter: IssueReporter,
        allowRawHTML: Bool
    ) -> Page {
        let fields = FieldReader(
            front.fields, knownKeys: keys, reporter: reporter, sigalStyle: front.style == .sigal)
        return Page(
            sourcePath: sourcePath, urlPath: "", title: fields.string("title") ?? defaultTitle,
            description: fields.string("description") ?? "", date: fields.date("date"),
            draft: fields.bool("draft") ?? false,
            html: Markdown.render(front.body, allowRawHTML: allowRawHTML),
            template: fields.name("template") ?? "page")
    }
}
