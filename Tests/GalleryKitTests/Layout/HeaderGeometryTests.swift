import Foundation
import Testing

@testable import GalleryKit

/// The header's navigation breakpoint and the story captions' side, as the build writes them.
@Suite struct HeaderGeometryTests {
    @Test func aShortNavigationIsInlineFromATabletAndALongOneIsAMenu() {
        let geometry = ThemeGeometry.default
        let demo = geometry.navigationBreakpoint(
            title: "Light & Distance",
            items: ["Home", "Close to nature", "Landscapes", "Space", "About", "Credits"])
        #expect(demo == 56, "the demo's navigation fits from 56rem (896 px)")
        let dozen = geometry.navigationBreakpoint(
            title: "Sigal test gallery",
            items: ["Home"] + (1...12).map { "An album with a long name \($0)" })
        #expect(dozen == nil, "a dozen long names never fit on one line: always the menu")
        #expect(geometry.navigationBreakpoint(title: "A", items: ["Home"]) == 24)
        // A longer title or more items never need a narrower screen.
        let more = geometry.navigationBreakpoint(
            title: "Light & Distance",
            items: ["Home", "Close to nature", "Landscapes", "Space", "About", "Credits", "Map"])
        #expect((more ?? 1000) >= (demo ?? 0))
    }

    /// Wide scripts are not estimated as Latin letters: a Japanese or Korean navigation needs
    /// a wider screen than as many Latin letters, and an emoji counts more than a letter.
    @Test func wideCharactersAndEmojiNeedMoreRoomThanLatinLetters() {
        let geometry = ThemeGeometry.default
        let latin = geometry.navigationBreakpoint(
            title: "Photos", items: ["Home", "Kyoto trip", "Seoul days", "About"])
        let wide = geometry.navigationBreakpoint(
            title: "写真", items: ["ホーム", "京都と奈良の旅行写真", "서울에서의 날들", "について"])
        #expect(
            (latin ?? 1000) < (wide ?? 1000), "\(String(describing: latin)) vs \(String(describing: wide))")
        // Fifteen CJK characters are fifteen ems (225 px at 15 px), not fifteen Latin averages.
        #expect(ThemeGeometry.characterWidths("京都の旅行写真京都の旅行写真京", narrow: 9.2, em: 15) == 225)
        #expect(ThemeGeometry.characterWidths("Kyoto", narrow: 9.2, em: 15) == 46)
        #expect(ThemeGeometry.characterWidths("🏔️👨‍👩‍👧", narrow: 9.2, em: 16) == 40)
        #expect(ThemeGeometry.characterWidths("e\u{301}", narrow: 10, em: 16) == 10)
    }

    @Test(arguments: [
        (0.46, 0.55, "start", "end"), (0.8, 0.2, "end", "start"), (0.2, 0.3, "end", "end"),
        (0.7, 0.9, "start", "start"),
    ])
    func theCaptionKeepsAwayFromTheFocalPoint(x: Double, y: Double, block: String, inline: String) {
        let caption = StoryCaption(focus: FocalPoint(x: x, y: y))
        #expect(caption.declarations.contains("--gk-caption-block: \(block);"))
        #expect(caption.declarations.contains("--gk-caption-inline: \(inline);"))
        #expect(
            caption.declarations.contains("--gk-caption-fade: \(block == "start" ? "to top" : "to bottom");"))
    }
}
