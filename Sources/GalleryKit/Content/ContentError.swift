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
    /// The front matter, site.yml or Hugo's config could not be parsed; `context` is `front
    /// matter`, `YAML` or `TOML`.
    case syntax(String, context: String)
    /// A `---` (or `+++`) line opens front matter that is never closed.
    case unclosedFrontMatter(fence: String)
    /// The YAML is a list or a single value instead of `key: value` lines.
    case notAMapping(found: String, frontMatter: Bool)
    case unknownKey(String, suggestion: String?)
    /// A sigal metadata key galleryc has no use for (`Order:`, `Location:`).
    case ignoredSigalKey(String)
    /// A Hugo front matter key galleryc reads as one of its own, or not at all; `meaning`
    /// says which (`is read as 'cover'`, `has no effect in galleryc`).
    case hugoKey(String, meaning: String)
    /// A key under Hugo's `params:` that galleryc does not use (themes keep their own there).
    case ignoredHugoParam(String)
    case duplicateKey(String)
    /// A value of the wrong type or out of range; the default is used.
    case wrongType(key: String, expected: String, found: String)
    /// `cover:` or `hero:` names a photo the album does not have.
    case missingPhoto(key: String, name: String)
    /// `base_url` is not a URL every page can start its links with (see ``BaseURL``).
    case baseURL(String, BaseURLProblem)
    /// `privacy.exif` names metadata that is never published (`gps`, `serial`, `makernote`).
    case refusedMetadata(String, reason: String)
    /// An image format galleryc cannot read yet (HEIC, TIFF, raw...).
    case unsupportedImage(format: String)
    /// A video in a site whose site.yml says `video: false`.
    case videosOff
    /// A camera RAW file in a site whose site.yml says `images.raw: off`.
    case rawOff
    /// RAW+JPEG pairs in one folder, each shown as one photo: how many, and which file of
    /// each pair is shown (`images.raw_pairs`).
    case rawPairs(count: Int, shown: String)
    /// Live Photos found in a folder (a still and its movie, one album item); `published`
    /// false when `images.live: false` leaves their movies out.
    case livePhotos(count: Int, published: Bool)
    /// A sidecar key that only a video has (`poster:`), in a photo's sidecar.
    case videoOnlyKey(String)
    /// Any other file that is not a photo, a page or site.yml.
    case notMedia
    /// A `<name>.md` sidecar of a file that was skipped.
    case sidecarOfSkippedFile(String)
    /// A folder (or entries) skipped because of sigal's `.nomedia`.
    case skippedByNomedia(String)
    /// Two names in one folder make the same slug; the later one gets a number.
    case slugTaken(String, using: String)
    case unreadable(String)
    /// A FIFO, device or socket where a page, sidecar or site.yml would be.
    case notARegularFile
    /// A text file larger than any page galleryc reads.
    case tooLarge(bytes: Int64, limit: Int64)
    case notUTF8
    /// A file or folder name that is not valid UTF-8 (a Latin-1 `caf\xe9.jpg`): no URL or
    /// page can carry it.
    case nameNotUTF8
    /// Two names in one folder that differ only in Unicode normalisation (NFC and NFD); the
    /// first in byte order is used, this one (in `form`) is not.
    case normalisationTwin(form: String)
    /// A symlink to something outside the content folder, refused without `--follow-links`.
    case linkOutsideContent(target: String)
    /// A symlink to a folder that holds the content folder, never followed.
    case linkAroundContent(target: String)
    /// A symlink to a folder that is already part of the site.
    case linkToVisitedFolder(target: String)
    case brokenLink(to: String)
    case linkLoop(to: String)
    /// No site.yml, and Hugo's configuration beside the content folder was read instead.
    case readHugoConfig
    /// A folder with both `index.md` and `_index.md`.
    case secondIndex(used: String)
    /// How many files were skipped as neither photo, page, sidecar nor known metadata, by
    /// extension (`2 .jxl, 1 .psd`): each is a note, shown with `--verbose`.
    case skippedFiles(count: Int, kinds: String)
    /// An `.xmp` sidecar that is not XMP galleryc can read (not well-formed, a DTD, too large).
    case unreadableXMP
    /// `password:` written in the album's file (it is then in the content folder and its
    /// history): it works, `password_env:` is better.
    case passwordInFile
    /// `password_env:` names a variable that is not set or is empty: the album is left out.
    case passwordVariableUnset(String)
    /// An empty `password:` (or `password_env:` name): the album is left out.
    case emptyPassword(key: String)
    /// Both `password:` and `password_env:`: the variable's password is used.
    case twoPasswords
    /// A circle of `privacy.hide_places_within` without its `lat`, `lon` or `km`: no photo
    /// gets a place, since the circle cannot be kept.
    case incompleteHiddenPlace
    /// A sidecar's `place:` that is neither words nor `false`.
    case placeNotText(found: String)

    var severity: Severity {
        switch self {
        case .contentFolderMissing, .contentFolderNotAFolder, .contentFolderUnreadable, .syntax,
            .unclosedFrontMatter, .unreadable, .notARegularFile, .tooLarge, .notUTF8, .normalisationTwin,
            .baseURL, .passwordVariableUnset, .emptyPassword, .incompleteHiddenPlace:
            .error
        case .notAMapping, .unknownKey, .duplicateKey, .wrongType, .missingPhoto,
            .unsupportedImage, .refusedMetadata, .nameNotUTF8, .videoOnlyKey, .linkOutsideContent,
            .linkAroundContent, .linkToVisitedFolder, .brokenLink, .linkLoop, .skippedFiles,
            .secondIndex, .hugoKey, .unreadableXMP, .passwordInFile, .twoPasswords, .placeNotText:
            .warning
        case .ignoredSigalKey, .ignoredHugoParam, .readHugoConfig, .videosOff, .rawOff, .rawPairs,
            .livePhotos, .notMedia,
            .sidecarOfSkippedFile, .skippedByNomedia,
            .slugTaken:
            .note
        }
    }

    var message: String {
        switch self {
        case .contentFolderMissing: "content folder not found"
        case .contentFolderNotAFolder: "not a folder; give the content folder"
        case .contentFolderUnreadable(let why): "cannot read the content folder: \(why)"
        case .syntax(let problem, let context):
            "\(context): \(problem)"
        case .unclosedFrontMatter(let fence):
            "front matter: no closing '\(fence)' line; the file is read as Markdown without front matter"
        case .notAMapping(let found, let frontMatter):
            "\(frontMatter ? "front matter" : "YAML") should be 'key: value' lines, not \(found); ignored"
        case .unknownKey(let key, let suggestion):
            "unknown key '\(key)'" + (suggestion.map { " (did you mean '\($0)'?)" } ?? "") + "; ignored"
        case .ignoredSigalKey(let key):
            "sigal key '\(key)' is not used by galleryc; ignored"
        case .hugoKey(let key, let meaning):
            "Hugo's '\(key)' \(meaning)"
        case .ignoredHugoParam(let key):
            "Hugo's 'params.\(key)' is not used by galleryc; ignored"
        case .duplicateKey(let key):
            "duplicate key '\(key)'; the last value is used"
        case .wrongType(let key, let expected, let found):
            "'\(key)' should be \(expected), not \(found); using the default"
        case .missingPhoto(let key, let name):
            "\(key): no photo named '\(name)' in this album; ignored"
        case .baseURL(let value, let problem):
            "base_url '\(value)' \(problem.detail)"
        case .incompleteHiddenPlace:
            "privacy.hide_places_within: a circle needs lat, lon and km (like {lat: 45.92, lon: 6.87, km: 2}); "
                + "until it has them no photo gets a place"
        case .placeNotText(let found):
            "'place' should be the place's name, or false for none, not \(found); the place found from GPS is used"
        case .refusedMetadata(let word, let reason):
            "privacy.exif: '\(word)' is refused: \(reason); left out"
        case .unsupportedImage(let format):
            "unsupported image format \(format); skipped"
        case .videosOff:
            "a video, skipped: site.yml says 'video: false'"
        case .rawOff:
            "a camera RAW file, skipped: site.yml says 'images.raw: off'"
        case .rawPairs(let count, let shown):
            "\(count) RAW+JPEG \(count == 1 ? "pair" : "pairs") (same name): each is one photo, shown from its "
                + "\(shown) (images.raw_pairs)"
        case .livePhotos(let count, let published):
            "\(count) Live \(count == 1 ? "Photo" : "Photos") (a still and its movie): each is one photo"
                + (published
                    ? ", its movie played on its page" : "; the movies are left out (images.live: false)")
        case .videoOnlyKey(let key):
            "'\(key)' is only for a video's sidecar; ignored"
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
        case .notARegularFile:
            "not a regular file (a FIFO, device or socket); only files are read"
        case .tooLarge(let bytes, let limit):
            "the file is \(byteCountText(bytes)); text files over \(byteCountText(limit)) are not read"
        case .notUTF8:
            "not UTF-8 text; skipped (save it as UTF-8, e.g. with 'iconv -f latin1 -t utf8')"
        case .nameNotUTF8:
            "the name is not valid UTF-8, so no page can link to it; skipped (rename it, e.g. "
                + "with 'convmv -f latin1 -t utf8')"
        case .normalisationTwin(let form):
            "this name is in the folder twice, in two Unicode normalisations (this one is \(form); "
                + "copying from a Mac can do this), and both would have one URL: only the other is "
                + "used; remove or rename this one"
        case .linkOutsideContent(let target):
            "a link to \(target), outside the content folder; skipped (--follow-links publishes "
                + "what links point to)"
        case .linkAroundContent(let target):
            "a link to \(target), which holds the content folder; never followed"
        case .linkToVisitedFolder(let target):
            "a link to a folder that is already part of the site (\(target)); skipped"
        case .brokenLink(let target):
            "a broken link (to \(target)); skipped"
        case .linkLoop(let target):
            "a loop of links (this one points to \(target)); skipped"
        case .readHugoConfig:
            "no site.yml: the site's title, base_url, language and copyright are read from Hugo's "
                + "configuration here (a site.yml takes over when there is one)"
        case .secondIndex(let used):
            "the folder also has \(used), which is read as its metadata; this one is ignored"
        case .skippedFiles(let count, let kinds):
            "\(count) \(count == 1 ? "file" : "files") skipped as neither photo, page nor sidecar: "
                + "\(kinds) (--verbose lists them)"
        case .unreadableXMP:
            "not XMP that galleryc can read (not well-formed XML, a DOCTYPE, or over 16 MiB); "
                + "its title, description and keywords are ignored"
        case .passwordInFile:
            "the album's password is written in this file, so it is in the content folder and in "
                + "its history (git, backups); it works, but 'password_env: NAME' with the password in "
                + "the environment variable NAME keeps it out of both"
        case .passwordVariableUnset(let name):
            "password_env: the environment variable \(name) is not set or is empty, so this album and "
                + "the albums below it are left out of the site (nothing of them is published); set "
                + "\(name) to the album's password when you build"
        case .emptyPassword(let key):
            "\(key) is empty, so this album and the albums below it are left out of the site "
                + "(nothing of them is published)"
        case .twoPasswords:
            "both password and password_env are set; the password of password_env is used"
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
