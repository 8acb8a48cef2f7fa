import Foundation
import Testing

@testable import GalleryKit

/// Loading a theme plus site overrides from real directories: ``ThemeFolders`` reads them,
/// ``TemplateLibrary`` parses what it read.
@Suite struct ThemeFoldersTests {
    /// A fresh temporary folder holding `files` (relative path -> contents).
    private func folder(_ files: [String: String]) throws -> URL {
        let root = FileManager.default.temporaryDirectory
            .appendingPathComponent("template-library-\(UUID().uuidString)")
        for (path, contents) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try contents.write(to: url, atomically: true, encoding: .utf8)
        }
        return root
    }

    private func remove(_ urls: URL...) {
        for url in urls { try? FileManager.default.removeItem(at: url) }
    }

    @Test func siteOverridesWinOverTheDefaultTheme() throws {
        let theme = try folder([
            "album.mustache": "<main>{{>partials/photo-card}}|{{>partials/footer}}</main>",
            "partials/photo-card.mustache": "theme card {{title}}",
            "partials/footer.mustache": "theme footer",
            "notes.txt": "{{#not a template",
        ])
        let site = try folder(["partials/photo-card.mustache": "site card {{title}}"])
        defer { remove(theme, site) }
        let library = try ThemeFolders([
            (site, "content/templates"), (theme, "Templates"),
        ]).templates()
        #expect(library.names == ["album", "partials/footer", "partials/photo-card"])
        #expect(library.contains("partials/photo-card"))
        #expect(!library.contains("notes"))
        #expect(
            try library.render("album", ["title": "Fjords"]) == "<main>site card Fjords|theme footer</main>")
    }

    @Test func missingDirectoryIsSkipped() throws {
        let theme = try folder(["page.mustache": "{{title}}"])
        defer { remove(theme) }
        let nowhere = theme.appendingPathComponent("no-such-folder")
        let library = try ThemeFolders([(nowhere, "content/templates"), (theme, "Templates")]).templates()
        #expect(try library.render("page", ["title": "About"]) == "About")
    }

    @Test func everyProblemInEveryFileIsReportedAtOnce() throws {
        let theme = try folder([
            "album.mustache": "ok\n{{#photos}}\n",
            "page.mustache": "{{>partials/missing}}\n{{<layouts/none}}{{/layouts/none}}",
            "partials/card.mustache": "fine",
            "broken-but-overridden.mustache": "{{#x}}",
        ])
        let site = try folder([
            "broken-but-overridden.mustache": "fine",
            "partials/card.mustache": "{{/card}}",
        ])
        defer { remove(theme, site) }
        let thrown = try #require(
            throws: TemplateLibraryErrors.self,
            performing: { try ThemeFolders([(site, "templates"), (theme, "Templates")]).templates() })
        #expect(
            thrown.errors.map(\.description) == [
                "Templates/album.mustache:2:1: error: unclosed section 'photos' opened here",
                "Templates/page.mustache:1:1: error: unknown partial 'partials/missing'",
                "Templates/page.mustache:2:1: error: unknown parent 'layouts/none'",
                "templates/partials/card.mustache:1:1: error: unexpected closing tag 'card': no section is open",
            ])
    }

    @Test func unreadableTemplateIsReported() throws {
        let theme = try folder([:])
        defer { remove(theme) }
        try FileManager.default.createDirectory(at: theme, withIntermediateDirectories: true)
        try Data([0x7B, 0x7B, 0xFF, 0xFE, 0x7D, 0x7D]).write(to: theme.appendingPathComponent("bad.mustache"))
        let thrown = try #require(
            throws: TemplateLibraryErrors.self,
            performing: { try ThemeFolders([(theme, "Templates")]).templates() })
        #expect(
            thrown.errors.map(\.description) == [
                "Templates/bad.mustache: error: cannot read template: not UTF-8 text"
            ])
    }

    @Test func layoutsResolveParentsAndBlocksByName() throws {
        let theme = try folder([
            "layouts/base.mustache": "<html>\n  <body>\n    {{$content}}{{/content}}\n  </body>\n</html>\n",
            "album.mustache":
                "{{<layouts/base}}\n{{$content}}\n<h1>{{title}}</h1>\n{{/content}}\n{{/layouts/base}}\n",
        ])
        defer { remove(theme) }
        let library = try ThemeFolders([(theme, "Templates")]).templates()
        // The spec keeps the newline after `{{$content}}{{/content}}` on one line ("Standalone
        // block"), hence the blank line; the two-line form below avoids it.
        #expect(
            try library.render("album", ["title": "Iceland & co"])
                == "<html>\n  <body>\n    <h1>Iceland &amp; co</h1>\n\n  </body>\n</html>\n")
    }

    @Test func blockContentIsReindentedAtTheLayoutsIndentation() throws {
        let theme = try folder([
            "layouts/base.mustache": "<body>\n    {{$content}}\n    {{/content}}\n</body>\n",
            "page.mustache":
                "{{<layouts/base}}\n{{$content}}\n<h1>{{title}}</h1>\n<p>\n  {{body}}\n</p>\n{{/content}}\n{{/layouts/base}}\n",
        ])
        defer { remove(theme) }
        let library = try ThemeFolders([(theme, "Templates")]).templates()
        #expect(
            try library.render("page", ["title": "About", "body": "Hi"])
                == "<body>\n    <h1>About</h1>\n    <p>\n      Hi\n    </p>\n</body>\n")
    }

    @Test func dynamicPartialThatResolvesToNothingIsAnErrorAtTheTag() throws {
        let theme = try folder(["page.mustache": "<main>\n  {{>*layout}}\n</main>", "grid.mustache": "grid"])
        defer { remove(theme) }
        let library = try ThemeFolders([(theme, "Templates")]).templates()
        #expect(try library.render("page", ["layout": "grid"]) == "<main>\n  grid</main>")
        let unknown = try #require(
            throws: TemplateError.self, performing: { try library.render("page", ["layout": "mosaic"]) })
        #expect(unknown.description == "Templates/page.mustache:2:3: error: unknown partial 'mosaic'")
        let missing = try #require(
            throws: TemplateError.self, performing: { try library.render("page", [:]) })
        #expect(
            missing.description
                == "Templates/page.mustache:2:3: error: dynamic name '*layout' is not a string in the context"
        )
    }

    @Test func errorInsideABlockArgumentNamesTheFileThatWroteIt() throws {
        let theme = try folder([
            "layouts/base.mustache": "<body>\n{{$content}}{{/content}}\n</body>",
            "page.mustache":
                "{{<layouts/base}}\n{{$content}}\n<p>\n  {{>*widget}}\n</p>\n{{/content}}\n{{/layouts/base}}",
        ])
        defer { remove(theme) }
        let library = try ThemeFolders([(theme, "Templates")]).templates()
        let error = try #require(
            throws: TemplateError.self, performing: { try library.render("page", ["widget": "map"]) })
        #expect(error.description == "Templates/page.mustache:4:3: error: unknown partial 'map'")
    }

    @Test func renderingAnUnknownTemplateIsAnError() throws {
        let theme = try folder(["page.mustache": "x"])
        defer { remove(theme) }
        let library = try ThemeFolders([(theme, "Templates")]).templates()
        let error = try #require(throws: TemplateError.self, performing: { try library.render("album", [:]) })
        #expect(error.description == "album.mustache: error: unknown template 'album'")
    }

    /// A broken template and an asset folder that is not a folder are reported together: one
    /// build names every problem of the theme.
    @Test func templateAndAssetProblemsAreReportedTogether() throws {
        let theme = try folder(["page.mustache": "{{#open}}", "assets": "not a folder"])
        defer { remove(theme) }
        let thrown = try #require(
            throws: TemplateLibraryErrors.self,
            performing: { try ThemeFolders([(theme, "Templates")]).read() })
        #expect(
            thrown.errors.map(\.description) == [
                "\(theme.path)/assets: error: theme asset: not a folder",
                "Templates/page.mustache:1:1: error: unclosed section 'open' opened here",
            ])
        let fine = try folder(["page.mustache": "{{title}}", "assets/site.css": "a{}"])
        defer { remove(fine) }
        let read = try ThemeFolders([(fine, "Templates")]).read()
        #expect(try read.templates.render("page", ["title": "T"]) == "T")
        #expect(read.assets.files.map(\.path) == ["assets/site.\(SHA256.hex("a{}").prefix(10)).css"])
    }
}
