import Testing

@testable import GalleryKit

@Suite struct SiteConfigReaderTests {
    private func read(_ yaml: String?) -> (SiteConfig, [String]) {
        let (reporter, collector) = collectingReporter("site.yml")
        let config = SiteConfigReader.read(yaml, reporter: reporter)
        return (config, collector.diagnostics.rendered)
    }

    @Test func missingFileGivesDefaultsAndFolderTitle() {
        let (config, messages) = read(nil)
        #expect(config.title == "Photographs")
        #expect(config.images == ImageSettings())
        #expect(messages.isEmpty)
    }

    /// The camera-file settings: `images.raw`, `raw_pairs`, `live` and `hdr`, and what a wrong
    /// value of each says.
    @Test func readsTheCameraFileSettings() {
        let (config, messages) = read(
            "images:\n  raw: develop\n  raw_pairs: raw\n  live: false\n  hdr: off\n")
        #expect(config.images.raw == .develop && config.rawPairs == .raw)
        #expect(!config.livePhotos && config.images.hdr == .off)
        #expect(messages.isEmpty)
        let defaults = read("title: x\n").0
        #expect(defaults.livePhotos && defaults.images.hdr == .keep && defaults.images.raw == .preview)
        let (wrong, problems) = read("images:\n  live: sometimes\n  hdr: bright\n")
        #expect(wrong.livePhotos && wrong.images.hdr == .keep)
        #expect(problems.count == 2)
        #expect(problems.allSatisfy { $0.contains("warning") && $0.contains("using the default") })
    }

    @Test func readsEveryKey() {
        let yaml = """
            title: Field Notes
            description: Photos
            author: Ann
            base_url: https://example.org/photos/
            language: fr
            copyright: © Ann
            raw_html: true
            images:
              widths: [1600, 480, 960, 480]
              formats: [avif, webp, jpeg]
              quality: {jpeg: 90, webp: 70, avif: 55}
              progressive: false
              background: "#0A0B0C"
              max_megapixels: 400
            motion:
              blur_radius: 12.5
            layouts:
              row_height: 180
              page_size: 60
            favicon: icons/site.PNG
            """
        let (config, messages) = read(yaml)
        #expect(messages.isEmpty)
        #expect(config.title == "Field Notes")
        #expect(config.author == "Ann")
        #expect(config.baseURL == "https://example.org/photos/")
        #expect(config.basePath == "/photos/")
        #expect(config.language == "fr")
        #expect(config.copyright == "© Ann")
        #expect(config.allowRawHTML)
        #expect(config.images.widths == [480, 960, 1600])
        #expect(config.images.formats == [.avif, .webp, .jpeg])
        #expect(config.images.jpegQuality == 90 && config.images.webpQuality == 70)
        #expect(config.images.avifQuality == 55)
        #expect(!config.images.progressive)
        #expect(config.images.background == RGBColor(red: 10, green: 11, blue: 12))
        #expect(config.images.maxMegapixels == 400)
        #expect(config.motion.blurRadius == 12.5)
        #expect(config.layouts.rowHeight == 180)
        #expect(config.layouts.pageSize == 60)
        #expect(config.favicon == "icons/site.PNG")
    }

    @Test func aPageSizeOrAnIconThatCannotBeIsAWarning() {
        let (config, messages) = read("layouts:\n  page_size: 0\nfavicon: ../outside.ico\n")
        #expect(config.layouts.pageSize == nil && config.favicon.isEmpty)
        #expect(messages.count == 2, "\(messages)")
        #expect(messages.contains { $0.contains("page_size") && $0.contains("1 to 100000") })
        #expect(messages.contains { $0.contains("favicon") && $0.contains("'../outside.ico'") })
        #expect(read("favicon: notes.txt\n").1.count == 1)
    }

    @Test func rowHeightOutOfRangeIsAWarningAndKeepsTheDefault() {
        let (config, messages) = read("layouts:\n  row_height: 20\n  rows: 3\n")
        #expect(config.layouts.rowHeight == 240)
        #expect(messages.count == 2, "\(messages)")
        #expect(messages.contains { $0.contains("row_height") && $0.contains("60 to 1000") })
        #expect(messages.contains { $0.contains("rows") })
    }

    @Test func readsTheSlideshowSeconds() {
        let (config, messages) = read("viewer:\n  slideshow_seconds: 7.5\n")
        #expect(messages.isEmpty, "\(messages)")
        #expect(config.viewer.slideshowSeconds == 7.5)
        #expect(SiteConfig().viewer.slideshowSeconds == 5)
    }

    @Test(arguments: ["0", "0.5", "601", "soon", "[5]"])
    func slideshowSecondsOutOfRangeIsReportedAtItsLine(value: String) {
        let (config, messages) = read("title: x\nviewer:\n  slideshow_seconds: \(value)\n")
        #expect(config.viewer.slideshowSeconds == 5)
        #expect(messages.count == 1, "\(messages)")
        let message = messages.first ?? ""
        #expect(message.hasPrefix("site.yml:3:"), "\(message)")
        #expect(message.contains("viewer.slideshow_seconds") && message.contains("1 to 600"), "\(message)")
    }

