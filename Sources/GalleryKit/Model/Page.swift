import Foundation

/// A Markdown page: the home page (`index.md` at the root) or any other `.md` file that is
/// not album or photo metadata.
struct Page: Sendable, Hashable {
    /// Path of the source file relative to the content folder (`about.md`, `trips/notes.md`).
    var sourcePath: String
    /// URL path relative to the site root, ending in `/` (`about/`); empty for the home page.
    var urlPath: String
    var title: String
    var description: String
    var date: Date?
    var draft: Bool
    /// The body rendered from Markdown.
    var html: String
    /// Name of the template to render with (`page` unless front matter says `template:`).
    var template: String
    /// The protection of the album folder the page is in: its main content is sealed with the
    /// album's photos.
    var protection: AlbumProtection?

    init(
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
