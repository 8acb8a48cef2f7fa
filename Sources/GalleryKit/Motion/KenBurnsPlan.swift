import Foundation

/// A slow zoom and pan over a photo (SwiftUI's KenBurnsImage), compiled to two independent CSS
/// animations on the `scale` and `translate` properties of an `object-fit: cover` image that
/// fills its frame (`transform-origin: center`; the frame clips with `overflow: hidden`).
///
/// Guarantee: at every moment the image box covers its frame. Both tracks are linear in the
/// eased progress, and coverage (`|translate| <= (scale - 1) / 2` per axis, translate in
/// fractions of the element's own size) is a pair of linear inequalities, so it holds along a
/// whole track once it holds at the extreme progress values the easings reach, overshoot
/// included (and for the cubic-bezier fallback of a spring too). Scale never drops below 1.02,
/// and a pan stops 0.4 % of the frame short of its edge.
struct KenBurnsPlan: Sendable, Hashable {
    /// The smallest scale any frame of the animation uses: a 1 % margin on every side.
    static let minimumScale = 1.02
    /// What every pan leaves between the picture's edge and the frame's, as a fraction of the
    /// frame (`minimumScale` leaves 1 % where there is no pan).
    static let edgeMargin = 0.004

    /// Base animation name, unique per photo; the tracks are `<name>-zoom` and `<name>-pan`.
    var animationName: String
    /// Seconds for one pass; the animation then plays back, and repeats forever.
    var duration: Double
    var zoomEasing: Easing
    var panEasing: Easing
    /// Scale at the start and end of a pass.
    var scaleFrom: Double
    var scaleTo: Double
    /// Translation at the start and end of a pass, fractions of the element's size (CSS %/100).
    var translateFrom: KenBurnsOffset
    var translateTo: KenBurnsOffset

    /// Plans the move for one photo.
    /// - Parameters:
    ///   - id: a stable photo identifier (e.g. its path); the animation name is derived from it.
    ///   - photoWidth, photoHeight: the photo's displayed size in pixels (after orientation).
    ///   - frameAspect: assumed width / height of the frame the photo is cropped into.
    ///   - focus: the photo's focal point; also the `object-position` of the crop.
    ///   - zoom: the scale at the end of a pass (at least 1.02); a pass starts halfway there.
    ///   - from: where the pass starts; `to`: where it ends (nil: the focal point).
    ///   - duration: seconds per pass; `easing`: both tracks; `panEasing`: the pan's own, if any.
    init(
        id: String, photoWidth: Int, photoHeight: Int, frameAspect: Double = 3.0 / 2.0,
        focus: FocalPoint = .center, zoom: Double = 1.3, from: KenBurnsAnchor = .topLeading,
        to: KenBurnsAnchor? = nil, duration: Double = 12, easing: Easing = .easeInOut,
        panEasing: Easing? = nil
    ) {
        animationName = Self.animationName(for: id)
        self.duration = duration.isFinite && duration > 0 ? duration : 12
        zoomEasing = easing
        self.panEasing = panEasing ?? easing
        let focusPoint = KenBurnsAnchor.point(focus).point
        let cover = CoverMapping(
            photoWidth: Double(max(photoWidth, 1)), photoHeight: Double(max(photoHeight, 1)),
            frameAspect: frameAspect.isFinite && frameAspect > 0 ? frameAspect : 1.5, position: focusPoint)
        let start = cover.elementPoint(from.point)
        let end = cover.elementPoint((to ?? .point(focus)).point)

        // Scale track: halfway to `zoom`, then `zoom`; lifted so no overshoot dips below 1.02.
        let z = zoom.isFinite ? max(zoom, Self.minimumScale) : 1.3
        var s0 = max(Self.minimumScale, 1 + (z - 1) / 2)
        var s1 = z
        let zoomRange = easing.progressRange()
        let lowest = min(s0 + (s1 - s0) * zoomRange.lowerBound, s0 + (s1 - s0) * zoomRange.upperBound)
        if lowest < Self.minimumScale {
            s0 += Self.minimumScale - lowest
            s1 += Self.minimumScale - lowest
        }
        scaleFrom = Self.roundUp(s0)
        scaleTo = Self.roundUp(s1)

        // Pan track: centre each point as far as the scale at that end allows, then shrink both
        // ends together until every extreme state still covers the frame.
        var t0 = Self.centring(start, scale: scaleFrom)
        var t1 = Self.centring(end, scale: scaleTo)
        let panRange = self.panEasing.progressRange()
        let extremes = [panRange.lowerBound, panRange.upperBound]
        var k = 1.0
        for x in extremes {
            let offset = t0.interpolated(to: t1, by: x)
            let bound: Double
            if panEasing == nil {
                // Shared timing: the scale at this progress is known exactly.
                bound = (scaleFrom + (scaleTo - scaleFrom) * x - 1) / 2
            } else {
                // Independent timing: any scale the zoom track reaches can meet any offset.
                let sLow = min(
                    scaleFrom + (scaleTo - scaleFrom) * zoomRange.lowerBound,
                    scaleFrom + (scaleTo - scaleFrom) * zoomRange.upperBound)
                bound = (sLow - 1) / 2
            }
            // A margin of 0.4 % of the frame on the side the pan goes to (1.3 px of a phone's
            // 320 px story photo, 6 px of a 1,600 px one): a picture that only just covers its
            // frame shows a sliver of the background where a browser rounds or anti-aliases.
            let safe = bound - Self.edgeMargin
            for value in [offset.x, offset.y] where abs(value) > safe {
                k = min(k, max(safe, 0) / abs(value))
            }
        }
        t0 = KenBurnsOffset(x: Self.roundDown(t0.x * k), y: Self.roundDown(t0.y * k))
        t1 = KenBurnsOffset(x: Self.roundDown(t1.x * k), y: Self.roundDown(t1.y * k))
        translateFrom = t0
        translateTo = t1
    }

