import Foundation
import FoundationXML
import Testing

@testable import GalleryKit

/// What a visitor (or a feed reader, or a crawler) gets from the rendered fixture site.
@Suite struct RenderedSiteTests {
    /// Every URL in `href`, `src` and `srcset` attributes of an HTML file.
    private func urls(in html: String) -> [String] {
        var found: [String] = []
        for pattern in [#"(?:href|src)="([^"]*)""#, #"srcset="([^"]*)""#] {
            let regex = try? NSRegularExpression(pattern: pattern)
            let range = NSRange(html.startIndex..., in: html)
            for match in regex?.matches(in: html, range: range) ?? [] {
                guard let value = Range(match.range(at: 1), in: html).map({ String(html[$0]) }) else {
                    continue
                }
                if pattern.hasPrefix("srcset") {
                    found += value.split(separator: ",").compactMap {
                        $0.split(separator: " ").first.map(String.init)
                    }
                } else {
                    found.append(value)
                }
            }
        }
        return found
    }

    @Test func underASubPathEveryLinkAndImageStaysInsideIt() throws {
        let files = try RenderFixture.render(site: RenderFixture.site(baseURL: "https://example.org/photos/"))
        for (path, html) in files where path.hasSuffix(".html") {
            let links = urls(in: html)
            #expect(!links.isEmpty)
            for link in links where !link.hasPrefix("#") {
                #expect(
                    link.hasPrefix("/photos/") || link.hasPrefix("https://example.org/photos/"),
                    "\(path) links to \(link)")
            }
        }
        let album = try #require(files["iceland/index.html"])
        #expect(album.contains(#"<link rel="canonical" href="https://example.org/photos/iceland/">"#))
        #expect(
            album.contains(
                #"<meta property="og:image" content="https://example.org/photos/_img/a1/glacier-1600.jpg">"#))
    }

    @Test func withoutBaseURLNothingIsAbsoluteAndTheFeedStillWorks() throws {
        let diagnostics = DiagnosticCollector()
        let files = try RenderFixture.render(site: RenderFixture.site(baseURL: ""), diagnostics: diagnostics)
        for (path, text) in files where path.hasSuffix(".html") {
            #expect(!text.contains("https://"), "\(path) has an absolute URL")
            #expect(!text.contains("rel=\"canonical\""))
            for link in urls(in: text) where !link.hasPrefix("#") {
                #expect(link.hasPrefix("/") && !link.hasPrefix("//"), "\(path) links to \(link)")
            }
        }
        let feed = try #require(files["feed.xml"])
        #expect(feed.contains("<id>urn:uuid:"))
        #expect(feed.contains(#"<link rel="alternate" type="text/html" href="/iceland/"/>"#))
        #expect(files["sitemap.xml"] == nil, "a sitemap needs absolute URLs")
        let warning = diagnostics.diagnostics.first { $0.message.hasPrefix("base_url is not set") }
        #expect(warning?.severity == .warning)
        #expect(warning?.location.file == ".", "the fixture has no site.yml to name")
        #expect(warning?.message.contains("(there is no site.yml)") == true)
        #expect(diagnostics.diagnostics.count { $0.message.hasPrefix("base_url") } == 1, "once per build")
    }

    /// `base_url: ""` says the site stays root-relative on purpose: no warning.
    @Test func anExplicitlyEmptyBaseURLDoesNotWarn() throws {
        var site = RenderFixture.site(baseURL: "")
        site.config.baseURLLeftEmpty = true
        site.config.sourcePath = "site.yml"
        let diagnostics = DiagnosticCollector()
        let files = try RenderFixture.render(site: site, diagnostics: diagnostics)
        #expect(files["sitemap.xml"] == nil)
        #expect(!diagnostics.diagnostics.contains { $0.message.hasPrefix("base_url") })
    }

