import Foundation

/// The site's icon, `assets/favicon.<hash>.<ext>`, linked from every page so that no browser
/// asks for a `/favicon.ico` that is not there: the file `favicon:` names, else a small SVG made
/// from the cover photo (its blur-up preview, cropped square with rounded corners; a plain
/// square of the site's text colour when there is no photo at all).
enum Favicon {
    /// The name `ContextBuilder.assetPaths` knows it by.
    static let assetName = "favicon"

    static func file(for site: Site, cover: ProcessedPhoto?) -> OutputFile {
        if let own = site.favicon {
            return named(own.bytes, fileExtension: own.fileExtension)
        }
        var svg = #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">"#
        svg += #"<clipPath id="r"><rect width="64" height="64" rx="14"/></clipPath>"#
        if let cover, let preview = cover.placeholder {
            let fill = cover.dominantColor ?? "#5f5b55"
            svg += #"<rect width="64" height="64" rx="14" fill="\#(fill)"/>"#
            svg +=
                #"<image href="\#(preview)" width="64" height="64" preserveAspectRatio="xMidYMid slice" clip-path="url(#r)"/>"#
        } else {
            svg += ##"<rect width="64" height="64" rx="14" fill="#1d1c1a"/>"##
        }
        svg += "</svg>\n"
        return named(Array(svg.utf8), fileExtension: "svg")
    }

    /// The media type of a published icon, from its path.
    static func mediaType(of path: String) -> String {
        FaviconFile.types[pathExtension(of: path).lowercased()] ?? "image/x-icon"
    }

    private static func named(_ bytes: [UInt8], fileExtension: String) -> OutputFile {
        OutputFile(
            path: "assets/favicon.\(SHA256.hex(bytes).prefix(10)).\(fileExtension)", contents: bytes)
    }
}
