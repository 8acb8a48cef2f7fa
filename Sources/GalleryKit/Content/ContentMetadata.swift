import Foundation

/// What an album's `index.md` (or Hugo's `_index.md`) says.
struct AlbumMetadata {
    static let keys =
        [
            "title", "date", "cover", "layout", "hero", "sort", "draft", "description", "kenburns", "weight",
            "unlisted", "resources", "params", "downloads", "tags", "categories", "page_size", "password",
            "password_env", "map",
        ] + HugoBundle.readAs.keys.sorted() + HugoBundle.noEffect.sorted()

    var title: String?
    var date: Date?
    var cover: String?
    var coverNode: YAMLNode?
    var layout: AlbumLayout = .justified
    var hero: [String] = []
    var heroNode: YAMLNode?
    var sort: PhotoSort = .date
    var draft = false
    /// Built and reachable by its URL, but listed nowhere (`unlisted:`, Hugo's `private:`).
    var unlisted = false
    /// `map: true`: a map of the album's places on its page; nil takes site.yml's `maps:`.
    var map: Bool?
    /// Order among sibling albums: lower first, then the unweighted ones newest first.
    var weight: Int?
    /// `downloads: {zip: true}`: this album's originals as one ZIP.
    var zipDownload: Bool?
    var kenBurns = KenBurnsSettings()
    /// `page_size:` photos per album page; nil: site.yml's `layouts.page_size`.
    var pageSize: Int?
    var descriptionHTML = ""
    /// Hugo's `resources:` entries, applied to the photos their `src` matches.
    var resources: [HugoBundle.Resource] = []
    /// `tags:` and Hugo's `categories:`: tags of every photo of the album.
    var tags: [String] = []
    /// `password:` (the password itself, in the file) and where it is written.
    var password: (value: String, node: YAMLNode)?
    /// `password_env: NAME` (the password is NAME's value in the build's environment).
    var passwordVariable: (name: String, node: YAMLNode)?

    init() {}

    init(_ front: FrontMatter, reporter: IssueReporter, markdown: MarkdownOptions) {
        let fields = FieldReader(
            front.fields, knownKeys: Self.keys, reporter: reporter, sigalStyle: front.style == .sigal)
        let params = FieldReader(
            fields.node("params"), knownKeys: HugoBundle.paramsKeys, reporter: reporter, prefix: "params.",
            hugoParams: true)
        Self.reportHugoKeys(fields, params, reporter: reporter)
        title = fields.string("title")
        pageSize = fields.int("page_size", in: LayoutSettings.pageSizes)
        date = fields.date("date")
        for (key, source) in [
            ("cover", fields), ("cover", params), ("featured_image", fields), ("featured_image", params),
        ]
        where cover == nil {
            cover = source.string(key)
            coverNode = source.node(key)
        }
        layout = fields.choice("layout", AlbumLayout.self) ?? .justified
        hero = fields.list("hero", of: "photo file names", { $0 }) ?? []
        heroNode = fields.node("hero")
        sort = fields.choice("sort", PhotoSort.self) ?? Self.hugoSort(fields) ?? .date
        draft = fields.bool("draft") ?? false
        unlisted = fields.bool("unlisted") ?? fields.bool("private") ?? params.bool("private") ?? false
        map = fields.bool("map")
        weight = fields.int("weight", in: -1_000_000...1_000_000)
        resources = HugoBundle.resources(fields.node("resources"), reporter: reporter)
        zipDownload = fields.nested("downloads", knownKeys: ["zip"])?.bool("zip")
        kenBurns = MotionReader.kenBurns(fields)
        if let value = fields.string("password"), let node = fields.node("password") {
            password = (value, node)
        }
        if let name = fields.string("password_env"), let node = fields.node("password_env") {
            passwordVariable = (name, node)
        }
        tags = DescriptiveMetadata.uniqueKeywords(
            (fields.list("tags", of: "words") { $0 } ?? [])
                + (fields.list("categories", of: "words") { $0 } ?? []))
        let body = front.body.trimmingCharacters(in: .whitespacesAndNewlines)
        let description = fields.string("description") ?? params.string("description")
        let text = body.isEmpty ? (description ?? "") : front.body
        descriptionHTML = markdown.render(text, from: reporter.file)
    }

    /// Hugo's `sort_by` (`Name`, `Date`) and `sort_order` (`asc`, `desc`) as a `sort:`.
    private static func hugoSort(_ fields: FieldReader) -> PhotoSort? {
        guard fields.node("sort_by") != nil || fields.node("sort_order") != nil else { return nil }
        let byName =
            fields.typed("sort_by", "Name or Date") { ["name": true, "date": false][$0.lowercased()] }
            ?? false
        let descending =
            fields.typed("sort_order", "asc or desc") { ["asc": false, "desc": true][$0.lowercased()] }
            ?? false
        return byName ? (descending ? .nameDescending : .name) : (descending ? .dateDescending : .date)
    }

