import Foundation
import Testing

@testable import GalleryKit

/// A tiny in-memory site for rendering tests: a home page, an about page, two albums (one
/// nested in the other), three processed photos and one photo that failed to process.
enum RenderFixture {
    static let now = Date(timeIntervalSince1970: 1_764_547_200)  // 2025-12-01T00:00:00Z

    /// The repository root, from this file's path.
    static var repositoryRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
    }

    static func date(_ text: String) -> Date {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.date(from: text) ?? Date(timeIntervalSince1970: 0)
    }

    static func renditions(
        _ base: String, width: Int, height: Int, widths: [Int], formats: [ImageFormat]
    ) -> [Rendition] {
        formats.flatMap { format in
            widths.map { w in
                Rendition(
                    path: "_img/\(base)-\(w).\(format.fileExtension)", width: w,
                    height: (height * w + width / 2) / width, format: format, byteCount: w * 40)
            }
        }
    }

    static let glacier = PhotoSource(
        sourcePath: "iceland/glacier.jpg", fileName: "glacier.jpg", slug: "glacier",
        urlPath: "iceland/glacier/", title: "Glacier at dawn", alt: "A blue glacier under a pink sky",
        captionHTML: "<p>Taken from the <em>boat</em>.</p>\n", sidecarPath: "iceland/glacier.md")
    static let untitled = PhotoSource(
        sourcePath: "iceland/DSC_0142.jpg", fileName: "DSC_0142.jpg", slug: "dsc-0142",
        urlPath: "iceland/dsc-0142/")
    static let broken = PhotoSource(
        sourcePath: "iceland/broken.jpg", fileName: "broken.jpg", slug: "broken",
        urlPath: "iceland/broken/")
    static let fjord = PhotoSource(
        sourcePath: "iceland/fjords/fjord.jpg", fileName: "fjord.jpg", slug: "fjord",
        urlPath: "iceland/fjords/fjord/")

    /// `source` paired with its derivatives, as rendering sees a photo.
    static func shown(_ source: PhotoSource) throws -> ProcessedPhoto {
        ProcessedPhoto(source: source, derivatives: try #require(photos[source.sourcePath]))
    }

    static var photos: [String: PhotoDerivatives] {
        var glacierExif = ExifSummary()
        glacierExif.cameraMake = "FUJIFILM"
        glacierExif.cameraModel = "X-T4"
        glacierExif.lens = "XF16-55mmF2.8 R LM WR"
        glacierExif.focalLength = 23
        glacierExif.aperture = 5.6
        glacierExif.exposureTime = 1.0 / 250
        glacierExif.iso = 160
        glacierExif.dateTaken = date("2024-06-02T04:12:30Z")
        var untitledExif = ExifSummary()
        untitledExif.exposureTime = 2
        untitledExif.dateTaken = date("2024-06-03T22:00:00Z")
        var fjordExif = ExifSummary()
        fjordExif.imageDescription = "Fjord & mountains <wide>"
        return [
            glacier.sourcePath: PhotoDerivatives(
                width: 3000, height: 2000, exif: glacierExif,
                renditions: renditions(
                    "a1/glacier", width: 3000, height: 2000, widths: [480, 960, 1600],
                    formats: [.jpeg, .webp])),
            untitled.sourcePath: PhotoDerivatives(
                width: 1200, height: 1600, exif: untitledExif,
                renditions: renditions(
                    "b2/dsc-0142", width: 1200, height: 1600, widths: [480, 960, 1200], formats: [.jpeg])),
            fjord.sourcePath: PhotoDerivatives(
                width: 800, height: 600, exif: fjordExif,
                renditions: renditions(
                    "c3/fjord", width: 800, height: 600, widths: [480, 800], formats: [.jpeg])),
        ]
    }

    static func site(baseURL: String = "https://example.org/photos/") -> Site {
        var config = SiteConfig()
        config.title = "Test Gallery"
        config.description = "Photographs for tests"
        config.author = "Ada Lovelace"
        config.baseURL = baseURL
        let fjords = Album(
            sourcePath: "iceland/fjords", urlPath: "iceland/fjords/", title: "Fjords",
            photos: [fjord])
        let iceland = Album(
            sourcePath: "iceland", urlPath: "iceland/", title: "Iceland & <Friends>",
            date: date("2024-06-01T00:00:00Z"), cover: "glacier.jpg",
            descriptionHTML: "<p>Ten days <strong>around</strong> the island.</p>\n",
            photos: [untitled, glacier, broken], albums: [fjords])
        let root = Album(sourcePath: "", urlPath: "", title: "Test Gallery", albums: [iceland])
        let home = Page(
            sourcePath: "index.md", urlPath: "", title: "Welcome", html: "<p>Hello &amp; welcome.</p>\n")
        let about = Page(
            sourcePath: "about.md", urlPath: "about/", title: "About", description: "Who took these",
            html: "<p>About me.</p>\n")
        return Site(config: config, home: home, pages: [about], root: root)
    }

    /// The default theme's templates, straight from the repository.
    static func templates() throws -> TemplateLibrary {
        try ThemeFolders([
            (url: repositoryRoot.appendingPathComponent("Templates"), displayPath: "Templates")
        ]).templates()
    }

    /// Small fixed assets, so goldens do not change with every edit of the real stylesheet.
    static func assets() throws -> ThemeAssets {
        ThemeAssets(files: [
            ("galleryc.css", Array("body { margin: 0; }\n".utf8)), ("galleryc.js", Array("// script\n".utf8)),
        ])
    }

    /// The generated stylesheets that `html` links, in its order, joined: its album's photo
    /// sheets (`assets/galleryc-photos.<hash>.css`) and its own (`assets/galleryc-page.<hash>.css`),
    /// from the rendered files of a site with `base_url` `https://example.org/photos/`. Fails
    /// when the page links none.
    static func pageCSS(_ html: String, in files: [String: String]) throws -> String {
        var sheets: [String] = []
        for kind in ["galleryc-photos.", "galleryc-page."] {
            let marker = #"<link rel="stylesheet" href="/photos/assets/"# + kind
            var rest = html[...]
            while let start = rest.range(of: marker)?.upperBound {
                let end = try #require(rest[start...].firstIndex(of: "\""))
                let name = "assets/" + kind + rest[start..<end]
                sheets.append(try #require(files[name]))
                rest = rest[end...]
            }
        }
        try #require(!sheets.isEmpty, "the page links no generated stylesheet")
        return sheets.joined()
    }

    /// Renders the fixture site with the real theme.
    static func render(
        site: Site = site(), photos: [String: PhotoDerivatives] = photos,
        diagnostics: DiagnosticCollector = DiagnosticCollector()
    ) throws -> [String: String] {
        let renderer = SiteRenderer(
            site: site, photos: photos, templates: try templates(), themeAssets: try assets(),
            sourceDate: now,
            diagnostics: diagnostics)
        var files: [String: String] = [:]
        for file in renderer.render() {
            files[file.path] = String(decoding: file.contents, as: UTF8.self)
        }
        return files
    }
}
