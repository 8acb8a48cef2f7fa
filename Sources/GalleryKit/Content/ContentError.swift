/// A problem the content stage reports: about the content folder itself (thrown: nothing can
/// be built), or about one file (reported, and loading goes on, so that the build shows them
/// all at once).
typealias ContentError = BuildError<ContentProblem>

/// What the content stage found wrong, with its severity and message.
enum ContentProblem: ErrorReason {
    /// Nothing exists at the content folder's path.
    case contentFolderMissing
    /// The content folder's path names a file, not a folder.
    case contentFolderNotAFolder
    /// The content folder exists but cannot be listed.
    case contentFolderUnreadable(String)
    /// libyaml could not parse the front matter or site.yml.
    case yamlSyntax(String, frontMatter: Bool)
    /// A `---` line opens front matter that is never closed.
    case unclosedFrontMatter
    /// The YAML is a list or a single value instead of `key: value` lines.
    case notAMapping(found: String, frontMatter: Bool)
    case unknownKey(String, suggestion: String?)
    /// A sigal metadata key galleryc has no use for (`Order:`, `Location:`).
    case ignoredSigalKey(String)
    case duplicateKey(String)
    /// A value of the wrong type or out of range; the default is used.
    case wrongType(key: String, expected: String, found: String)
    /// `cover:` or `hero:` names a photo the album does not have.
    case missingPhoto(key: String, name: String)
    case baseURLNotAbsolute(String)
    /// `privacy.exif` names metadata that is never published (`gps`, `serial`, `makernote`).
    case refusedMetadata(String, reason: String)
    /// An image format galleryc cannot read yet (HEIC, TIFF, raw...).
    case unsupportedImage(format: String)
    case unsupportedVideo(format: String)
    /// Any other file that is not a photo, a page or site.yml.
    case notMedia
    /// A `<name>.md` sidecar of a file that was skipped.
    case sidecarOfSkippedFile(String)
    /// A folder (or entries) skipped because of sigal's `.nomedia`.
    case skippedByNomedia(String)
    /// Two names in one folder make the same slug; the later one gets a number.
    case slugTaken(String, using: String)
    case unreadable(String)
    case notUTF8

    var severity: Severity {
        switch self {
        case .contentFolderMissing, .contentFolderNotAFolder, .contentFolderUnreadable, .yamlSyntax,
            .unclosedFrontMatter, .unreadable, .notUTF8:
            .error
        case .notAMapping, .unknownKey, .duplicateKey, .wrongType, .missingPhoto, .baseURLNotAbsolute,
            .unsupportedImage, .refusedMetadata:
            .warning
        case .ignoredSigalKey, .unsupportedVideo, .notMedia, .sidecarOfSkippedFile, .skippedByNomedia,
            .slugTaken:
            .note
        }
    }

    var message: String {
        switch self {
        case .contentFolderMissing: "content folder not found"
        case .contentFolderNotAFolder: "not a folder; give the content folder"
        case .contentFolderUnreadable(let why): "cannot read the content folder: \(why)"
        case .yamlSyntax(let problem, let frontMatter):
            "\(frontMatter ? "front matter" : "YAML"): \(problem)"
        case .unclosedFrontMatter:
            "front matter: no closing '---' line; the file is read as Markdown without front matter"
        case .notAMapping(let found, let frontMatter):
            "\(frontMatter ? "front matter" : "YAML") should be 'key: value' lines, not \(found); ignored"
        case .unknownKey(let key, let suggestion):
            "unknown key '\(key)'" + (suggestion.map { " (did you mean '\($0)'?)" } ?? "") + "; ignored"
        case .ignoredSigalKey(let key):
            "sigal key '\(key)' is not used by galleryc; ignored"
        case .duplicateKey(let key):
            "duplicate key '\(key)'; the last value is used"
        case .wrongType(let key, let expected, let found):
            "'\(key)' should be \(expected), not \(found); using the default"
        case .missingPhoto(let key, let name):
            "\(key): no photo named '\(name)' in this album; ignored"
        case .baseURLNotAbsolute(let value):
            "base_url '\(value)' is not an absolute URL like 'https://example.org/'"
        case .refusedMetadata(let word, let reason):
            "privacy.exif: '\(word)' is refused: \(reason); left out"
        case .unsupportedImage(let format):
            "unsupported image format \(format); skipped"
        case .unsupportedVideo(let format):
            "videos are not supported yet (\(format)); skipped"
        case .notMedia:
            "not a photo, page or site.yml; skipped"
        case .sidecarOfSkippedFile(let name):
            "metadata for '\(name)', which is skipped; ignored"
        case .skippedByNomedia(let what):
            "skipped because of .nomedia: \(what)"
        case .slugTaken(let slug, let using):
            "the URL name '\(slug)' is already used in this folder; using '\(using)'"
        case .unreadable(let why):
            "cannot read file: \(why)"
        case .notUTF8:
            "not UTF-8 text; skipped"
        }
    }
}

/// Where diagnostics for one file go: a relative path and the shared collector.
struct IssueReporter: Sendable {
    var file: String
    var diagnostics: DiagnosticCollector

    func report(_ kind: ContentProblem, line: Int? = nil, column: Int? = nil) {
        diagnostics.emit(ContentError(kind, file: file, line: line, column: column))
    }

    func report(_ kind: ContentProblem, at node: YAMLNode) {
        report(kind, line: node.line, column: node.column)
    }
}
