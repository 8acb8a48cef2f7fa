import Foundation
import Testing

@testable import GalleryKit

/// Titles, alt text and captions from the sidecar, XMP/IPTC and EXIF, in the README's order.
@Suite struct PhotoTextTests {
    static func photo(
        sidecarTitle: String? = nil, sidecarAlt: String? = nil, caption: String = "",
        xmpSidecar: DescriptiveMetadata? = nil, embedded: DescriptiveMetadata? = nil,
        exifDescription: String? = nil, userComment: String? = nil, make: String? = nil, model: String? = nil
    ) -> ProcessedPhoto {
        var source = PhotoSource(
            sourcePath: "a/IMG_0001.jpg", fileName: "IMG_0001.jpg", slug: "img-0001", urlPath: "a/img-0001/",
            title: sidecarTitle, alt: sidecarAlt, captionHTML: caption)
        source.described = xmpSidecar
        var exif = ExifSummary()
        exif.imageDescription = exifDescription
        exif.userComment = userComment
        exif.cameraMake = make
        exif.cameraModel = model
        let derivatives = PhotoDerivatives(
            width: 10, height: 10, exif: exif, renditions: [], described: embedded)
        return ProcessedPhoto(source: source, derivatives: derivatives)
    }

    @Test func theSidecarWinsOverEverything() {
        let text = PhotoText(
            Self.photo(
                sidecarTitle: "Sidecar", sidecarAlt: "Sidecar alt", caption: "<p>Sidecar caption</p>",
                xmpSidecar: DescriptiveMetadata(title: "XMP sidecar", description: "XMP description"),
                embedded: DescriptiveMetadata(title: "Embedded"), exifDescription: "EXIF"))
        #expect(
            text.title == "Sidecar" && text.alt == "Sidecar alt"
                && text.captionHTML == "<p>Sidecar caption</p>")
    }

    @Test func anXMPSidecarWinsOverTheFileFieldByField() {
        let text = PhotoText(
            Self.photo(
                xmpSidecar: DescriptiveMetadata(title: "From the .xmp"),
                embedded: DescriptiveMetadata(title: "Embedded", description: "Embedded description")))
        #expect(text.title == "From the .xmp")
        #expect(text.description == "Embedded description")
        #expect(text.alt == "From the .xmp")
        #expect(text.captionHTML == "<p>Embedded description</p>")
    }

    @Test func xmpWinsOverEXIF() {
        let text = PhotoText(
            Self.photo(
                embedded: DescriptiveMetadata(description: "Lightroom caption"),
                exifDescription: "Camera text"))
        #expect(
            text.title == nil && text.description == "Lightroom caption" && text.alt == "Lightroom caption")
    }

    @Test func userCommentCountsWhenImageDescriptionIsBoilerplate() {
        let text = PhotoText(
            Self.photo(exifDescription: "OLYMPUS DIGITAL CAMERA", userComment: "Grandma's garden"))
        #expect(text.description == "Grandma's garden" && !text.isAltMissing)
    }

    @Test func aLongDescriptionIsTheCaptionAndItsFirstSentenceTheAlt() {
        let long =
            "The old lighthouse at the end of the pier, just after the storm. "
            + String(
                repeating: "Waves kept breaking over the wall for hours and nobody went near it. ", count: 4)
        let text = PhotoText(Self.photo(embedded: DescriptiveMetadata(description: long)))
        #expect(text.alt == "The old lighthouse at the end of the pier, just after the storm.")
        #expect(text.captionHTML.hasPrefix("<p>The old lighthouse"))
        #expect(text.captionHTML.contains("nobody went near it.</p>"))
    }

    @Test func aLongSentenceIsCutAtAWord() {
        let long = String(repeating: "word ", count: 60)
        let alt = PhotoText.altText(from: long)
        #expect(alt.count <= PhotoText.altLimit + 1)
        #expect(alt.hasSuffix("word…"))
    }

    @Test func noSourceMeansNoTitleAndTheWarning() {
        let text = PhotoText(Self.photo())
        #expect(text.title == nil && text.isAltMissing && text.alt.isEmpty && text.captionHTML.isEmpty)
        #expect(!text.alt(position: 1, of: 2).contains("IMG"))
    }

    /// Every placeholder in the list, as cameras write it (any case, padded), is ignored.
    @Test(arguments: PhotoText.cameraPlaceholders.sorted())
    func eachPlaceholderIsIgnored(_ placeholder: String) {
        for written in [placeholder, placeholder.lowercased(), "  \(placeholder)   "] {
            let text = PhotoText(Self.photo(exifDescription: written))
            #expect(text.isAltMissing, "\(written) became alt text")
            #expect(text.description == nil)
        }
    }

    @Test(arguments: [
        "SANYO DIGITAL CAMERA", "SAMSUNG", "DCIM\\100GOPRO", "DCIM\\100MEDIA", "binary comment",
        "OLYMPUS DIGITAL CAMERA", "KONICA MINOLTA DIGITAL CAMERA", "Default", "DIGITAL CAMERA", "   ", "\t\n",
        "ASCII", "UNICODE", "----", "...",
    ])
    func knownBoilerplateIsIgnored(_ written: String) {
        let text = PhotoText(Self.photo(exifDescription: written, userComment: written))
        #expect(text.isAltMissing && text.title == nil && text.captionHTML.isEmpty)
    }

    @Test func theCameraNamingItselfIsBoilerplate() {
        let text = PhotoText(
            Self.photo(exifDescription: "Canon EOS 5D", make: "Canon", model: "Canon EOS 5D"))
        #expect(text.isAltMissing)
        let both = PhotoText(Self.photo(exifDescription: "NIKON D70", make: "NIKON", model: "D70"))
        #expect(both.isAltMissing)
    }

    @Test func aRealDescriptionIsKept() {
        for real in ["Samsung headquarters at night", "Sony Center, Berlin", "Default settings test chart"] {
            #expect(PhotoText(Self.photo(exifDescription: real)).description == real)
        }
    }

    @Test func captionsAreEscaped() {
        let text = PhotoText(
            Self.photo(embedded: DescriptiveMetadata(description: "<script>x</script>\n\nSecond")))
        #expect(text.captionHTML == "<p>&lt;script&gt;x&lt;/script&gt;</p>\n<p>Second</p>")
    }
}
