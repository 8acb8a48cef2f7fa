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

    /// How far (in pixels) the photo's picture falls short of a `frameWidth`-wide frame of
    /// shape `frameAspect` at `time`: the image fills the frame with `object-fit: cover` at
    /// `object-position: focus`, then CSS applies `translate` and `scale` (about the centre).
    /// Negative when the picture covers the frame with room to spare.
    static func edge(
        _ plan: KenBurnsPlan, at time: Double, photoAspect: Double, frameAspect: Double, focus: FocalPoint,
        frameWidth: Double = 1600
    ) -> Double {
        let width = frameWidth
        let height = frameWidth / frameAspect
        let shownWidth = max(width, height * photoAspect)
        let shownHeight = shownWidth / photoAspect
        let left = (width - shownWidth) * focus.x
        let top = (height - shownHeight) * focus.y
        let scale = plan.scale(at: time)
        let offset = plan.translate(at: time)
        func x(_ v: Double) -> Double { width / 2 + offset.x * width + scale * (v - width / 2) }
        func y(_ v: Double) -> Double { height / 2 + offset.y * height + scale * (v - height / 2) }
        return max(x(left), width - x(left + shownWidth), y(top), height - y(top + shownHeight))
    }

    /// The issue's cases: 4:3, 1:1, portrait and panorama photos in 3:2, 16:9 and 4:5 frames
    /// (a plan is made for the frame its role assumes, 3:2 or 16:10, and may be shown in any),
    /// for every start and end anchor and the focal point, at 1,600 px, sampled over two
    /// passes (forward and back, the end of each included). The picture never leaves the frame.
    @Test(arguments: [Easing.easeInOut, .spring(.bouncy)])
    func noEdgeShowsInAnyFrameAtAnyMoment(easing: Easing) {
        let photos: [Double] = [4.0 / 3, 1, 2.0 / 3, 1.0 / 3, 3, 6]
        let frames: [Double] = [3.0 / 2, 16.0 / 9, 4.0 / 5]
        let named: [KenBurnsAnchor] = [
            .topLeading, .top, .topTrailing, .leading, .center, .trailing, .bottomLeading, .bottom,
            .bottomTrailing,
        ]
        let foci = [
            FocalPoint(x: 0.5, y: 0.5), FocalPoint(x: 0, y: 0), FocalPoint(x: 1, y: 1),
            FocalPoint(x: 0.9, y: 0.1),
            FocalPoint(x: 0.15, y: 0.85),
        ]
        var worst = -Double.infinity
        var checked = 0
        for photo in photos {
            for assumed in [3.0 / 2, 16.0 / 10] {
                for focus in foci {
                    for from in named + [.point(focus)] {
                        for to in named.map(Optional.some) + [nil] {
                            for zoom in [1.02, 1.3, 2] {
                                let plan = KenBurnsPlan(
                                    id: "p", photoWidth: Int(1000 * photo), photoHeight: 1000,
                                    frameAspect: assumed,
                                    focus: focus, zoom: zoom, from: from, to: to, duration: 12, easing: easing
                                )
                                for step in 0...48 {
                                    let time = 24 * Double(step) / 48
                                    for frame in frames {
                                        let edge = Self.edge(
                                            plan, at: time, photoAspect: photo, frameAspect: frame,
                                            focus: focus)
                                        worst = max(worst, edge)
                                        checked += 1
                                        // At least 0.4 % of the frame to spare (3.6 px of the
                                        // 900 px height of a 16:9 frame).
                                        if edge > -0.004 * min(1600, 1600 / frame) + 1e-6 {
                                            Issue.record(
                                                "\(photo):1 photo in a \(frame) frame, \(from) -> \(String(describing: to)), focus \(focus), zoom \(zoom), t=\(time)s: edge \(edge) px"
                                            )
                                            return
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        #expect(checked > 500_000)
        #expect(worst < 0, "worst margin \(worst) px")
    }

    /// The measure above sees an edge where there is one: a pan pushed past what the zoom covers.
    @Test func theEdgeMeasureSeesAPanTooFar() {
        var plan = KenBurnsPlan(id: "p", photoWidth: 3000, photoHeight: 2000, zoom: 1.3, easing: .linear)
        #expect(Self.edge(plan, at: 12, photoAspect: 1.5, frameAspect: 1.5, focus: .center) < 0)
        plan.translateTo = KenBurnsOffset(x: 0.2, y: 0)  // the zoom covers 0.15
        let edge = Self.edge(plan, at: 12, photoAspect: 1.5, frameAspect: 1.5, focus: .center)
        #expect(abs(edge - 0.05 * 1600) < 1e-6)
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

    /// Names are CSS identifiers made of the path's letters and digits, lower case, the runs
    /// between them one hyphen, at most 40 characters, for ASCII paths (the fast path) and
    /// others alike.
    @Test func namesKeepThePathsLettersAndDigits() {
        func ident(_ name: String) -> Substring { name.dropFirst(3).dropLast(9) }
        #expect(ident(KenBurnsPlan.animationName(for: "Trip 2024/IMG_0042.JPG")) == "trip-2024-img-0042-jpg")
        #expect(ident(KenBurnsPlan.animationName(for: "--a//b--")) == "a-b")
        #expect(ident(KenBurnsPlan.animationName(for: "Été/Ölbild.jpg")) == "t-lbild-jpg")
        #expect(ident(KenBurnsPlan.animationName(for: "")) == "")
        let long = KenBurnsPlan.animationName(for: String(repeating: "abcd/", count: 30))
        #expect(ident(long) == "abcd-abcd-abcd-abcd-abcd-abcd-abcd-abcd-")
        #expect(long.wholeMatch(of: /kb-[a-z0-9-]*-[0-9a-f]{8}/) != nil)
    }
}
