import Foundation
import GalleryKit

extension Invocation {
    /// `galleryc init [<dir>]`: writes the starter content folder, says what it wrote and the
    /// next two commands.
    func runInit(_ path: String) -> Int32 {
        let formatter = formatter(contentPath: path)
        let shown = formatter.display(path).appendingSlash
        do throws(StarterSite.Failure) {
            let written = try StarterSite.create(at: url(path))
            var text = "Created \(shown) with a site to start from:\n"
            text += written.map { "  \($0)\n" }.joined()
            let folder = formatter.display(path).isEmpty ? "." : formatter.display(path)
            text += "\nNext:\n  galleryc build \(folder)     # writes the site to public/\n"
            text += "  galleryc serve \(folder)     # previews it on http://127.0.0.1:8000/\n"
            console.writeOutput(text)
            return 0
        } catch {
            console.writeError(formatter.formatMessage(.error, error.description))
            return 1
        }
    }
}
