/// A theme as the build uses it: its templates parsed, its assets ready to publish, both read
/// from disk by ``ThemeFolders`` so that the engine and the renderer read no file.
struct Theme: Sendable {
    let templates: TemplateLibrary
    let assets: ThemeAssets
}
