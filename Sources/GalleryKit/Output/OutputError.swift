/// Why the output folder cannot be written or replaced. Raised by ``OutputWriter``; the
/// location names the output folder (or the file inside it) as the user gave it.
typealias OutputError = BuildError<OutputProblem>

/// What went wrong with the output folder.
enum OutputProblem: ErrorReason {
    /// The output folder is the content folder.
    case outputIsContent
    /// The output folder lies inside the content folder.
    case outputInsideContent
    /// The output folder contains the content folder, so replacing it would delete content.
    case outputContainsContent
    /// The output folder exists, is not empty and has no `.galleryc-output` marker.
    case notCreatedByGalleryc
    /// Something other than a folder is in the way.
    case notAFolder
    /// A file path that is absolute, empty or climbs out of the site with `..`.
    case invalidPath
    /// Two outputs were written to the same path (two pages with the same URL, say).
    case duplicatePath
    /// The writer was used after ``OutputWriter/commit()`` or ``OutputWriter/abandon()``.
    case finished
    /// A file system call failed.
    case io(operation: String, detail: String)
    /// The output folder was missing and a previous site left beside it was put back.
    case recoveredPreviousSite

    /// Putting a lost site back only warns; everything else is an error.
    var severity: Severity {
        self == .recoveredPreviousSite ? .warning : .error
    }

    /// The message shown after the location.
    var message: String {
        switch self {
        case .outputIsContent:
            "the output folder is the content folder; choose another --output"
        case .outputInsideContent:
            "the output folder is inside the content folder; choose a folder outside it with --output"
        case .outputContainsContent:
            "the output folder contains the content folder, so replacing it would delete your "
                + "content; choose another --output"
        case .notCreatedByGalleryc:
            "refusing to replace this folder: it was not created by galleryc; remove it or "
                + "choose another --output"
        case .notAFolder:
            "the output path exists and is not a folder; remove it or choose another --output"
        case .invalidPath:
            "invalid output path: it must be relative to the site root and stay inside it"
        case .duplicatePath:
            "two outputs would be written to this path; give one of them another name or slug"
        case .finished:
            "the output was already committed or abandoned"
        case .io(let operation, let detail):
            "cannot \(operation): \(detail)"
        case .recoveredPreviousSite:
            "the output folder was missing; the previous site, left beside it by a build that was "
                + "interrupted while swapping, was put back"
        }
    }
}
