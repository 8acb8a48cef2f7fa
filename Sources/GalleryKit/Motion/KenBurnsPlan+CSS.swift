extension KenBurnsPlan {
    /// Scale at `time` seconds (the animation alternates direction every pass, as CSS's
    /// `animation-direction: alternate` does, applying the easing to the reversed progress).
    func scale(at time: Double) -> Double {
        scaleFrom + (scaleTo - scaleFrom) * zoomEasing.value(at: directedProgress(at: time))
    }

    /// Translation at `time` seconds, fractions of the element's size.
    func translate(at time: Double) -> KenBurnsOffset {
        translateFrom.interpolated(to: translateTo, by: panEasing.value(at: directedProgress(at: time)))
    }

    private func directedProgress(at time: Double) -> Double {
        let passes = max(time, 0) / duration
        let whole = passes.rounded(.down)
        let phase = passes - whole
        return Int(whole) % 2 == 0 ? phase : 1 - phase
    }

    /// Keyframes and the rule for `selector`, all inside
    /// `@media (prefers-reduced-motion: no-preference)`: under reduced motion the photo stays still.
    func css(selector: String) -> String {
        func percent(_ v: Double) -> String { cssNumber(v * 100, digits: 3) + "%" }
        func scale(_ v: Double) -> String { cssNumber(v, digits: 4) }
        let seconds = cssNumber(duration, digits: 3) + "s"
        var rule = """
                \(selector) {
                    transform-origin: 50% 50%;
                    animation-name: \(animationName)-zoom, \(animationName)-pan;
                    animation-duration: \(seconds), \(seconds);
                    animation-iteration-count: infinite;
                    animation-direction: alternate;
                    animation-fill-mode: both;
                    animation-timing-function: \(zoomEasing.fallbackCSS), \(panEasing.fallbackCSS);

            """
        if zoomEasing.css != zoomEasing.fallbackCSS || panEasing.css != panEasing.fallbackCSS {
            rule += "        animation-timing-function: \(zoomEasing.css), \(panEasing.css);\n"
        }
        rule += "    }\n"
        return """
            @media (prefers-reduced-motion: no-preference) {
                @keyframes \(animationName)-zoom {
                    from { scale: \(scale(scaleFrom)); }
                    to { scale: \(scale(scaleTo)); }
                }
                @keyframes \(animationName)-pan {
                    from { translate: \(percent(translateFrom.x)) \(percent(translateFrom.y)); }
                    to { translate: \(percent(translateTo.x)) \(percent(translateTo.y)); }
                }
            \(rule)}

            """
    }
}