    /// The alt of a photo with no text anywhere is its position, never its file name.
    @Test func aPhotoWithoutAltTextWarnsOnceAndStillGetsAnAlt() throws {
        let diagnostics = DiagnosticCollector()
        let files = try RenderFixture.render(diagnostics: diagnostics)
        let warnings = diagnostics.diagnostics.filter { $0.severity == .warning }
        #expect(
            warnings.map(\.description) == [
                "iceland/DSC_0142.jpg: warning: photo has no alt text; add `alt:` to DSC_0142.md"
            ])
        let photoPage = try #require(files["iceland/dsc-0142/index.html"])
        #expect(!photoPage.contains("DSC 0142") && !photoPage.contains(#"alt="DSC_0142"#))
        #expect(photoPage.contains(#"<h1 class="photo-title">Photo 1 of 2</h1>"#))
        // The heading names it; the photo's alt does not say it again.
        #expect(!photoPage.contains(#"alt="Photo 1 of 2""#))
        let album = try #require(files["iceland/index.html"])
        #expect(album.contains(#"alt="Photo 1 of 2""#))
    }

    @Test func aPhotoThatFailedToProcessIsNowhere() throws {
        let files = try RenderFixture.render()
        #expect(files["iceland/broken/index.html"] == nil)
        for (path, text) in files { #expect(!text.contains("broken"), "\(path) mentions the failed photo") }
    }

    @Test func modelTextIsEscapedButMarkdownHTMLIsNot() throws {
        let album = try #require(try RenderFixture.render()["iceland/index.html"])
        #expect(album.contains("<h1 class=\"page-title\">Iceland &amp; &lt;Friends&gt;</h1>"))
        #expect(!album.contains("<Friends>"))
        #expect(album.contains("<p>Ten days <strong>around</strong> the island.</p>"))
    }

    @Test func onlyTheFirstScreenfulLoadsEagerlyAndOneImageHasHighPriority() throws {
        var site = RenderFixture.site()
        var photos = RenderFixture.photos
        let template = try #require(photos["iceland/fjords/fjord.jpg"])
        site.root.albums[0].albums[0].photos = (1...40).map { number in
            var source = RenderFixture.fjord
            source.sourcePath = "iceland/fjords/f\(number).jpg"
            source.fileName = "f\(number).jpg"
            source.slug = "f\(number)"
            source.urlPath = "iceland/fjords/f\(number)/"
            photos[source.sourcePath] = template
            return source
        }
        let files = try RenderFixture.render(site: site, photos: photos)
        let album = try #require(files["iceland/fjords/index.html"])
        // What the justified rows put in the first viewport of a laptop or a phone is eager
        // (a few rows of 4:3 photos), in document order, and nothing after it.
        let loads = album.components(separatedBy: #"loading=""#).dropFirst().map { $0.prefix(4) }
        let eager = loads.prefix { $0 == "eage" }.count
        #expect((6...20).contains(eager), "\(eager) eager images")
        #expect(loads.count == 40 && loads.dropFirst(eager).allSatisfy { $0 == "lazy" })
        #expect(album.components(separatedBy: #"fetchpriority="high""#).count - 1 == 1)
        #expect(album.contains(#"loading="eager" fetchpriority="high""#))
        let photoPage = try #require(files["iceland/fjords/f40/index.html"])
        #expect(photoPage.contains(#"loading="eager" fetchpriority="high""#))
        #expect(photoPage.contains(#"rel="prev""#) && !photoPage.contains(#"rel="next""#))
    }

    @Test func pagesHaveNoInlineScriptOrEventHandlers() throws {
        for (path, text) in try RenderFixture.render() where path.hasSuffix(".html") {
            #expect(!text.contains("<script>") && !text.contains("<script type"), "\(path)")
            #expect(text.contains("defer></script>"), "\(path)")
            #expect(text.range(of: #"\son[a-z]+="#, options: .regularExpression) == nil, "\(path)")
            #expect(text.contains("<html lang=\"en\">") && text.contains("<main id=\"main\""))
        }
    }

    @Test func feedAndSitemapAreWellFormedAndListTheRightThings() throws {
        let files = try RenderFixture.render()
        for name in ["feed.xml", "sitemap.xml"] {
            let parser = XMLParser(data: Data(try #require(files[name]).utf8))
            #expect(
                parser.parse(), "\(name) is not well-formed XML: \(String(describing: parser.parserError))")
        }
        let feed = try #require(files["feed.xml"])
        #expect(feed.components(separatedBy: "<entry>").count - 1 == 2)
        let fjords = try #require(feed.range(of: "<title>Fjords</title>"))
        let iceland = try #require(feed.range(of: "<title>Iceland &amp; &lt;Friends&gt;</title>"))
        #expect(fjords.lowerBound < iceland.lowerBound, "undated Fjords counts as new, so it comes first")
        #expect(feed.contains("&lt;img src=&quot;https://example.org/photos/_img/a1/glacier-1600.jpg&quot;"))
        let sitemap = try #require(files["sitemap.xml"])
        #expect(sitemap.components(separatedBy: "<loc>").count - 1 == 7)
        #expect(sitemap.contains("<loc>https://example.org/photos/iceland/fjords/fjord/</loc>"))
        #expect(!sitemap.contains("404"))
    }

    @Test func aPageWithAMissingTemplateFailsTheBuildButEverythingElseIsTried() throws {
        var site = RenderFixture.site()
        site.pages.append(
            Page(sourcePath: "odd.md", urlPath: "odd/", title: "Odd", html: "", template: "nope"))
        let diagnostics = DiagnosticCollector()
        let files = try RenderFixture.render(site: site, diagnostics: diagnostics)
        #expect(files["odd/index.html"] == nil)
        #expect(files["iceland/index.html"] != nil, "every other page is still rendered")
        let errors = diagnostics.diagnostics.filter { $0.severity == .error }
        #expect(errors.map(\.location.file) == ["odd.md"])
        #expect(errors.first?.message.contains("template 'nope' not found") == true)
    }

    @Test func twoSourcesWritingOnePathIsAnError() throws {
        var site = RenderFixture.site()
        site.pages.append(Page(sourcePath: "iceland.md", urlPath: "iceland/", title: "Clash", html: ""))
        let diagnostics = DiagnosticCollector()
        _ = try RenderFixture.render(site: site, diagnostics: diagnostics)
        #expect(
            diagnostics.diagnostics.contains {
                $0.severity == .error && $0.message.contains("iceland/index.html")
            })
    }

    @Test func rootPhotosShowOnTheHomePageAndLeadBackHome() throws {
        var site = RenderFixture.site()
        var photos = RenderFixture.photos
        let loose = PhotoSource(
            sourcePath: "loose.jpg", fileName: "loose.jpg", slug: "loose", urlPath: "loose/", alt: "A gull")
        photos["loose.jpg"] = photos["iceland/fjords/fjord.jpg"]
        site.root.photos = [loose]
        let files = try RenderFixture.render(site: site, photos: photos)
        let home = try #require(files["index.html"])
        #expect(home.contains(#"<a class="card-link" href="/photos/loose/">"#))
        #expect(home.contains(#"alt="A gull""#))
        let page = try #require(files["loose/index.html"])
        #expect(
            page.contains(
                #"<a class="viewer-button" href="/photos/" data-key="Escape" data-viewer-action="close">"#))
        #expect(page.contains(#"<span class="visually-hidden">Back to Test Gallery</span></a>"#))
    }

    @Test func aBrokenSiteTemplateIsReportedInItsFileAndFailsTheBuild() throws {
        let overrides = FileManager.default.temporaryDirectory
            .appendingPathComponent("galleryc-overrides-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: overrides) }
        try FileManager.default.createDirectory(at: overrides, withIntermediateDirectories: true)
        try Data("{{<base}}{{$content}}{{>*album.title}}{{/content}}{{/base}}\n".utf8)
            .write(to: overrides.appendingPathComponent("album.mustache"))
        let templates = try ThemeFolders([
            (url: overrides, displayPath: "templates"),
            (url: RenderFixture.repositoryRoot.appendingPathComponent("Templates"), displayPath: "Templates"),
        ]).templates()
        let diagnostics = DiagnosticCollector()
        let renderer = SiteRenderer(
            site: RenderFixture.site(), photos: RenderFixture.photos, templates: templates,
            themeAssets: try RenderFixture.assets(), sourceDate: RenderFixture.now, diagnostics: diagnostics)
        let files = renderer.render()
        #expect(!files.contains { $0.path.hasSuffix("iceland/index.html") })
        let errors = diagnostics.diagnostics.filter { $0.severity == .error }
        #expect(errors.count == 2, "one per album page")
        #expect(errors.allSatisfy { $0.location.file == "templates/album.mustache" })
    }

    /// `unlisted: true` (Hugo's `private: true`) was listed on the home page, in sitemap.xml
    /// and feed.xml: a privacy problem. It is built and reachable, and listed nowhere.
    @Test func anUnlistedAlbumIsReachableButListedNowhere() throws {
        var site = RenderFixture.site()
        site.root.albums[0].albums[0].markUnlisted()
        let files = try RenderFixture.render(site: site)
        let fjords = try #require(files["iceland/fjords/index.html"])
        #expect(fjords.contains(#"<meta name="robots" content="noindex">"#))
        let photo = try #require(files["iceland/fjords/fjord/index.html"])
        #expect(photo.contains(#"<meta name="robots" content="noindex">"#))
        let iceland = try #require(files["iceland/index.html"])
        #expect(!iceland.contains("/photos/iceland/fjords/"), "not listed in its parent")
        #expect(!iceland.contains(#"name="robots""#))
        let sitemap = try #require(files["sitemap.xml"])
        #expect(!sitemap.contains("fjords"))
        let feed = try #require(files["feed.xml"])
        #expect(!feed.contains("fjords") && !feed.contains("Fjords"))
        #expect(!(files["index.html"] ?? "").contains("fjords"))
    }

    /// Static hosts read `_headers` (Netlify, Cloudflare Pages) and need `.nojekyll` (GitHub
    /// Pages would drop `_img/`); `publish.headers: false` leaves both out.
    @Test func hostFilesAreWrittenUnlessTurnedOff() throws {
        let files = try RenderFixture.render()
        let headers = try #require(files["_headers"])
        #expect(headers.contains("/_img/*\n  Cache-Control: public, max-age=31536000, immutable\n"))
        #expect(headers.contains("/assets/*\n  Cache-Control: public, max-age=31536000, immutable\n"))
        #expect(!headers.split(separator: "\n").contains("/*"), "no rule that also matches the hashed files")
        #expect(files[".nojekyll"] == "")
        var site = RenderFixture.site()
        site.config.publishHostFiles = false
        let without = try RenderFixture.render(site: site)
        #expect(without["_headers"] == nil && without[".nojekyll"] == nil)
    }

    /// Shared links had no picture: every page now has Open Graph and Twitter card tags, with
    /// an absolute ~1200 px image and its size and alt, when base_url is set.
    @Test func everyPageHasOpenGraphAndTwitterCardTags() throws {
        let files = try RenderFixture.render()
        let album = try #require(files["iceland/index.html"])
        for tag in [
            #"<meta property="og:type" content="website">"#,
            #"<meta property="og:site_name" content="Test Gallery">"#,
            #"<meta property="og:title" content="Iceland &amp; &lt;Friends&gt;">"#,
            #"<meta property="og:url" content="https://example.org/photos/iceland/">"#,
            #"<meta property="og:image" content="https://example.org/photos/_img/a1/glacier-1600.jpg">"#,
            #"<meta property="og:image:type" content="image/jpeg">"#,
            #"<meta property="og:image:width" content="1600">"#,
            #"<meta property="og:image:height" content="1067">"#,
            #"<meta name="twitter:card" content="summary_large_image">"#,
        ] {
            #expect(album.contains(tag), "missing \(tag)")
        }
        let about = try #require(files["about/index.html"])
        #expect(about.contains(#"<meta property="og:description" content="Who took these">"#))
        #expect(about.contains(#"<meta name="twitter:card" content="summary">"#))
        for (path, text) in files where path.hasSuffix(".html") && path != "404.html" {
            #expect(text.contains("og:title") && text.contains("twitter:card"), "\(path)")
        }
    }
}