    /// One warning for each Hugo key that galleryc reads as another, or not at all (on a page,
    /// `page` true, the album keys have no effect either).
    static func reportHugoKeys(
        _ fields: FieldReader, _ params: FieldReader? = nil, page: Bool = false, reporter: IssueReporter
    ) {
        for (key, ours) in HugoBundle.readAs.sorted(by: { $0.key < $1.key }) {
            if let node = fields.keyNode(key) {
                let meaning = page ? "has no effect on a page in galleryc" : "is read as '\(ours)'"
                reporter.report(.hugoKey(key, meaning: meaning), at: node)
            }
        }
        for key in HugoBundle.noEffect.sorted() {
            if let node = fields.keyNode(key) {
                reporter.report(.hugoKey(key, meaning: "has no effect in galleryc"), at: node)
            }
        }
        for key in ["cover", "featured_image", "private", "description"] {
            if let node = params?.keyNode(key) {
                let ours = ["private": "unlisted", "featured_image": "cover"][key] ?? key
                reporter.report(.hugoKey("params.\(key)", meaning: "is read as '\(ours)'"), at: node)
            }
        }
    }
}

/// What a photo's sidecar `<name>.md` says.
struct PhotoMetadata {
    static let keys = ["title", "alt", "focus", "hidden", "kenburns", "tags", "poster", "place"]

    var title: String?
    var alt: String?
    var focus: FocalPoint?
    var hidden = false
    var kenBurns = KenBurnsSettings()
    var captionHTML = ""
    /// `tags: [a, b]`: the photo's tags, instead of its metadata's keywords.
    var tags: [String]?
    /// A video's poster frame, in seconds from its start (`poster: 2.5`).
    var posterTime: Double?
    /// `place: Aiguille du Midi` names where it was taken; `place: false` hides it.
    var place: PlaceOverride?

    init() {}

    /// - Parameter video: the sidecar is a video's: `poster:` applies (on a photo's, it warns).
    init(_ front: FrontMatter, reporter: IssueReporter, markdown: MarkdownOptions, video: Bool = false) {
        let fields = FieldReader(
            front.fields, knownKeys: Self.keys, reporter: reporter, sigalStyle: front.style == .sigal)
        if video {
            posterTime = fields.double("poster", in: 0...86_400)
        } else if let node = fields.keyNode("poster") {
            reporter.report(.videoOnlyKey("poster"), at: node)
        }
        title = fields.string("title")
        alt = fields.string("alt")
        focus = fields.focus("focus")
        hidden = fields.bool("hidden") ?? false
        kenBurns = MotionReader.kenBurns(fields)
        tags = fields.list("tags", of: "words") { $0 }.map(DescriptiveMetadata.uniqueKeywords)
        if let node = fields.node("place") {
            switch (node.scalar, node.scalar.flatMap(ScalarTypes.bool)) {
            case (_, false?): place = .hidden
            case (let text?, nil) where !text.trimmingCharacters(in: .whitespaces).isEmpty:
                place = .named(text.trimmingCharacters(in: .whitespaces))
            default: reporter.report(.placeNotText(found: node.summary), at: node)
            }
        }
        captionHTML = markdown.render(front.body, from: reporter.file)
    }
}

/// Reads a page's front matter into a ``Page`` whose URL is filled in later.
enum PageReader {
    static let keys =
        ["title", "description", "date", "draft", "template"] + HugoBundle.readAs.keys.sorted()
        + HugoBundle.noEffect.sorted() + ["weight", "params", "resources", "tags", "categories"]

    static func page(
        _ front: FrontMatter, sourcePath: String, defaultTitle: String, reporter: IssueReporter,
        markdown: MarkdownOptions
    ) -> Page {
        let fields = FieldReader(
            front.fields, knownKeys: keys, reporter: reporter, sigalStyle: front.style == .sigal)
        AlbumMetadata.reportHugoKeys(fields, page: true, reporter: reporter)
        for key in ["weight", "params", "resources"] {
            if let node = fields.keyNode(key) {
                reporter.report(.hugoKey(key, meaning: "has no effect on a page in galleryc"), at: node)
            }
        }
        for key in ["tags", "categories"] {
            if let node = fields.keyNode(key) {
                let meaning =
                    "has no effect on a page in galleryc (tag pages list photos: tag an album or a photo)"
                reporter.report(.hugoKey(key, meaning: meaning), at: node)
            }
        }
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
