import Foundation
import Testing

@testable import GalleryKit

@Suite struct ThemeAssetsTests {
    /// A theme folder whose `assets/` holds `files`.
    private func folder(_ files: [String: String]) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "galleryc-assets-\(UUID().uuidString)")
        for (path, text) in files {
            let file = url.appendingPathComponent("assets").appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: file)
        }
        return url
    }

    @Test func stylesheetsAndScriptsGetContentHashedNamesOtherFilesKeepTheirs() throws {
        let theme = try folder(["galleryc.css": "a{}", "galleryc.js": "x", "fonts/serif.woff2": "font"])
        defer { try? FileManager.default.removeItem(at: theme) }
        let assets = try ThemeFolders([(theme, "Templates")]).assets()
        let cssHash = String(SHA256.hex("a{}").prefix(10))
        #expect(assets.outputPaths["galleryc.css"] == "assets/galleryc.\(cssHash).css")
        #expect(assets.outputPaths["fonts/serif.woff2"] == "assets/fonts/serif.woff2")
        #expect(assets.files.map(\.path) == assets.files.map(\.path).sorted())
        #expect(assets.files.count == 3)
    }

    @Test func scriptsLoseTheirWholeLineCommentsAndIndentationAndNothingElse() throws {
        let script =
            "// header\n(function () {\n  // why\n  var url = \"https://x\"; // kept\n\t//tab\n})();\n"
        let stripped = String(
            decoding: ThemeAssets.withoutLineComments(Array(script.utf8)), as: UTF8.self)
        #expect(stripped == "(function () {\nvar url = \"https://x\"; // kept\n})();\n")
        #expect(ThemeAssets.withoutLineComments(Array("a\nb".utf8)) == Array("a\nb".utf8))
        let assets = try ThemeFolders([
            (try folder(["a.js": script, "a.css": "/* x */\n// y\n"]), "Templates")
        ]).assets()
        let js = try #require(assets.files.first { $0.path.hasSuffix(".js") })
        #expect(String(decoding: js.contents, as: UTF8.self) == stripped)
        // The hash is of what is published.
        #expect(js.path == "assets/" + ThemeAssets.hashedName("a.js", bytes: Array(stripped.utf8)))
        let css = try #require(assets.files.first { $0.path.hasSuffix(".css") })
        #expect(css.contents == Array("/* x */\n// y\n".utf8))
    }

    @Test func theSitesOverrideWinsAndAMissingFolderIsSkipped() throws {
        let theme = try folder(["galleryc.css": "theme", "galleryc.js": "js"])
        let site = try folder(["galleryc.css": "mine"])
        defer {
            try? FileManager.default.removeItem(at: theme)
            try? FileManager.default.removeItem(at: site)
        }
        let missing = site.appendingPathComponent("nothing-here")
        let assets = try ThemeFolders([(missing, "nothing"), (site, "templates"), (theme, "Templates")])
            .assets()
        let css = try #require(assets.files.first { $0.path.hasSuffix(".css") })
        #expect(css.contents == Array("mine".utf8))
        #expect(assets.files.count == 2)
    }

    @Test func theRealThemeHasItsStylesheetAndScript() throws {
        let assets = try ThemeFolders([
            (RenderFixture.repositoryRoot.appendingPathComponent("Templates"), "Templates")
        ]).assets()
        #expect(assets.outputPaths["galleryc.css"]?.hasPrefix("assets/galleryc.") == true)
        #expect(assets.outputPaths["galleryc.js"]?.hasSuffix(".js") == true)
    }
}
