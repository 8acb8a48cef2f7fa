/// Turns the links a photographer writes in Markdown into links that work on the built site.
///
/// In a Markdown file, a relative link names another source file or folder, relative to the
/// file it is written in, as it would on disk or on a Git host: `../trip/index.md`,
/// `about.md`, `night/`, `night/moon.jpg`. On the site, pages live one folder deeper
/// (`about.md` becomes `about/`), names become slugs and the site may live under a sub-path.
/// So each relative link is resolved against the source file's folder and mapped to the URL of
/// what it names: a `.md` file to its page (`index.md` to its folder), a photo to its photo
/// page, a folder to its album; then the base path is put in front. A root-relative link
/// (`/space/`) gets the base path in front. Links with a scheme (`https:`, `mailto:`),
/// fragments (`#notes`), protocol-relative links and links that climb above the content folder
/// are left as written.
///
/// Slugs are computed here without the album's other names, so a name that needed a `-2`
/// suffix to stay unique is not followed; such a link should use the URL instead.
struct MarkdownLinks: Sendable {
    /// The Markdown file's path relative to the content folder.
    var sourcePath: String
    /// The site's base path, `/` or `/photos/`.
    var basePath: String

    /// The URL `link` should point to on the built site.
    func resolve(_ link: String) -> String {
        guard !link.isEmpty, !link.hasPrefix("#"), !link.hasPrefix("?"), !link.hasPrefix("//"),
            !Self.hasScheme(link)
        else { return link }
        let suffixStart = link.firstIndex { $0 == "#" || $0 == "?" } ?? link.endIndex
        let path = String(link[..<suffixStart])
        let suffix = String(link[suffixStart...])
        if path.hasPrefix("/") {
            return basePath + path.dropFirst() + suffix
        }
        var components = sourcePath.split(separator: "/").dropLast().map(String.init)
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..":
                guard !components.isEmpty else { return link }
                components.removeLast()
            default: components.append(String(part.removingPercentEncoding ?? String(part)))
            }
        }
        guard let last = components.popLast() else { return basePath + suffix }
        var slugs = components.map { Slug.make(from: $0, fallback: "album") }
        let dot = last.lastIndex(of: ".")
        let ext = dot.map { last[last.index(after: $0)...].lowercased() } ?? ""
        let stem = dot.map { String(last[..<$0]) } ?? last
        if ext == "md" {
            if stem.lowercased() != "index" { slugs.append(Slug.make(from: stem, fallback: "page")) }
        } else if FolderScanner.photoExtensions.contains(ext) {
            slugs.append(Slug.make(from: stem, fallback: "photo"))
        } else if ext.isEmpty {
            slugs.append(Slug.make(from: last, fallback: "album"))
        } else {
            // Some other file: not published by galleryc, so leave the link as written.
            return link
        }
        let joined = slugs.joined(separator: "/")
        return basePath + joined + (joined.isEmpty ? "" : "/") + suffix
    }

    /// True for `https:`, `mailto:`, `data:` ...: a scheme before any `/`.
    private static func hasScheme(_ link: String) -> Bool {
        guard let colon = link.firstIndex(of: ":") else { return false }
        let scheme = link[..<colon]
        guard let first = scheme.first, first.isLetter else { return false }
        return scheme.allSatisfy { $0.isLetter || $0.isNumber || "+-.".contains($0) }
    }
}
