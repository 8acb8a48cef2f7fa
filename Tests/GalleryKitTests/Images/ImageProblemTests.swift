import Testing

@testable import GalleryKit

/// Every ``ImageProblem`` as a user reads it, and every kind of ``CodecFailure`` through the
/// one place that maps it (``ImageProblem/init(_:limitMegapixels:writing:)``): the file, what
/// is wrong, and what to do where there is something to do.
@Suite struct ImageProblemTests {
    static let file = "album/photo.jpg"

    /// Each codec failure kind, what it becomes, and its line.
    static let codecCases: [(CodecFailure, String)] = [
        (
            CodecFailure.damaged(.jpeg, "Premature end of JPEG file"),
            "error: the image is damaged or truncated: JPEG: Premature end of JPEG file"
        ),
        (
            CodecFailure(
                .unsupported, .jpeg, "lossless JPEG is not read (libjpeg: Unsupported JPEG process)"),
            "warning: unsupported image format: JPEG: lossless JPEG is not read (libjpeg: Unsupported JPEG process)"
        ),
        (
            CodecFailure(.tooLarge(width: 30000, height: 20000), .heif, "image is 30000 x 20000"),
            "error: the image declares 30000 x 20000 pixels; the limit is 200 megapixels "
                + "(images.max_megapixels in site.yml)"
        ),
        (
            CodecFailure(.tooLargeScaled(width: 16000, height: 16000, scale: 1), .jpeg, "16000 x 16000"),
            "error: even decoded at 1/8 of its size the image is 16000 x 16000 pixels; the limit is 200 "
                + "megapixels (images.max_megapixels in site.yml)"
        ),
        (
            CodecFailure(.animationTooLarge(width: 1000, height: 1000, frames: 300), .gif, "frames"),
            "error: the animation has 300 or more frames of 1000 x 1000 pixels; the limit for all frames "
                + "together is 200 megapixels (images.max_megapixels in site.yml)"
        ),
        (
            CodecFailure(.beyondLibraryLimit, .heif, "Security limit exceeded: image size 65500x65500"),
            "error: the image is larger than its decoder reads at all (not damaged; make it smaller): "
                + "HEIF: Security limit exceeded: image size 65500x65500"
        ),
        (
            CodecFailure(.workingMemory(width: 20000, height: 20000), .jpeg, "memory"),
            "error: decoding this 20000 x 20000 JPEG needs more than 800 MB of working memory (a progressive "
                + "JPEG holds all its coefficients); the limit follows images.max_megapixels in site.yml"
        ),
        (
            CodecFailure.failed(.resize, "out of memory"),
            "error: the image could not be processed (not the file's fault): resize: out of memory"
        ),
    ]

    @Test(arguments: codecCases)
    func everyCodecFailureKindHasItsMessage(_ failure: CodecFailure, _ line: String) {
        let error = ImageError(ImageProblem(failure, limitMegapixels: 200), file: Self.file)
        #expect(error.description == "\(Self.file): \(line)")
    }

    /// Whatever its kind, a failure while writing a rendition says which one.
    @Test func aFailureWhileWritingNamesTheRendition() {
        let failure = CodecFailure.failed(.webP, "encoding failed (out of memory)")
        let error = ImageError(
            ImageProblem(failure, limitMegapixels: 200, writing: "photo-960.webp"), file: Self.file)
        #expect(
            error.description
                == "\(Self.file): error: cannot write a rendition: photo-960.webp: WebP: encoding failed (out of memory)"
        )
        #expect(
            ImageProblem(.damaged(.jpeg, "x"), limitMegapixels: 200, writing: "original")
                == .cannotWrite("original: JPEG: x"))
    }

    /// The reasons that do not come from a codec, each as it reads.
    static let otherCases: [(ImageProblem, String)] = [
        (ImageProblem.emptyFile, "error: the file is empty (0 bytes)"),
        (
            .notAnImage("this is a PDF file"),
            "error: not a JPEG, PNG, WebP, GIF, HEIC or AVIF image: this is a PDF file"
        ),
        (
            .unsupportedFormat("TIFF files are not read"),
            "warning: unsupported image format: TIFF files are not read"
        ),
        (.unreadable("Permission denied"), "error: cannot read the file: Permission denied"),
        (.notARegularFile, "error: not a regular file (a FIFO, device or socket); only files are read"),
        (
            .implausibleSize(bytes: 3 << 30, limit: 64 << 20),
            "error: the file is 3.2 GB, more than a photo of the size it declares could hold (67.1 MB): it is "
                + "damaged, or not a photo"
        ),
        (
            .fileTooLarge(bytes: 3 << 30, limit: 2 << 30),
            "error: the file is 3.2 GB; photo files over 2.1 GB are not read"
        ),
        (
            .cannotWrite("photo-960.jpg: No space left on device"),
            "error: cannot write a rendition: photo-960.jpg: No space left on device"
        ),
        (
            .profileLeftOut("the embedded ICC profile is a CMYK profile on RGB pixels; it was left out"),
            "warning: the embedded ICC profile is a CMYK profile on RGB pixels; it was left out"
        ),
        (
            .damagedButPublished(message: "Corrupt JPEG data: x", count: 2),
            "warning: the JPEG data is damaged; it was published as libjpeg decoded it: Corrupt JPEG data: x "
                + "(and 1 more warning)"
        ),
    ]

    @Test(arguments: otherCases)
    func everyOtherReasonHasItsMessage(_ reason: ImageProblem, _ line: String) {
        #expect(ImageError(reason, file: Self.file).description == "\(Self.file): \(line)")
    }
}