    @Test func readsTheViewersStage() {
        #expect(SiteConfig().viewer.stage == .dark)
        let (config, messages) = read("viewer:\n  stage: page\n")
        #expect(messages.isEmpty, "\(messages)")
        #expect(config.viewer.stage == .page)
    }

    @Test(arguments: ["light", "[dark]", "yes"])
    func aStageThatIsNotOneIsAWarningAtItsLine(value: String) {
        let (config, messages) = read("title: x\nviewer:\n  stage: \(value)\n")
        #expect(config.viewer.stage == .dark)
        #expect(messages.count == 1, "\(messages)")
        let message = messages.first ?? ""
        #expect(message.hasPrefix("site.yml:3:"), "\(message)")
        #expect(
            message.contains("viewer.stage") && message.contains("dark") && message.contains("page"),
            "\(message)")
    }

    @Test func unknownViewerKeyIsNamed() {
        let (_, messages) = read("viewer:\n  slideshow: 3\n")
        #expect(messages.count == 1 && messages[0].contains("slideshow"), "\(messages)")
    }

    @Test func problemsAreWarningsWithDefaults() {
        let yaml = """
            titel: x
            raw_html: sometimes
            base_url: example.org
            images:
              widths: [480, big]
              formats: [gif]
              quality: {jpeg: 101}
              dimensions: 3
            motion: fast
            """
        let (config, messages) = read(yaml)
        #expect(config.title == "Photographs")
        #expect(!config.allowRawHTML)
        #expect(config.baseURL.isEmpty)
        #expect(config.images == ImageSettings())
        #expect(
            messages == [
                "site.yml:1:1: warning: unknown key 'titel' (did you mean 'title'?); ignored",
                "site.yml:2:11: warning: 'raw_html' should be true or false, not 'sometimes'; using the default",
                "site.yml:3:11: error: base_url 'example.org' is not an absolute http or https URL; write it in "
                    + "full, like 'https://example.org/'",
                "site.yml:5:17: warning: 'images.widths' should be a list of whole numbers from 16 to 10000, "
                    + "not 'big'; using the default",
                "site.yml:6:13: warning: 'images.formats' should be a list of jpeg, webp or avif, not 'gif'; "
                    + "using the default",
                "site.yml:7:19: warning: 'images.quality.jpeg' should be a whole number from 1 to 100, "
                    + "not '101'; using the default",
                "site.yml:8:3: warning: unknown key 'images.dimensions'; ignored",
                "site.yml:9:9: warning: 'motion' should be a mapping of blur_radius, transition, "
                    + "caption_transition, page_transition, easing, duration or kenburns, not 'fast'; using the default",
            ])
    }

    @Test func tagsAndMinRating() {
        let (defaults, _) = read("title: T\n")
        #expect(defaults.tagPages && defaults.minRating == nil)
        let (config, messages) = read("tags: false\nimages:\n  min_rating: 3\n")
        #expect(!config.tagPages && config.minRating == 3)
        #expect(messages.isEmpty)
        let (wrong, problems) = read("tags: maybe\nimages:\n  min_rating: 9\n")
        #expect(wrong.tagPages && wrong.minRating == nil)
        #expect(problems.count == 2)
        // Picking photos shapes no rendition: URLs and cache keys stay.
        #expect(config.images.fingerprint == SiteConfig().images.fingerprint)
    }

    @Test func syntaxError() {
        let (config, messages) = read("title: [x\n")
        #expect(config.title == "Photographs")
        #expect(messages.count == 1)
        #expect(messages.first?.hasPrefix("site.yml:2:1: error: YAML: ") == true)
    }

    /// `background: #000` unquoted is an empty value with a YAML comment: it must not be
    /// dropped without a word.
    @Test func backgroundColours() {
        #expect(RGBColor(hex: "#fff") == RGBColor(red: 255, green: 255, blue: 255))
        #expect(RGBColor(hex: "1a2B3c")?.description == "#1a2b3c")
        #expect(RGBColor(hex: "#12345") == nil && RGBColor(hex: "#ggg") == nil && RGBColor(hex: "#") == nil)
        let (config, messages) = read("images:\n  background: #000\n")
        #expect(config.images.background == ImageSettings.defaultBackground)
        #expect(
            messages == [
                "site.yml:2:14: warning: 'images.background' should be a colour like \"#fbfaf8\" (in quotes: "
                    + "an unquoted # starts a YAML comment), not ''; using the default"
            ])
        let (_, wrong) = read("images:\n  background: navy\n")
        #expect(wrong.count == 1 && wrong[0].contains("not 'navy'"), "\(wrong)")
    }
}
