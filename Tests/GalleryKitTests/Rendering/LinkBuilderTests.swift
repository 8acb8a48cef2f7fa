import Testing

@testable import GalleryKit

@Suite struct LinkBuilderTests {
    private func links(_ baseURL: String) -> LinkBuilder {
        var config = SiteConfig()
        config.baseURL = baseURL
        return LinkBuilder(config: config)
    }

    @Test func withoutBaseURLLinksAreRootRelativeAndNothingIsAbsolute() {
        let builder = links("")
        #expect(builder.href("iceland/") == "/iceland/")
        #expect(builder.href("") == "/")
        #expect(builder.absolute("iceland/") == nil)
        #expect(builder.best("feed.xml") == "/feed.xml")
    }

    @Test func aSubPathPrefixesEveryLink() {
        let builder = links("https://example.org/photos/")
        #expect(builder.href("iceland/dsc-0142/") == "/photos/iceland/dsc-0142/")
        #expect(builder.absolute("feed.xml") == "https://example.org/photos/feed.xml")
    }

    @Test func unsafeCharactersArePercentEncoded() {
        #expect(links("").href("summer trip/é\"x/") == "/summer%20trip/%C3%A9%22x/")
    }
}
