/// A theme as the build uses it: its templates parsed, its assets ready to publish, both read
/// from disk by ``ThemeFolders`` so that the engine and the renderer read no file.
struct Theme: Sendable {
    let templates: TemplateLibrary
    let assets: ThemeAssets
    /// What the theme is made of, as a fingerprint: every template's name and text, and every
    /// asset's path and bytes (a page made with another theme is made again).
    var fingerprint = ""
}
