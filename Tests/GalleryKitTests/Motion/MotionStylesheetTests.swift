import Foundation
import Testing

@testable import GalleryKit

@Suite struct MotionStylesheetTests {
    /// A top-level CSS block: its prelude (`@media ...`, a selector) and its body text.
    private struct Block {
        var prelude: String
        var body: String
    }

    /// Splits a stylesheet into top-level blocks; braces must balance.
    private func topLevelBlocks(_ css: String) -> [Block] {
        var blocks: [Block] = []
        var depth = 0
        var prelude = ""
        var body = ""
        for ch in css {
            switch ch {
            case "{":
                if depth > 0 { body.append(ch) }
                depth += 1
            case "}":
                depth -= 1
                #expect(depth >= 0, "unbalanced braces")
                if depth == 0 {
                    blocks.append(
                        Block(prelude: prelude.trimmingCharacters(in: .whitespacesAndNewlines), body: body))
                    prelude = ""
                    body = ""
                } else {
                    body.append(ch)
                }
            default:
                if depth == 0 { prelude.append(ch) } else { body.append(ch) }
            }
        }
        #expect(depth == 0)
        return blocks
    }

    /// Occurrences of animation/transition declarations and keyframes/view-transition at-rules
    /// (not `view-transition-name`, which is static).
    private func motionOccurrences(in text: String) -> [String] {
        let pattern =
            #"(?<![\w-])(animation(-[a-z-]+)?\s*:|transition(-[a-z-]+)?\s*:|@keyframes|@view-transition)"#
        let regex = try? NSRegularExpression(pattern: pattern)
        let range = NSRange(text.startIndex..., in: text)
        return (regex?.matches(in: text, range: range) ?? []).compactMap {
            Range($0.range, in: text).map { String(text[$0]) }
        }
    }

    private static let noPreference = "@media (prefers-reduced-motion: no-preference)"
    private static let reduce = "@media (prefers-reduced-motion: reduce)"

    static let sheets: [MotionStylesheet] = [
        MotionStylesheet(),
        MotionStylesheet(
            blurRadius: 12, photoTransition: .slide, captionTransition: .move(.leading),
            pageTransition: .asymmetric(insertion: .scale(0.5), removal: .move(.top)),
            easing: .spring(.bouncy)),
        MotionStylesheet(photoTransition: .opacity, easing: .easeOut, transitionDuration: 0.3),
    ]

    @Test(arguments: sheets)
    func allMotionIsInsideTheMotionMediaBlocks(sheet: MotionStylesheet) {
        let blocks = topLevelBlocks(sheet.css)
        #expect(blocks.filter { $0.prelude == Self.noPreference }.count == 1)
        for block in blocks where block.prelude != Self.noPreference && block.prelude != Self.reduce {
            #expect(motionOccurrences(in: block.prelude + block.body).isEmpty, "\(block.prelude)")
        }
        let moving = blocks.first { $0.prelude == Self.noPreference }
        let found = motionOccurrences(in: moving?.body ?? "")
        #expect(
            found.contains("@keyframes") && found.contains("@view-transition")
                && found.contains("transition:"))
    }

    @Test(arguments: sheets)
    func reducedMotionOnlyFadesOpacity(sheet: MotionStylesheet) {
        for block in topLevelBlocks(sheet.css) where block.prelude == Self.reduce {
            for word in [
                "transform", "scale", "translate", "filter", "blur(", "@keyframes", "@view-transition",
                "animation",
            ] {
                #expect(!block.body.contains(word), "\(word) under reduced motion")
            }
            #expect(block.body.contains("transition: opacity 0.2s ease-out"))
        }
    }

    @Test func blurUpFocusesInOverEightTenthsOfASecond() {
        let css = MotionStylesheet(blurRadius: 24).css
        #expect(css.contains("filter: blur(24px)"))
        #expect(css.contains("transition: opacity 0.8s ease-out, filter 0.8s ease-out"))
        #expect(css.contains(":root.gk-js .gk-blurup img:not(.is-loaded, .gk-ph) { opacity: 0.01; }"))
        // The placeholder image: blurred always, cropped like the photo, under it.
        #expect(css.contains(".gk-blurup > img.gk-ph {"))
        #expect(css.contains("object-position: var(--gk-focus, 50% 50%); filter: blur(24px);"))
    }

    @Test func transitionsCompileToKeyframes() {
        let sheet = MotionStylesheet(
            photoTransition: .slide, captionTransition: .combined([.opacity, .move(.bottom)]),
            pageTransition: .asymmetric(insertion: .scale(0.5), removal: .combined([.opacity, .move(.top)])),
            easing: .spring(.bouncy))
        let css = sheet.css
        #expect(css.contains("@keyframes gk-photo-in { from { translate: -100% 0; } }"))
        #expect(css.contains("@keyframes gk-caption-in { from { opacity: 0; translate: 0 100%; } }"))
        #expect(css.contains("@keyframes gk-page-in { from { scale: 0.5; } }"))
        #expect(css.contains("@keyframes gk-page-out { to { opacity: 0; translate: 0 -100%; } }"))
        #expect(css.contains("animation-timing-function: linear(0, "))
        #expect(css.contains("animation-timing-function: cubic-bezier("))
        #expect(css.contains(".gk-enter-photo { animation: gk-photo-in 0."))
    }

    @Test(arguments: [
        ("opacity", MotionTransition.opacity), ("move(bottom)", .move(.bottom)), ("scale", .scale(0.9)),
        ("scale(0.5)", .scale(0.5)), ("slide", .slide),
        ("opacity + move(leading)", .combined([.opacity, .move(.leading)])),
        ("asymmetric(slide, opacity)", .asymmetric(insertion: .slide, removal: .opacity)),
    ])
    func parsesTransitions(text: String, expected: MotionTransition) {
        #expect(MotionTransition(parsing: text) == expected)
    }

    @Test(arguments: ["", "fade", "move(up)", "scale(2)", "opacity +", "asymmetric(slide)"])
    func rejectsUnknownTransitions(text: String) {
        #expect(MotionTransition(parsing: text) == nil)
    }

    @Test func viewTransitionNamesAreValidIdentifiers() {
        let name = MotionStylesheet.viewTransitionName(for: "Iceland/Ice Cave.jpg")
        #expect(name.hasPrefix("gk-photo-iceland-ice-cave-jpg-"))
        #expect(name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" })
        #expect(name != MotionStylesheet.viewTransitionName(for: "iceland/ice-cave.jpg"))
    }
}
