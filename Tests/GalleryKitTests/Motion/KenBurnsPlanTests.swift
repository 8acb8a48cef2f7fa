import Foundation
import Testing

@testable import GalleryKit

@Suite struct KenBurnsPlanTests {
    /// Checks geometrically that the transformed element box contains its frame (both in units
    /// of the element: the frame is [0, 1] x [0, 1], the box is scaled about its centre and then
    /// translated).
    private func covers(scale: Double, offset: KenBurnsOffset) -> Bool {
        let half = scale / 2
        let left = 0.5 - half + offset.x
        let right = 0.5 + half + offset.x
        let top = 0.5 - half + offset.y
        let bottom = 0.5 + half + offset.y
        return scale >= 1 && left <= 0 && right >= 1 && top <= 0 && bottom >= 1
    }

    static let anchors: [KenBurnsAnchor] = [
        .topLeading, .top, .topTrailing, .leading, .center, .trailing, .bottomLeading, .bottom,
        .bottomTrailing, .point(FocalPoint(x: 0.62, y: 0.4)), .point(FocalPoint(x: -3, y: 7)),
        .point(FocalPoint(x: 1.5, y: -0.5)),
    ]
    static let easings: [Easing] = [
        .linear, .easeInOut, .easeOut, .spring(.bouncy),
        .spring(Spring(response: 0.4, dampingFraction: 0.15)),
        .timingCurve(0.6, -0.6, 0.4, 1.6),  // back-in-out: undershoots and overshoots
    ]

    @Test(arguments: easings)
    func imageAlwaysCoversItsFrame(easing: Easing) {
        let fallback: Easing? = {
            guard case .spring = easing else { return nil }
            let (a, b, c, d) = easing.fittedControlPoints()
            return .timingCurve(a, b, c, d)
        }()
        let photos = [(6000, 4000), (4000, 6000), (8000, 1000), (300, 2000)]
        let frames = [1.0, 16.0 / 9.0, 0.5, 3.0]
        var checked = 0
        for (w, h) in photos {
            for aspect in frames {
                for (i, from) in Self.anchors.enumerated() {
                    let to = Self.anchors[(i * 5 + 3) % Self.anchors.count]
                    for zoom in [1.0, 1.3, 2.0] {
                        for panEasing in [nil, Easing.spring(.bouncy)] {
                            var plan = KenBurnsPlan(
                                id: "p", photoWidth: w, photoHeight: h, frameAspect: aspect,
                                focus: FocalPoint(x: 0.9, y: 0.1), zoom: zoom, from: from, to: to,
                                duration: 10, easing: easing, panEasing: panEasing)
                            for step in 0...200 {
                                let t = Double(step) * 0.1
                                let ok = covers(scale: plan.scale(at: t), offset: plan.translate(at: t))
                                #expect(ok, "\(w)x\(h) in \(aspect) \(from)->\(to) at \(t)s")
                                #expect(plan.scale(at: t) >= KenBurnsPlan.minimumScale - 1e-9)
                                if !ok { return }
                                checked += 1
                            }
                            // Browsers without linear() run the fitted Bézier instead.
                            if let fallback, panEasing == nil {
                                plan.zoomEasing = fallback
                                plan.panEasing = fallback
                                for step in 0...200 {
                                    let t = Double(step) * 0.05
                                    #expect(covers(scale: plan.scale(at: t), offset: plan.translate(at: t)))
                                }
                            }
                        }
                    }
                }
            }
        }
        #expect(checked > 50_000)
    }

    @Test func pansFromTheCornerTowardsTheFocalPoint() {
        let plan = KenBurnsPlan(
            id: "iceland/ice.jpg", photoWidth: 3000, photoHeight: 2000, frameAspect: 1.5,
            focus: FocalPoint(x: 0.8, y: 0.7))
        #expect(plan.scaleFrom == 1.15)
        #expect(plan.scaleTo == 1.3)
        // Top-leading start: the element moves right and down, showing its top-left part.
        #expect(plan.translateFrom.x > 0.07 && plan.translateFrom.y > 0.07)
        // Focal point to the right and below: the element moves left and up.
        #expect(plan.translateTo.x < -0.1 && plan.translateTo.y < -0.05)
        #expect(plan.scale(at: 0) == 1.15 && abs(plan.scale(at: 12) - 1.3) < 1e-9)
        #expect(abs(plan.scale(at: 24) - 1.15) < 1e-9)  // and back
    }

    @Test func cssUsesIndependentScaleAndTranslateTracks() {
        let plan = KenBurnsPlan(
            id: "Iceland/Ice Cave.JPG", photoWidth: 3000, photoHeight: 2000, easing: .spring(.smooth),
            panEasing: .easeInOut)
        let css = plan.css(selector: ".kb")
        #expect(plan.animationName.hasPrefix("kb-iceland-ice-cave-jpg-"))
        #expect(css.hasPrefix("@media (prefers-reduced-motion: no-preference) {"))
        #expect(css.contains("@keyframes \(plan.animationName)-zoom {"))
        #expect(css.contains("from { scale: 1.15; }"))
        #expect(css.contains("translate: "))
        #expect(!css.contains("transform:"))
        #expect(css.contains("animation-timing-function: cubic-bezier("))
        #expect(css.contains("animation-timing-function: linear(0, "))
        #expect(css.contains("animation-direction: alternate;"))
        #expect(css.filter { $0 == "{" }.count == css.filter { $0 == "}" }.count)
    }

    @Test func coverCropKeepsTheFocalPointWhereObjectPositionPutsIt() {
        // A 2:1 photo in a square frame, object-position at the focal point (0.75, 0.5): the
        // crop shows x from 0.375 to 0.875 of the photo; the focal point sits at 75 % of the element.
        let mapping = CoverMapping(
            photoWidth: 2000, photoHeight: 1000, frameAspect: 1, position: FocalPoint(x: 0.75, y: 0.5))
        let focus = mapping.elementPoint(FocalPoint(x: 0.75, y: 0.5))
        #expect(abs(focus.x - 0.75) < 1e-12 && abs(focus.y - 0.5) < 1e-12)
        let corner = mapping.elementPoint(FocalPoint(x: 0, y: 0))
        #expect(abs(corner.x + 0.75) < 1e-12 && abs(corner.y) < 1e-12)  // cropped away on the left
        // Panning to a corner that the crop hides still stays inside the frame: clamped, not revealed.
        let plan = KenBurnsPlan(
            id: "wide", photoWidth: 2000, photoHeight: 1000, frameAspect: 1,
            focus: FocalPoint(x: 0.75, y: 0.5),
            from: .topLeading, to: .bottomTrailing, easing: .linear)
        #expect(
            plan.translateFrom.x <= (plan.scaleFrom - 1) / 2 && plan.translateTo.x >= -(plan.scaleTo - 1) / 2)
        #expect(plan.translateFrom.x > 0 && plan.translateTo.x < 0)
    }

    @Test func namesAreUniquePerPhoto() {
        #expect(KenBurnsPlan.animationName(for: "a/b.jpg") != KenBurnsPlan.animationName(for: "a-b.jpg"))
        #expect(KenBurnsPlan.animationName(for: "x") == KenBurnsPlan.animationName(for: "x"))
    }
}
