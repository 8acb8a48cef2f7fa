import Foundation

/// The generated motion stylesheet, `assets/galleryc-motion.<hash>.css`: the site's
/// ``MotionStylesheet`` (blur-up, loading indicator, enter transitions, marching ants, View
/// Transitions) followed by every Ken Burns plan, sorted by animation name so the bytes (and
/// the hash) only change when a setting or a photo does.
enum MotionAssets {
    /// The name templates and `ContextBuilder.assetPaths` know it by.
    static let assetName = "galleryc-motion.css"

    /// The stylesheet for `settings` and `plans` (duplicates by animation name are dropped).
    static func stylesheet(_ settings: MotionSettings, plans: [KenBurnsPlan]) -> OutputFile {
        let sheet = MotionStylesheet(settings)
        var css = "/* galleryc motion: generated at build time; all movement is inside"
        css += " prefers-reduced-motion: no-preference. */\n"
        css += sheet.css
        var seen = Set<String>()
        for plan in plans.sorted(by: { $0.animationName < $1.animationName })
        where seen.insert(plan.animationName).inserted {
            css += plan.css(selector: "[data-kenburns=\"\(plan.animationName)\"]")
        }
        let bytes = Array(css.utf8)
        return OutputFile(path: "assets/" + ThemeAssets.hashedName(assetName, bytes: bytes), contents: bytes)
    }
}
