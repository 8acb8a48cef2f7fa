import Foundation

/// A Markdown page: the home page (`index.md` at the root) or any other `.md` file that is
/// not album or photo metadata.
public struct Page: Sendable, Hashable {
    /// Path of the source file relative to the content folder (`about.md`, `trips/notes.md`).
    public var sourcePath: String
    /// URL path relative to the site root, ending in `/` (`about/`); empty for the home page.
    public var urlPath: String
    public var title: String
    public var description: String
    public var date: Date?
    public var draft: Bool
    /// The body rendered from Markdown.
    public var html: String
    /// Name of the template to render with (`page` unless front matter says `template:`).
    public var template: String

    public init(
        sourcePath: String, urlPath: String, title: String, description: String = "",
        date: Date? = nil, draft: Bool = false, html: String, template: String = "page"
    ) {
        self.sourcePath = sourcePath
        self.urlPath = urlPath
        self.title = title
        self.description = description
        self.date = date
        self.draft = draft
        self.html = html
        self.template = template
    }
}
