import Foundation
import Testing

@testable import GalleryKit

/// A content folder as hugo-theme-gallery users have it: branch bundles (`_index.md`), leaf
/// bundles (`index.md` beside the photos), TOML and YAML front matter, `resources:` with globs
/// and params, a private album, RFC 3339 dates, and Hugo's config beside the folder.
@Suite struct HugoGalleryTests {
    static let files: [String: String] = [
        "../hugo.toml": """
        baseURL = 'https://example.org/gallery/'
        languageCode = 'de-DE'
        title = 'Meine Fotos'
        copyright = '© Ada'
        [params]
          defaultTheme = 'dark'
        """,
        "_index.md": "+++\ntitle = 'Welcome'\n+++\nHello from Hugo.\n",
        "animals/_index.md": """
        ---
        title: Animals
        date: 2023-04-01T10:00:00+02:00
        weight: 2
        description: Furry and not
        categories: [nature]
        ---
        """,
        "animals/cats/index.md": """
        +++
        title = "Cats"
        date = 2023-05-01T08:00:00Z
        sort_by = "Name"
        sort_order = "desc"
        [[resources]]
          src = "b*.jpg"
          title = "Cat #:counter"
        [[resources]]
          src = "c.jpg"
          [resources.params]
            cover = true
            description = "The *best* one"
        [[resources]]
          src = "**/hidden-*.jpg"
          [resources.params]
            hidden = true
        +++
        """,
        "animals/cats/a.jpg": "", "animals/cats/b1.jpg": "", "animals/cats/b2.jpg": "",
        "animals/cats/c.jpg": "",
        "animals/cats/hidden-x.jpg": "", "animals/cats/b2.md": "---\ntitle: Sidecar wins\n---\n",
        "animals/dogs/index.md": "---\ntitle: Dogs\nweight: 1\nfeatured_image: d2.jpg\n---\n",
        "animals/dogs/d1.jpg": "", "animals/dogs/d2.jpg": "",
        "secret/index.md": "---\ntitle: Secret\nparams:\n  private: true\n  theme_color: red\n---\n",
        "secret/s.jpg": "", "secret/deeper/t.jpg": "",
    ]

    func load() throws -> (Site, [Diagnostic]) {
        try TemporaryContent(Self.files).load()
    }

