import Foundation
import Testing

@testable import GalleryKit

/// `password:` and `password_env:` in an album's front matter: which albums are protected,
/// by which root, what their items' URLs say, and what happens when the password is missing.
@Suite struct PrivateAlbumContentTests {
    private func load(_ files: [String: String], environment: [String: String] = [:]) throws -> (
        Site, [Diagnostic]
    ) {
        let content = try TemporaryContent(files)
        let diagnostics = DiagnosticCollector()
        var loader = ContentLoader(
            contentDirectory: content.url, includeDrafts: false, diagnostics: diagnostics)
        loader.environment = environment
        return (try loader.load(), diagnostics.diagnostics)
    }

    private func album(_ site: Site, _ path: String) -> Album? {
        site.root.allAlbums.first { $0.sourcePath == path }
    }

    @Test func passwordFromTheEnvironmentProtectsTheAlbumAndItsChildren() throws {
        let (site, diagnostics) = try load(
            [
                "wedding/index.md": "---\ntitle: Smith Wedding\npassword_env: WEDDING_PW\n---\n",
                "wedding/Vows at Dawn.jpg": "x", "wedding/ring.jpg": "x",
                "wedding/party/dance.jpg": "x", "wedding/notes.md": "---\ntitle: Notes\n---\nHello",
                "family/index.md": "---\npassword: letmein\n---\n", "family/kid.jpg": "x",
                "family/inner/index.md": "---\npassword_env: INNER\n---\n", "family/inner/a.jpg": "x",
                "public/sea.jpg": "x",
            ], environment: ["WEDDING_PW": "correct horse", "INNER": "other"])
        let wedding = try #require(album(site, "wedding"))
        #expect(wedding.protection == AlbumProtection(root: "wedding", password: "correct horse"))
        #expect(album(site, "wedding/party")?.protection?.root == "wedding")
        #expect(album(site, "family")?.protection == AlbumProtection(root: "family", password: "letmein"))
        #expect(
            album(site, "family/inner")?.protection
                == AlbumProtection(root: "family/inner", password: "other"))
        #expect(album(site, "public")?.protection == nil)
        // File and folder names are words of the album: its items' URLs are numbers.
        #expect(Set(wedding.photos.map(\.urlPath)) == ["wedding/1/", "wedding/2/"])
        #expect(album(site, "wedding/party")?.urlPath == "wedding/a1/")
        let notes = try #require(site.pages.first { $0.sourcePath == "wedding/notes.md" })
        #expect(notes.urlPath == "wedding/p1/")
        #expect(notes.protection?.root == "wedding")
        #expect(album(site, "public")?.photos.map(\.urlPath) == ["public/sea/"])
        // The literal password is warned about, naming its line; the variable is not.
        let warnings = diagnostics.filter { $0.severity == .warning && $0.message.contains("password") }
        #expect(warnings.count == 1)
        #expect(warnings.first?.location.file == "family/index.md")
        #expect(warnings.first?.location.line == 2)
        #expect(!diagnostics.rendered.joined().contains("letmein"))
    }

    @Test func aMissingPasswordLeavesTheAlbumOut() throws {
        let (site, diagnostics) = try load(
            [
                "wedding/index.md": "---\ntitle: Smith\npassword_env: WEDDING_PW\n---\n",
                "wedding/a.jpg": "x",
                "wedding/sub/b.jpg": "x", "empty/index.md": "---\npassword: \"\"\n---\n", "empty/c.jpg": "x",
                "public/sea.jpg": "x",
            ], environment: ["WEDDING_PW": ""])
        #expect(album(site, "wedding") == nil)
        #expect(album(site, "wedding/sub") == nil)
        #expect(album(site, "empty") == nil)
        #expect(album(site, "public") != nil)
        let errors = diagnostics.filter { $0.severity == .error }
        #expect(errors.map(\.location.file).sorted() == ["empty/index.md", "wedding/index.md"])
        #expect(errors.contains { $0.message.contains("WEDDING_PW is not set") && $0.location.line == 3 })
    }

    @Test func bothFormsUseTheVariable() throws {
        let (site, diagnostics) = try load(
            ["a/index.md": "---\npassword: one\npassword_env: PW\n---\n", "a/x.jpg": "x"],
            environment: ["PW": "two"])
        #expect(album(site, "a")?.protection?.password == "two")
        #expect(diagnostics.contains { $0.message.contains("both password and password_env") })
    }
}
