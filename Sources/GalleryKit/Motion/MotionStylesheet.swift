/// The site's motion CSS: blur-up images, the loading indicator, enter transitions, the
/// marching-ants focus ring and cross-document View Transitions.
///
/// Every animation, transition and `@keyframes` rule is inside
/// `@media (prefers-reduced-motion: no-preference)`; the `reduce` block only fades opacity (the
/// blur-up in 0.2 s) and switches View Transitions off. Outside both blocks there are only
/// static styles.
///
/// Classes the templates use:
/// - `.gk-blurup` (with `--gk-dominant: #rrggbb` and `--gk-focus` from the photo's class in the
///   generated stylesheet) around an `<img>` (directly or inside a `<picture>`), with the
///   placeholder last in it as `<img class="gk-ph" src="data:…" alt="">` (in the HTML: it comes
///   with the page, before any stylesheet, and costs no CSS); the image gets `.is-loaded`
///   when it has loaded, from galleryc.js's capturing `load` listener (no inline handler, so a
///   strict CSP holds). The preview stays if the image fails. `:root.gk-js` marks that scripts
///   run, so without JavaScript the image is simply shown.
/// - `.gk-loading` (three `<span>`s) after the image inside `.gk-blurup`: the loading indicator.
/// - `.gk-enter-photo`, `.gk-enter-caption`, `.gk-enter-page`: enter transitions.
/// - `.gk-grid`, `.gk-slider` and the viewer (`[data-viewer]`): focusable descendants get the
///   marching-ants ring.
/// - `view-transition-name` from `viewTransitionName(for:)` on the grid thumbnail and the photo
///   page's image, so one grows into the other.
struct MotionStylesheet: Sendable, Hashable {
    /// Blur radius of the placeholder and of the image as it focuses in, in CSS pixels.
    var blurRadius: Double
    var photoTransition: MotionTransition
    var captionTransition: MotionTransition
    var pageTransition: MotionTransition
    /// Easing of the enter transitions and View Transitions.
    var easing: Easing
    /// Seconds for the enter transitions (springs use their own settling time).
    var transitionDuration: Double

    /// The stylesheet of the site's `motion:` settings.
    init(_ settings: MotionSettings) {
        self.init(
            blurRadius: settings.blurRadius, photoTransition: settings.photoTransition,
            captionTransition: settings.captionTransition, pageTransition: settings.pageTransition,
            easing: settings.easing, transitionDuration: settings.transitionDuration)
    }

    /// Creates a stylesheet with the given settings; each one left out, or not a usable
    /// number, is ``MotionSettings``'s default (SwiftUI-like choices), which is the one place
    /// the defaults are written.
    init(
        blurRadius: Double = Self.defaults.blurRadius,
        photoTransition: MotionTransition = Self.defaults.photoTransition,
        captionTransition: MotionTransition = Self.defaults.captionTransition,
        pageTransition: MotionTransition = Self.defaults.pageTransition,
        easing: Easing = Self.defaults.easing,
        transitionDuration: Double = Self.defaults.transitionDuration
    ) {
        self.blurRadius = blurRadius.isFinite ? max(blurRadius, 0) : Self.defaults.blurRadius
        self.photoTransition = photoTransition
        self.captionTransition = captionTransition
        self.pageTransition = pageTransition
        self.easing = easing
        self.transitionDuration =
            transitionDuration.isFinite && transitionDuration > 0
            ? transitionDuration : Self.defaults.transitionDuration
    }

    private static let defaults = MotionSettings()

    /// A valid, unique-per-id CSS `view-transition-name` (e.g. `gk-photo-iceland-ice-1a2b3c4d`)
    /// to put on both the thumbnail and the photo page's image.
    static func viewTransitionName(for id: String) -> String {
        "gk-photo-" + KenBurnsPlan.animationName(for: id).dropFirst("kb-".count)
    }

    /// The whole stylesheet.
    var css: String {
        [staticRules, noPreferenceBlock, reducedBlock].joined(separator: "\n")
    }

    private var blur: String { cssNumber(blurRadius, digits: 2) + "px" }

    /// Layout and resting states: no motion at all.
    ///
    /// A photo still loading is at 1 % opacity, not 0: it is invisible either way, but the
    /// browser counts an image at opacity 0 as not painted until its focus-in has run, which
    /// put the 0.8 s of the transition into the largest contentful paint of every page
    /// (`make bench`: the home page on a phone from 2.7 s to 1.9 s).
    var staticRules: String {
        """
        .gk-blurup { position: relative; overflow: hidden; background-color: var(--gk-dominant, transparent); }
        .gk-blurup > img.gk-ph {
            position: absolute; inset: auto; left: calc(-2 * \(blur)); top: calc(-2 * \(blur)); z-index: 0;
            width: calc(100% + 4 * \(blur)); height: calc(100% + 4 * \(blur)); max-width: none; max-height: none;
            margin: 0; object-fit: cover; object-position: var(--gk-focus, 50% 50%); filter: blur(\(blur));
            opacity: 1;
        }
        .gk-blurup img { position: relative; z-index: 1; }
        :root.gk-js .gk-blurup img:not(.is-loaded, .gk-ph) { opacity: 0.01; }
        .gk-loading {
            position: absolute; inset: auto 0 1rem; z-index: 2; display: flex; gap: 0.4rem;
            justify-content: center; pointer-events: none;
        }
        .gk-loading > span { width: 0.5rem; height: 0.5rem; border-radius: 50%; background: currentColor; opacity: 0.5; }
        :root:not(.gk-js) .gk-loading, .gk-blurup img.is-loaded ~ .gk-loading { display: none; }
        .gk-grid :focus-visible, .gk-slider :focus-visible, [data-viewer] :focus-visible { outline: none; position: relative; }
        .gk-grid :focus-visible::after, .gk-slider :focus-visible::after, [data-viewer] :focus-visible::after {
            content: ""; position: absolute; inset: -4px; z-index: 3; pointer-events: none; color: var(--focus, Highlight);
            background:
                linear-gradient(90deg, currentColor 50%, transparent 0) 0 0 / 12px 2px repeat-x,
                linear-gradient(90deg, currentColor 50%, transparent 0) 0 100% / 12px 2px repeat-x,
                linear-gradient(0deg, currentColor 50%, transparent 0) 0 0 / 2px 12px repeat-y,
                linear-gradient(0deg, currentColor 50%, transparent 0) 100% 0 / 2px 12px repeat-y;
        }

        """
    }
}
