extension MotionStylesheet {
    private var enterTiming: String {
        let seconds = easing.naturalDuration ?? transitionDuration
        return "\(cssNumber(seconds, digits: 3))s"
    }

    private func timing(_ property: String) -> String {
        var text = "\(property)-timing-function: \(easing.fallbackCSS);"
        if easing.css != easing.fallbackCSS { text += " \(property)-timing-function: \(easing.css);" }
        return text
    }

    private func keyframes(_ name: String, from state: MotionTransition.EndState) -> String {
        "    @keyframes \(name) { from { \(state.declarations) } }\n"
    }

    private func keyframes(_ name: String, to state: MotionTransition.EndState) -> String {
        "    @keyframes \(name) { to { \(state.declarations) } }\n"
    }

    private func enterRule(_ selector: String, _ name: String) -> String {
        "    \(selector) { animation: \(name) \(enterTiming) both; \(timing("animation")) }\n"
    }

    /// Everything that moves, for visitors who have not asked for reduced motion.
    var noPreferenceBlock: String {
        var css = "@media (prefers-reduced-motion: no-preference) {\n"
        css += """
                :root.gk-js .gk-blurup img:not(.is-loaded, .gk-ph) { filter: blur(\(cssNumber(blurRadius, digits: 2))px); }
                .gk-blurup.is-loaded img { transition: opacity 0.8s ease-out, filter 0.8s ease-out; }
                .gk-loading > span { animation: gk-loading-phase 1.2s ease-in-out infinite both; }
                .gk-loading > span:nth-child(2) { animation-delay: 0.2s; }
                .gk-loading > span:nth-child(3) { animation-delay: 0.4s; }
                @keyframes gk-loading-phase {
                    0%, 100% { opacity: 0.3; scale: 0.8; }
                    33% { opacity: 1; scale: 1.2; }
                    66% { opacity: 0.6; scale: 1; }
                }
                .gk-grid :focus-visible::after, .gk-slider :focus-visible::after, [data-viewer] :focus-visible::after {
                    animation: gk-marching-ants 0.6s linear infinite;
                }
                @keyframes gk-marching-ants {
                    to { background-position: 12px 0, -12px 100%, 0 -12px, 100% 12px; }
                }
                @view-transition { navigation: auto; }
                ::view-transition-group(*) { animation-duration: \(enterTiming); \(timing("animation")) }

            """
        css += keyframes("gk-photo-in", from: photoTransition.insertionState)
        css += keyframes("gk-caption-in", from: captionTransition.insertionState)
        css += keyframes("gk-page-in", from: pageTransition.insertionState)
        css += keyframes("gk-page-out", to: pageTransition.removalState)
        css += enterRule(".gk-enter-photo", "gk-photo-in")
        css += enterRule(".gk-enter-caption", "gk-caption-in")
        css += enterRule(".gk-enter-page", "gk-page-in")
        css += enterRule("::view-transition-new(root)", "gk-page-in")
        css += enterRule("::view-transition-old(root)", "gk-page-out")
        return css + "}\n"
    }

    /// For visitors who asked for reduced motion: the blur-up becomes a short fade, nothing
    /// else moves (the loading dots and the dashed ring stay still).
    var reducedBlock: String {
        """
        @media (prefers-reduced-motion: reduce) {
            .gk-blurup.is-loaded img { transition: opacity 0.2s ease-out; }
        }

        """
    }
}
