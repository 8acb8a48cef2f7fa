import GalleryKit

/// What the last rebuild produced, handed to ``PreviewServer/publish(_:)``.
public enum SiteState: Sendable {
    /// The build succeeded. `changedFiles` are the paths whose change caused it (sources or
    /// outputs); when every one of them is a stylesheet, open pages swap their stylesheets
    /// instead of reloading. An empty list means "unknown": pages reload.
    case built(changedFiles: [String] = [])
    /// The build failed: the server keeps serving the last good files and open pages show an
    /// overlay listing these diagnostics.
    case failed([Diagnostic])
}
