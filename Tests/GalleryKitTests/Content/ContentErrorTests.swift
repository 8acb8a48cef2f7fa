import Testing

@testable import GalleryKit

/// The rendered message of every diagnostic the content stage emits.
@Suite struct ContentErrorTests {
    @Test(arguments: [
        (
            ContentProblem.syntax("could not find expected ':'", context: "front matter"),
            "a.md:3:5: error: front matter: could not find expected ':'"
        ),
        (.syntax("bad", context: "YAML"), "a.md:3:5: error: YAML: bad"),
        (
            .unclosedFrontMatter(fence: "---"),
            "a.md:3:5: error: front matter: no closing '---' line; the file is read as Markdown without front matter"
        ),
        (
            .notAMapping(found: "a list", frontMatter: true),
            "a.md:3:5: warning: front matter should be 'key: value' lines, not a list; ignored"
        ),
        (
            .unknownKey("titel", suggestion: "title"),
            "a.md:3:5: warning: unknown key 'titel' (did you mean 'title'?); ignored"
        ),
        (.unknownKey("zzz", suggestion: nil), "a.md:3:5: warning: unknown key 'zzz'; ignored"),
        (.ignoredSigalKey("Order"), "a.md:3:5: note: sigal key 'Order' is not used by galleryc; ignored"),
        (.duplicateKey("title"), "a.md:3:5: warning: duplicate key 'title'; the last value is used"),
        (
            .wrongType(key: "draft", expected: "true or false", found: "'maybe'"),
            "a.md:3:5: warning: 'draft' should be true or false, not 'maybe'; using the default"
        ),
        (
            .missingPhoto(key: "cover", name: "x.jpg"),
            "a.md:3:5: warning: cover: no photo named 'x.jpg' in this album; ignored"
        ),
        (
            .baseURL("example.org", .notHTTP(suggestion: "https://example.org/")),
            "a.md:3:5: error: base_url 'example.org' is not an absolute http or https URL; write it in full, "
                + "like 'https://example.org/'"
        ),
        (
            .baseURL("https://example.org/photos", .noFinalSlash(suggestion: "https://example.org/photos/")),
            "a.md:3:5: error: base_url 'https://example.org/photos' does not end in '/': every link starts "
                + "with it, and its last part would be taken as a page instead of a folder; write "
                + "'https://example.org/photos/'"
        ),
        (
            .refusedMetadata("gps", reason: "GPS is never published"),
            "a.md:3:5: warning: privacy.exif: 'gps' is refused: GPS is never published; left out"
        ),
        (.unsupportedImage(format: "HEIC"), "a.md:3:5: warning: unsupported image format HEIC; skipped"),
        (.videosOff, "a.md:3:5: note: a video, skipped: site.yml says 'video: false'"),
        (.videoOnlyKey("poster"), "a.md:3:5: warning: 'poster' is only for a video's sidecar; ignored"),
        (.notMedia, "a.md:3:5: note: not a photo, page or site.yml; skipped"),
        (.sidecarOfSkippedFile("x.ogv"), "a.md:3:5: note: metadata for 'x.ogv', which is skipped; ignored"),
        (
            .unreadableXMP,
            "a.md:3:5: warning: not XMP that galleryc can read (not well-formed XML, a DOCTYPE, or over 16 MiB); "
                + "its title, description and keywords are ignored"
        ),
        (
            .skippedByNomedia("the whole folder"),
            "a.md:3:5: note: skipped because of .nomedia: the whole folder"
        ),
        (
            .slugTaken("a", using: "a-2"),
            "a.md:3:5: note: the URL name 'a' is already used in this folder; using 'a-2'"
        ),
        (.unreadable("Permission denied"), "a.md:3:5: error: cannot read file: Permission denied"),
        (
            .notUTF8,
            "a.md:3:5: error: not UTF-8 text; skipped (save it as UTF-8, e.g. with 'iconv -f latin1 -t utf8')"
        ),
    ])
    func renderedMessage(kind: ContentProblem, rendered: String) {
        let issue = ContentError(kind, at: SourceLocation(file: "a.md", line: 3, column: 5))
        #expect(issue.description == rendered)
        #expect(issue.diagnostic.description == rendered)
    }

    @Test func contentErrorMessages() {
        #expect(
            ContentError(.contentFolderMissing, file: "site").description
                == "site: error: content folder not found")
        #expect(
            ContentError(.contentFolderNotAFolder, file: "x.md").description
                == "x.md: error: not a folder; give the content folder")
        #expect(
            ContentError(.contentFolderUnreadable("Permission denied"), file: "site").description
                == "site: error: cannot read the content folder: Permission denied")
    }
}
