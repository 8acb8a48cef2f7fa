import Foundation

/// Finds the default theme: a `Templates/` folder with `base.mustache` in it.
///
/// Looked for, in order: `$GALLERYC_THEME_DIR`; `<exe dir>/../share/galleryc/Templates` (an
/// installed copy); `Templates/` in the executable's folder or any folder above it (so
/// `.build/release/galleryc` in a checkout finds `<repo>/Templates`).
struct ThemeLocator: Sendable {
    /// The environment variable that names the theme folder explicitly.
    static let environmentVariable = "GALLERYC_THEME_DIR"
    /// The file that marks a theme folder.
    static let requiredFile = "base.mustache"

    /// The process environment (only ``environmentVariable`` is read).
    var environment: [String: String]
    /// The running executable, symlinks resolved; nil when unknown.
    var executableURL: URL?

    /// Creates a locator; the executable defaults to the running one.
    init(environment: [String: String], executableURL: URL? = ThemeLocator.currentExecutable) {
        self.environment = environment
        self.executableURL = executableURL
    }

    /// The running executable with symlinks resolved (so a linked `/usr/local/bin/galleryc`
    /// still finds its installation).
    static var currentExecutable: URL? {
        Bundle.main.executableURL?.resolvingSymlinksInPath()
    }

    /// Returns the theme folder.
    /// - Throws: ``ThemeNotFound`` naming every place that was tried.
    func locate() throws(ThemeNotFound) -> URL {
        if let explicit = environment[Self.environmentVariable], !explicit.isEmpty {
            let folder = URL(fileURLWithPath: explicit, isDirectory: true)
            guard Self.isTheme(folder) else {
                throw ThemeNotFound(
                    message: "\(Self.environmentVariable)=\(explicit) has no \(Self.requiredFile); "
                        + "point it at the theme's Templates folder")
            }
            return folder
        }
        var tried: [String] = []
        if let executableURL {
            let binFolder = executableURL.deletingLastPathComponent().standardizedFileURL
            let installed = binFolder.appendingPathComponent("../share/galleryc/Templates")
                .standardizedFileURL
            tried.append(installed.path)
            if Self.isTheme(installed) { return installed }
            var folder = binFolder
            while true {
                let candidate = folder.appendingPathComponent("Templates", isDirectory: true)
                if Self.isTheme(candidate) { return candidate }
                let parent = folder.deletingLastPathComponent().standardizedFileURL
                if parent.path == folder.path { break }
                folder = parent
            }
            tried.append("Templates/ in \(binFolder.path) and every folder above it")
        }
        throw ThemeNotFound(
            message:
                "cannot find the default theme (a Templates folder with \(Self.requiredFile)); looked in "
                + (tried.isEmpty
                    ? "no place (the executable's location is unknown)" : tried.joined(separator: ", "))
                + "; set \(Self.environmentVariable) to the theme's Templates folder")
    }

    private static func isTheme(_ folder: URL) -> Bool {
        FileManager.default.fileExists(atPath: folder.appendingPathComponent(requiredFile).path)
    }
}

/// No default theme was found; the message says where galleryc looked and what to do.
struct ThemeNotFound: Error, Sendable, Hashable {
    /// What went wrong and how to fix it.
    var message: String
}