    /// The translation that brings element point `p` to the frame centre at `scale`, clamped to
    /// what the scale can cover.
    private static func centring(_ p: FocalPoint, scale: Double) -> KenBurnsOffset {
        let bound = (scale - 1) / 2
        func axis(_ v: Double) -> Double { min(max(-scale * (v - 0.5), -bound), bound) }
        return KenBurnsOffset(x: axis(p.x), y: axis(p.y))
    }

    // Percent values are written with 3 decimals: round toward zero so rounding never widens a
    // pan; scales with 4 decimals, rounded up.
    private static func roundDown(_ v: Double) -> Double { (v * 100_000).rounded(.towardZero) / 100_000 }
    private static func roundUp(_ v: Double) -> Double { (v * 10_000).rounded(.up) / 10_000 }

    /// `kb-<id as a CSS identifier>-<8 hex digits of its FNV-1a hash>`.
    static func animationName(for id: String) -> String {
        var hash: UInt32 = 2_166_136_261
        for byte in id.utf8 {
            hash ^= UInt32(byte)
            hash = hash &* 16_777_619
        }
        // An ASCII id (nearly every path) takes the byte loop, which keeps the same letters
        // and digits and joins the runs between them with one hyphen, as here.
        let trimmed =
            AlphanumericWords.hyphenated(id)
            ?? String(
                id.lowercased().unicodeScalars.map {
                    ("a"..."z").contains($0) || ("0"..."9").contains($0) ? Character($0) : "-"
                }
            ).split(separator: "-").joined(separator: "-")
        let hex = String(hash, radix: 16)
        return "kb-\(trimmed.prefix(40))-\(String(repeating: "0", count: 8 - hex.count))\(hex)"
    }
}

/// A translation in fractions of the element's own width and height.
struct KenBurnsOffset: Sendable, Hashable {
    var x: Double
    var y: Double

    init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    func interpolated(to other: KenBurnsOffset, by t: Double) -> KenBurnsOffset {
        KenBurnsOffset(x: x + (other.x - x) * t, y: y + (other.y - y) * t)
    }
}
