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
            for link in links where link != "#main" {
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
            for link in urls(in: text) where link != "#main" {
                #expect(link.hasPrefix("/") && !link.hasPrefix("//"), "\(path) links to \(link)")
            }
        }
        let feed = try #require(files["feed.xml"])
        #expect(feed.contains("<id>urn:uuid:"))
        #expect(feed.contains(#"<link rel="alternate" type="text/html" href="/iceland/"/>"#))
        #expect(diagnostics.diagnostics.contains { $0.severity == .note && $0.location.file == "site.yml" })
    }

    @Test func aPhotoWithoutAltTextWarnsOnceAndStillGetsAnAlt() throws {
        let diagnostics = DiagnosticCollector()
        let files = try RenderFixture.render(diagnostics: diagnostics)
        let warnings = diagnostics.diagnostics.filter { $0.severity == .warning }
        #expect(
            warnings.map(\.description) == [
                "iceland/DSC_0142.jpg: warning: photo has no alt text; add `alt:` to DSC_0142.md"
            ])
        let photoPage = try #require(files["iceland/dsc-0142/index.html"])
        #expect(photoPage.contains(#"alt="DSC 0142""#))
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
                #"<a href="/photos/" data-key="Escape" data-viewer-action="close">Back to Test Gallery</a>"#))
    }

    @Test func aBrokenSiteTemplateIsReportedInItsFileAndFailsTheBuild() throws {
        let overrides = FileManager.default.temporaryDirectory
            .appendingPathComponent("galleryc-overrides-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: overrides) }
        try FileManager.default.createDirectory(at: overrides, withIntermediateDirectories: true)
        try Data("{{<base}}{{$content}}{{>*album.title}}{{/content}}{{/base}}\n".utf8)
            .write(to: overrides.appendingPathComponent("album.mustache"))
        let templates = try TemplateLibrary(directories: [
            (url: overrides, displayPath: "templates"),
            (url: RenderFixture.repositoryRoot.appendingPathComponent("Templates"), displayPath: "Templates"),
        ])
        let diagnostics = DiagnosticCollector()
        let renderer = SiteRenderer(
            site: RenderFixture.site(), photos: RenderFixture.photos, templates: templates,
            themeAssets: try RenderFixture.assets(), now: RenderFixture.now, diagnostics: diagnostics)
        let files = renderer.render()
        #expect(!files.contains { $0.path.hasSuffix("iceland/index.html") })
        let errors = diagnostics.diagnostics.filter { $0.severity == .error }
        #expect(errors.count == 2, "one per album page")
        #expect(errors.allSatisfy { $0.location.file == "templates/album.mustache" })
    }
}
