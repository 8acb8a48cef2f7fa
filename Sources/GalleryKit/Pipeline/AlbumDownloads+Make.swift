import Foundation

/// A ZIP is made from the original files already in the staging folder (hard links to the
/// cache on a cached build): nothing is decoded or encoded again. Its path is
/// `_img/<hash>/<album>.zip`, the hash over the entries' names and their content-addressed
/// paths, so it is cached for ever like a rendition, and a recycled staging folder that holds
/// it already (the same photos, the same names) keeps it instead of writing it again. The
/// ZIP's bytes depend only on the photos (see ``ZipArchive``): builds stay reproducible.
extension AlbumDownloads {
    /// Makes the ZIP of every album that asks for one and has originals to put in it.
    /// - Throws: ``OutputError`` when a ZIP cannot be written (the output is not usable).
    static func make(
        for site: Site, derivatives: [String: PhotoDerivatives], into staging: OutputWriter,
        diagnostics: DiagnosticCollector
    ) throws(OutputError) -> AlbumDownloads {
        var downloads = AlbumDownloads()
        let wanted = site.root.allAlbums.filter { $0.zipDownload ?? site.config.zipDownloads }
        guard !wanted.isEmpty else { return downloads }
        guard site.config.images.privacy.publishOriginals else {
            diagnostics.emit(
                .warning, SourceLocation(file: site.config.sourcePath ?? "."),
                "downloads.zip needs privacy.publish_originals: true (a ZIP holds the published originals, "
                    + "rewritten without GPS); no ZIP is written")
            return downloads
        }
        for album in wanted {
            let originals = album.photos.compactMap { source in
                derivatives[source.sourcePath]?.original.map { (source, $0) }
            }
            guard !originals.isEmpty else { continue }
            var names: Set<String> = []
            let entries = originals.map { source, original in
                ZipArchive.Entry(
                    name: uniqueName(for: source, original: original, taken: &names),
                    file: staging.stagingDirectory.appendingPathComponent(original.path))
            }
            let identity = zip(entries, originals).map { "\($0.name)\t\($1.1.path)" }.joined(separator: "\n")
            let slug = album.urlPath.split(separator: "/").last.map(String.init) ?? "photos"
            let path = "_img/\(SHA256.hex(identity).prefix(10))/\(slug).zip"
            let url = staging.stagingDirectory.appendingPathComponent(path)
            let shown = staging.displayPath(of: path)
            try staging.keep(path: path)
            var size = (try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? Int64
            if size == nil || !staging.isRecycled {
                do {
                    try FileManager.default.createDirectory(
                        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                    size = try ZipArchive.write(entries, to: url)
                } catch let failure as ZipArchive.Failure {
                    throw OutputError(
                        .io(operation: "write the album's ZIP", detail: "\(failure)"), file: shown)
                } catch {
                    throw OutputError(
                        .io(
                            operation: "write the album's ZIP",
                            detail: fileErrorText(error)),
                        file: shown, underlying: error)
                }
            }
            downloads.byAlbum[album.sourcePath] = Download(
                path: path, byteCount: size ?? 0, photoCount: entries.count)
        }
        return downloads
    }

    /// The photo's file name with the original's extension (a WebP or HEIC original is
    /// published as JPEG), made unique in the ZIP with `-2`, `-3`...
    private static func uniqueName(for source: PhotoSource, original: Rendition, taken: inout Set<String>)
        -> String
    {
        let stem = deletingPathExtension(source.fileName)
        let ext = pathExtension(of: original.path)
        var name = "\(stem).\(ext)"
        var number = 2
        while !taken.insert(name.lowercased()).inserted {
            name = "\(stem)-\(number).\(ext)"
            number += 1
        }
        return name
    }
}