    @Test func bundlesAreAlbumsAndTheHomePageNotPages() throws {
        let (site, _) = try load()
        #expect(
            site.pages.isEmpty,
            "_index.md and index.md are front matter, not pages: \(site.pages.map(\.urlPath))")
        #expect(site.home?.title == "Welcome")
        #expect(site.home?.html.contains("Hello from Hugo.") == true)
        let animals = try #require(site.root.albums.first { $0.sourcePath == "animals" })
        #expect(animals.title == "Animals")
        #expect(animals.descriptionHTML == "<p>Furry and not</p>\n")
        #expect(animals.date == ScalarTypes.date("2023-04-01T10:00:00"))
        #expect(animals.albums.map(\.title) == ["Dogs", "Cats"], "weight first, then newest")
    }

    @Test func resourcesApplyAsSidecarsWould() throws {
        let (site, _) = try load()
        let cats = try #require(site.root.allAlbums.first { $0.sourcePath == "animals/cats" })
        #expect(cats.photos.map(\.fileName) == ["a.jpg", "b1.jpg", "b2.jpg", "c.jpg"], "hidden-x is out")
        #expect(cats.sort == .nameDescending, "sort_by Name, sort_order desc (applied with the photo dates)")
        let titles = Dictionary(uniqueKeysWithValues: cats.photos.map { ($0.fileName, $0.title) })
        #expect(titles["b1.jpg"] == "Cat #1")
        #expect(titles["b2.jpg"] == "Sidecar wins", "a photo's own sidecar wins over resources")
        #expect(cats.cover == "c.jpg", "params.cover: true")
        #expect(cats.photos.first { $0.fileName == "c.jpg" }?.captionHTML == "<p>The <em>best</em> one</p>\n")
        let dogs = try #require(site.root.allAlbums.first { $0.sourcePath == "animals/dogs" })
        #expect(dogs.cover == "d2.jpg", "featured_image is read as cover")
    }

    @Test func privateAlbumsAreUnlistedWithEverythingBelowThem() throws {
        let (site, _) = try load()
        let secret = try #require(site.root.albums.first { $0.sourcePath == "secret" })
        #expect(secret.unlisted)
        #expect(secret.albums.allSatisfy { $0.unlisted })
        #expect(!site.root.listedAlbums.contains { $0.sourcePath == "secret" })
    }

    @Test func hugoCategoriesAndTagsTagTheAlbumsPhotos() throws {
        var files = Self.files
        files["animals/dogs/index.md"] = "---\ntitle: Dogs\ntags: [pets, Dogs]\ncategories: [nature]\n---\n"
        files["about.md"] = "---\ntitle: About\ntags: [me]\n---\n"
        let (site, diagnostics) = try TemporaryContent(files).load()
        let dogs = try #require(site.root.allAlbums.first { $0.sourcePath == "animals/dogs" })
        #expect(dogs.tags == ["pets", "Dogs", "nature"])
        #expect(site.root.allAlbums.first { $0.sourcePath == "animals" }?.tags == ["nature"])
        // On a page they tag nothing, and say so.
        #expect(
            diagnostics.rendered.contains(
                "about.md:3:1: warning: Hugo's 'tags' has no effect on a page in galleryc (tag pages list photos: "
                    + "tag an album or a photo)"))
        let derivatives = Dictionary(
            uniqueKeysWithValues: dogs.photos.map {
                (
                    $0.sourcePath,
                    PhotoDerivatives(
                        width: 1, height: 1, exif: ExifSummary(),
                        renditions: [
                            Rendition(
                                path: "_img/x/\($0.slug).jpg", width: 1, height: 1, format: .jpeg,
                                byteCount: 1)
                        ])
                )
            })
        let index = TagCollection.collect(site, derivatives: derivatives, diagnostics: DiagnosticCollector())
        #expect(index.tags.map(\.name) == ["Dogs", "nature", "pets"])
        #expect(index.tags.first { $0.name == "pets" }?.photos.map(\.fileName) == ["d1.jpg", "d2.jpg"])
    }

    @Test func hugoKeysAreNamedWithWhatGallerycMakesOfThem() throws {
        let (_, diagnostics) = try load()
        let rendered = diagnostics.rendered
        #expect(
            rendered.contains(
                "animals/dogs/index.md:4:1: warning: Hugo's 'featured_image' is read as 'cover'"))
        #expect(rendered.contains("animals/cats/index.md:4:1: warning: Hugo's 'sort_by' is read as 'sort'"))
        // categories and tags are read, as tags (tag pages): no warning.
        #expect(!rendered.contains { $0.contains("'categories'") })
        #expect(
            rendered.contains("secret/index.md:4:3: warning: Hugo's 'params.private' is read as 'unlisted'"))
        #expect(
            rendered.contains(
                "secret/index.md:5:3: note: Hugo's 'params.theme_color' is not used by galleryc; ignored"))
        #expect(!rendered.contains { $0.contains("unknown key") }, "\(rendered)")
        #expect(!rendered.contains { $0.contains("error:") }, "\(rendered)")
    }

    @Test func hugosConfigGivesTheSiteSettingsWhenThereIsNoSiteYML() throws {
        let (site, diagnostics) = try load()
        #expect(site.config.title == "Meine Fotos")
        #expect(site.config.baseURL == "https://example.org/gallery/")
        #expect(site.config.language == "de-DE")
        #expect(site.config.copyright == "© Ada")
        #expect(site.config.sourcePath == "../hugo.toml")
        #expect(diagnostics.rendered.contains { $0.hasPrefix("../hugo.toml: note: no site.yml: ") })
    }

    @Test func bothIndexFilesReadIndexAndWarnAboutTheOther() throws {
        let (site, diagnostics) = try TemporaryContent([
            "a/index.md": "---\ntitle: From index\n---\n", "a/_index.md": "---\ntitle: From _index\n---\n",
            "a/p.jpg": "",
        ]).load()
        #expect(site.root.albums.first?.title == "From index")
        #expect(
            diagnostics.rendered.contains(
                "a/_index.md: warning: the folder also has index.md, which is read as its metadata; this one is ignored"
            ))
    }
}

@Suite struct GlobTests {
    @Test(arguments: [
        ("*.jpg", "cat.jpg", true), ("*.jpg", "sub/cat.jpg", false), ("**.jpg", "sub/cat.jpg", true),
        ("**/x*.JPG", "a/b/xy.jpg", true), ("images/cat*", "images/cat-1.jpg", true),
        ("c?t.jpg", "cat.jpg", true),
        ("c?t.jpg", "cart.jpg", false), ("[ab]*.jpg", "b1.jpg", true), ("[!ab]*.jpg", "b1.jpg", false),
        ("cat.jpg", "CAT.JPG", true), ("*", "", true),
    ])
    func hugoStyleGlobs(pattern: String, path: String, matches: Bool) {
        #expect(Glob.matches(pattern, path) == matches)
    }
}
