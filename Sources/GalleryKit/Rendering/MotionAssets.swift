import Foundation

/// The generated motion stylesheet, `assets/galleryc-motion.<hash>.css`: the site's
/// ``MotionStylesheet`` (blur-up, loading indicator, enter transitions, marching ants, View
/// Transitions). It depends on `motion:` in site.yml alone, so no photo changes it; each Ken
/// Burns plan is in the stylesheet of the page that animates it (``PageStyles``).
enum MotionAssets {
    /// The name templates and `ContextBuilder.assetPaths` know it by.
    static let assetName = "galleryc-motion.css"

    /// The stylesheet for `settings`.
    static func stylesheet(_ settings: MotionSettings) -> OutputFile {
        var css = "/* galleryc motion: generated at build time; all movement is inside"
        css += " prefers-reduced-motion: no-preference. */\n"
        css += MotionStylesheet(settings).css
        let bytes = Array(css.utf8)
        return OutputFile(path: "assets/" + ThemeAssets.hashedName(assetName, bytes: bytes), contents: bytes)
    }
}
