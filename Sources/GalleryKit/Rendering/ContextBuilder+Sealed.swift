import Foundation

extension ContextBuilder {
    /// The lock page published at the URL of a page of a password-protected album
    /// (`locked.mustache`): the site's header and footer, a neutral title, the public albums
    /// above it as breadcrumbs, the password form, and `locked`: `salt`, `iterations` and
    /// `payload` (the real page, sealed: ``PageSealer``) for `assets/sealed.js`, which this
    /// page loads instead of the theme's scripts (the decrypted page's scripts are loaded
    /// once it is in place). Search engines are asked not to index it; it has no Open Graph
    /// picture and no words of the album.
    ///
    /// With `embedsKey` (`galleryc serve --unlock` only), `locked.key` is the key itself, and
    /// the script opens the page without asking.
    func lockedPage(
        urlPath: String, ancestors: [Album], photoPage: Bool, key: AlbumKey, payload: String,
        embedsKey: Bool = false
    ) -> TemplateValue {
        var context = chrome(
            urlPath: urlPath, title: Self.lockedTitle, trail: trail(Array(ancestors.prefix { $0.isPublic })),
            unlisted: true,
            viewer: photoPage)
        if case .dictionary(var assets) = context["assets"] {
            assets["js"] = nil
            assets["viewerJS"] = nil
            if let script = assetPaths["sealed.js"] { assets["sealedJS"] = .string(links.href(script)) }
            context["assets"] = .dictionary(assets)
        }
        var locked: [String: TemplateValue] = [
            "salt": .string(key.saltText), "iterations": .int(key.iterations), "payload": .string(payload),
        ]
        if embedsKey { locked["key"] = .string(Data(key.key).base64EncodedString()) }
        context["locked"] = .dictionary(locked)
        return .dictionary(context)
    }
}
