import Testing

@testable import GalleryKit

@Suite struct MotionReaderTests {
    private func read(_ yaml: String) -> (SiteConfig, [String]) {
        let (reporter, collector) = collectingReporter("site.yml")
        let config = SiteConfigReader.read(yaml, reporter: reporter)
        return (config, collector.diagnostics.rendered)
    }

    @Test func readsEveryMotionKey() {
        let (config, messages) = read(
            """
            motion:
              blur_radius: 16
              transition: opacity + move(bottom)
              caption_transition: slide
              page_transition: asymmetric(opacity, scale(0.5))
              easing: "spring(response: 0.4, damping: 0.6)"
              duration: 0.8
              kenburns: {duration: 20, zoom: 1.5, from: bottom-trailing, to: 0.25 0.75, easing: linear}
            """)
        #expect(messages.isEmpty)
        let motion = config.motion
        #expect(motion.blurRadius == 16)
        #expect(motion.photoTransition == .combined([.opacity, .move(.bottom)]))
        #expect(motion.captionTransition == .slide)
        #expect(motion.pageTransition == .asymmetric(insertion: .opacity, removal: .scale(0.5)))
        #expect(motion.easing == .spring(Spring(response: 0.4, dampingFraction: 0.6)))
        #expect(motion.transitionDuration == 0.8)
        #expect(
            motion.kenBurns
                == KenBurnsSettings(
                    duration: 20, zoom: 1.5, from: .bottomTrailing, to: .point(FocalPoint(x: 0.25, y: 0.75)),
                    easing: .linear))
    }

    @Test func defaultsWhenAbsent() {
        let (config, messages) = read("title: t\n")
        #expect(messages.isEmpty)
        #expect(config.motion == MotionSettings())
        #expect(config.motion.kenBurns == KenBurnsSettings())
    }

    @Test func problemsAreWarningsWithLocationsAndDefaultsStay() {
        let (config, messages) = read(
            """
            motion:
              transition: wobble
              easing: fast
              kenburns:
                zoom: 9
                from: middle
                speed: 3
            """)
        #expect(config.motion.photoTransition == MotionSettings().photoTransition)
        #expect(config.motion.easing == MotionSettings().easing)
        #expect(config.motion.kenBurns == KenBurnsSettings())
        #expect(messages.count == 5)
        #expect(messages[0].hasPrefix("site.yml:2:15: warning: 'motion.transition' should be a transition"))
        #expect(messages[1].hasPrefix("site.yml:3:11: warning: 'motion.easing' should be an easing"))
        #expect(messages.contains("site.yml:7:5: warning: unknown key 'motion.kenburns.speed'; ignored"))
        #expect(
            messages.contains {
                $0.hasPrefix("site.yml:5:11: warning: 'motion.kenburns.zoom' should be a number from 1 to 4")
            })
        #expect(
            messages.contains {
                $0.hasPrefix("site.yml:6:11: warning: 'motion.kenburns.from' should be bottom")
                    && $0.contains("or a point like '0.62 0.40'")
            })
    }

    @Test(arguments: [
        ("top-leading", KenBurnsAnchor.topLeading), ("topLeading", .topLeading),
        ("top_trailing", .topTrailing),
        ("bottom leading", .bottomLeading), ("center", .center),
        ("0.1 0.9", .point(FocalPoint(x: 0.1, y: 0.9))),
    ])
    func anchorNames(text: String, anchor: KenBurnsAnchor) {
        #expect(MotionReader.anchor(text) == anchor)
    }

    @Test func albumAndSidecarKenBurnsAreRead() throws {
        let content = try TemporaryContent([
            "trip/index.md": "---\ntitle: Trip\nlayout: story\nkenburns: {zoom: 1.8, to: top}\n---\n",
            "trip/a.jpg": "not really a photo",
            "trip/a.md": "---\nalt: A\nkenburns:\n  duration: 5\n  easing: snappy\n  zoom: big\n---\n",
        ])
        let (site, diagnostics) = try content.load()
        let album = try #require(site.root.albums.first)
        #expect(album.kenBurns == KenBurnsSettings(zoom: 1.8, to: .top))
        let photo = try #require(album.photos.first)
        #expect(photo.kenBurns == KenBurnsSettings(duration: 5, easing: .spring(.snappy)))
        #expect(
            diagnostics.rendered.contains {
                $0.hasPrefix("trip/a.md:6:9: warning: 'kenburns.zoom' should be a number from 1 to 4")
            })
    }

    @Test func settingsLayerKeyByKey() {
        let site = KenBurnsSettings(duration: 20, zoom: 1.5, easing: .linear)
        let album = KenBurnsSettings(zoom: 1.2, to: .top)
        let photo = KenBurnsSettings(duration: 6)
        #expect(
            site.overridden(by: album).overridden(by: photo)
                == KenBurnsSettings(duration: 6, zoom: 1.2, to: .top, easing: .linear))
    }
}
