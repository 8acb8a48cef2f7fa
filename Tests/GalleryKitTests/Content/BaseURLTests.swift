import Testing

@testable import GalleryKit

/// `base_url` starts every link and `src` of the site as written: one that is not a URL is an
/// error at its line and column that says what is wrong and what to write instead.
@Suite struct BaseURLTests {
    private func read(_ line: String) -> (SiteConfig, [String]) {
        let (reporter, collector) = collectingReporter("site.yml")
        let config = SiteConfigReader.read("title: Test\n" + line + "\n", reporter: reporter)
        return (config, collector.diagnostics.rendered)
    }

    @Test(arguments: [
        "https://example.org/", "http://example.org/photos/", "HTTPS://Example.org/a/b/",
        "https://example.org:8443/", "http://localhost:8000/", "https://[::1]:8080/p/",
        "https://example.org/caf%C3%A9/", "https://example.org/a-b_c.d~e/!$&'()*+,;=:@/",
        "https://xn--caf-dma.example/",
    ])
    func urlsThatAreURLsAreTakenAsTheyAre(url: String) {
        let (config, messages) = read("base_url: \"\(url)\"")
        #expect(messages.isEmpty)
        #expect(config.baseURL == url)
    }

    @Test(arguments: [
        (
            #"base_url: 'https://example.org/"><b>/'"#,
            #"site.yml:2:11: error: base_url 'https://example.org/"><b>/' has '"', '>' and '<' in its path, "#
                + "which a URL must percent-encode; if they are meant, write 'https://example.org/%22%3E%3Cb%3E/'"
        ),
        (
            "base_url: https://example.org/my photos/",
            "site.yml:2:11: error: base_url 'https://example.org/my photos/' has a space in its path, which a URL "
                + "must percent-encode; if it is meant, write 'https://example.org/my%20photos/'"
        ),
        (
            "base_url: https://example.org/fotós/",
            "site.yml:2:11: error: base_url 'https://example.org/fotós/' has 'ó' in its path, which a URL must "
                + "percent-encode; if it is meant, write 'https://example.org/fot%C3%B3s/'"
        ),
        (
            "base_url: https://example.org/100%/",
            "site.yml:2:11: error: base_url 'https://example.org/100%/' has '%' in its path, which a URL must "
                + "percent-encode; if it is meant, write 'https://example.org/100%25/'"
        ),
        (
            "base_url: \"https://example.org/a\\tb/\"",
            "site.yml:2:11: error: base_url 'https://example.org/a\tb/' has U+0009 in its path, which a URL must "
                + "percent-encode; if it is meant, write 'https://example.org/a%09b/'"
        ),
        (
            "base_url: example.org/photos",
            "site.yml:2:11: error: base_url 'example.org/photos' is not an absolute http or https URL; "
                + "write it in full, like 'https://example.org/photos/'"
        ),
        (
            "base_url: /photos/",
            "site.yml:2:11: error: base_url '/photos/' is not an absolute http or https URL; "
                + "write it in full, like 'https://example.org/photos/'"
        ),
        (
            "base_url: ftp://example.org/",
            "site.yml:2:11: error: base_url 'ftp://example.org/' is not an absolute http or https URL; "
                + "write it in full, like 'https://example.org/'"
        ),
        (
            "base_url: https:///photos/",
            "site.yml:2:11: error: base_url 'https:///photos/' has no host name; "
                + "write it like 'https://example.org/photos/'"
        ),
        (
            "base_url: https://me:secret@example.org/",
            "site.yml:2:11: error: base_url 'https://me:secret@example.org/' holds a user name or password, "
                + "which every page would publish; write 'https://example.org/'"
        ),
        (
            "base_url: https://example.org/photos/?utm=1",
            "site.yml:2:11: error: base_url 'https://example.org/photos/?utm=1' ends with '?utm=1', but nothing "
                + "may follow the path of a base URL; write 'https://example.org/photos/'"
        ),
        (
            "base_url: https://example.org/#top",
            "site.yml:2:11: error: base_url 'https://example.org/#top' ends with '#top', but nothing may follow "
                + "the path of a base URL; write 'https://example.org/'"
        ),
        (
            "base_url: https://café.example/",
            "site.yml:2:11: error: base_url 'https://café.example/' has a host name that is not ASCII "
                + "('café.example'); write it in its ASCII form, which starts with 'xn--' "
                + "(`idn2 'café.example'` prints it)"
        ),
        (
            "base_url: \"https://exa<mple.org/\"",
            "site.yml:2:11: error: base_url 'https://exa<mple.org/' has a host name that is not one "
                + "('exa<mple.org'): letters, digits, '-' and '.' only"
        ),
        (
            "base_url: https://example.org:80a/",
            "site.yml:2:11: error: base_url 'https://example.org:80a/' has a port that is not a number "
                + "from 1 to 65535 ('80a')"
        ),
    ])
    func aBaseURLThatIsNotAURLIsAnErrorSayingWhatToWrite(line: String, message: String) {
        let (config, messages) = read(line)
        #expect(messages == [message])
        #expect(config.baseURL.isEmpty, "the refused value reached the pages")
        #expect(config.baseURLLeftEmpty, "a second message would say base_url is not set")
    }

    /// A URL short of only its last `/` is refused too, as issue 21 asks: the message says
    /// what to write (Hugo's `baseURL`, below, is taken either way, as Hugo takes it).
    @Test(arguments: [
        ("https://example.org/photos", "https://example.org/photos/"),
        ("https://example.org", "https://example.org/"),
    ])
    func aMissingLastSlashIsAnErrorSayingWhatToWrite(value: String, fixed: String) {
        let (config, messages) = read("base_url: \(value)")
        #expect(messages.count == 1)
        #expect(
            messages.first?.hasPrefix("site.yml:2:11: error: base_url '\(value)' does not end in '/'") == true
        )
        #expect(messages.first?.hasSuffix("write '\(fixed)'") == true)
        #expect(config.baseURL.isEmpty)
    }

    /// Hugo takes a relative `baseURL = "/"`: such a site builds root-relative, with a warning
    /// (an error would stop Hugo sites that build today); a good one is used as site.yml's is.
    @Test func hugosBaseURLIsCheckedTheSameWayButOnlyWarns() {
        let (reporter, collector) = collectingReporter("config.toml")
        let relative = SiteConfigReader.readHugo("title = 'Trips'\nbaseURL = '/'\n", reporter: reporter)
        #expect(relative.baseURL.isEmpty)
        #expect(
            collector.diagnostics.rendered == [
                "config.toml:2:11: warning: Hugo's 'baseURL' '/' is not an absolute http or https URL; write it "
                    + "in full, like 'https://example.org/'; the site is built without it"
            ])
        let good = SiteConfigReader.readHugo("baseURL = 'https://example.org/a'\n", reporter: reporter)
        #expect(good.baseURL == "https://example.org/a/")
        #expect(collector.diagnostics.count == 1)
    }

    @Test func anEmptyBaseURLKeepsTheSiteRootRelativeOnPurpose() {
        let (config, messages) = read("base_url: \"\"")
        #expect(messages.isEmpty)
        #expect(config.baseURL.isEmpty && config.baseURLLeftEmpty)
    }
}
