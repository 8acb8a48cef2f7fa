import Foundation

/// Live Photos: each still paired with the movie an iPhone recorded with it, so that the two
/// are one album item. The still is the photo (its page, tile, cover and slide); the movie
/// becomes its ``PhotoSource/liveMovie``, played over the still on its page, and is no clip of
/// its own. (A Motion Photo, whose movie is inside the still's file, is found by the image
/// stage instead: ``MotionPhoto``.)
///
/// A still (any photo but a camera RAW) and a movie (`.mov`, `.mp4`, ...) of one folder are a
/// pair when
/// - both carry the same Apple content identifier (the still's MakerNote, the movie's
///   `com.apple.quicktime.content.identifier`), whatever their names; else
/// - they have the same name before the extension, and the movie carries a content
///   identifier (an iPhone's) or is at most ``maxDuration`` seconds long: a longer clip that
///   merely shares a still's name (`DSC_0001.JPG` and `DSC_0001.MOV` from two cameras) stays a clip.
///
/// What it costs: each movie of a folder that has stills has its `moov` box read (a few small
/// reads); stills are read only in a folder where a movie with an identifier has no
/// same-named still (renamed files), and then only the unpaired ones, for their MakerNote.
struct LivePairing: Sendable {
    /// The longest movie paired by name alone (iPhones record 3 s; Samsung's are 3 s too).
    static let maxDuration = 5.0

    let contentDirectory: URL
    let diagnostics: DiagnosticCollector

    /// The pairs of one folder (movie name -> still name), reported as a note: with
    /// `images.live: false` (`config.livePhotos`) they are formed all the same, and the
    /// movies are left out.
    func pairs(in folder: FolderScan, config: SiteConfig) -> [String: String] {
        let movies = folder.photos.filter(FolderScanner.isVideo)
        guard !movies.isEmpty, movies.count < folder.photos.count else { return [:] }
        let stillByStem = Dictionary(
            folder.photos.filter { !FolderScanner.isVideo($0) && !MediaFileType.isCameraRAW($0) }
                .map { (Self.stem($0), $0) },
            uniquingKeysWith: { first, _ in first })
        var pairs: [String: String] = [:]
        var unpaired: [String: String] = [:]  // content identifier -> movie
        for movie in movies {
            let findings = readMovie(folder.child(movie))
            if let still = stillByStem[Self.stem(movie)],
                findings?.contentIdentifier != nil || (findings?.duration ?? .infinity) <= Self.maxDuration
            {
                pairs[movie] = still
            } else if let identifier = findings?.contentIdentifier {
                unpaired[identifier] = movie
            }
        }
        if !unpaired.isEmpty {
            let taken = Set(pairs.values)
            for still in stillByStem.values.sorted() where !taken.contains(still) {
                guard let identifier = stillIdentifier(folder.child(still)),
                    let movie = unpaired.removeValue(forKey: identifier)
                else { continue }
                pairs[movie] = still
            }
        }
        if !pairs.isEmpty {
            IssueReporter(file: folder.path.isEmpty ? "." : folder.path, diagnostics: diagnostics)
                .report(.livePhotos(count: pairs.count, published: config.livePhotos))
        }
        return pairs
    }

    /// The movie's identifier and duration; nil when it cannot be read (the movie then stays
    /// a clip, and the video stage names what is wrong with it).
    private func readMovie(_ path: String) -> MovieMetadata.Findings? {
        do throws(FileReadFailure) {
            return try MovieMetadata.read(
                try FileReader(path: contentDirectory.appendingPathComponent(path).path))
        } catch {
            return nil
        }
    }

    /// The Apple content identifier in a still's MakerNote; nil when it has none or cannot
    /// be read (the image stage reports an unreadable photo).
    private func stillIdentifier(_ path: String) -> String? {
        do throws(FileReadFailure) {
            return try MotionPhoto.contentIdentifier(
                of: try FileReader(path: contentDirectory.appendingPathComponent(path).path))
        } catch {
            return nil
        }
    }

    private static func stem(_ name: String) -> String { deletingPathExtension(name) }
}
