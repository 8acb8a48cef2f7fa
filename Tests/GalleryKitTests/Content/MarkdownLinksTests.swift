import Testing

@testable import GalleryKit

@Suite struct MarkdownLinksTests {
    @Test(arguments: [
        ("about.md", "/", "travel/night/", "/travel/night/"),
        ("about.md", "/photos/", "travel/night/", "/photos/travel/night/"),
        ("travel/index.md", "/photos/", "../about.md", "/photos/about/"),
        ("travel/index.md", "/", "night/index.md", "/travel/night/"),
        ("travel/index.md", "/", "Night Shots/Moon (1).JPG", "/travel/night-shots/moon-1/"),
        ("travel/index.md", "/", "night/moon.hif", "/travel/night/moon/"),
        ("travel/index.md", "/", "accentu%C3%A9/", "/travel/accentue/"),
        ("about.md", "/photos/", "/space/#m57", "/photos/space/#m57"),
        ("about.md", "/photos/", "index.md", "/photos/"),
        ("about.md", "/", "https://example.org/a.md", "https://example.org/a.md"),
        ("about.md", "/", "mailto:me@example.org", "mailto:me@example.org"),
        ("about.md", "/", "#notes", "#notes"),
        ("about.md", "/", "//cdn.example.org/x", "//cdn.example.org/x"),
        ("about.md", "/", "../outside.md", "../outside.md"),
        ("about.md", "/", "files/cv.pdf", "files/cv.pdf"),
    ])
    func resolves(source: String, base: String, link: String, expected: String) {
        #expect(MarkdownLinks(sourcePath: source, basePath: base).resolve(link) == expected)
    }

    @Test func renderedLinksAndImagesAreRewritten() {
        let html = Markdown.render(
            "See [the night](night/) and ![moon](night/moon.jpg).", allowRawHTML: false,
            resolveLink: MarkdownLinks(sourcePath: "travel/index.md", basePath: "/p/").resolve)
        #expect(html.contains("href=\"/p/travel/night/\""))
        #expect(html.contains("src=\"/p/travel/night/moon/\""))
    }
}
