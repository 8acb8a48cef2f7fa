import Foundation
import Testing

@testable import GalleryKit

/// The one description of the settings that shape a rendition: the rendition folder names
/// (`_img/<hash>/`, public URLs) and the derivative cache keys both come from it.
@Suite struct ImageSettingsFingerprintTests {
    /// Rendition URLs of deployed sites must not change when the code around them does: these
    /// hashes are what galleryc-images-4 published for a fixed source digest.
    @Test(arguments: [
        (ImageSettings(), "54336ca1ef"),
        (ImageSettingsFingerprintTests.customised, "8ac689e634"),
    ])
    func renditionHashIsPinned(settings: ImageSettings, expected: String) {
        let pipeline = ImagePipeline(settings: settings, outputDirectory: URL(fileURLWithPath: "/tmp"))
        #expect(pipeline.contentHash(sourceDigest: SHA256.hex([1, 2, 3])) == expected)
    }

    /// `images.raw` changes the rendition folder and the cache key of RAW photos only: choosing
    /// `develop` on a site of JPEGs and RAWs renders the RAW files again and keeps every JPEG's
    /// URL.
    @Test func theRAWSettingShapesRAWPhotosOnly() {
        var developed = ImageSettings()
        developed.raw = .develop
        let (plain, raw) = (
            ImagePipeline(settings: ImageSettings(), outputDirectory: URL(fileURLWithPath: "/tmp")),
            ImagePipeline(settings: developed, outputDirectory: URL(fileURLWithPath: "/tmp"))
        )
        let digest = SHA256.hex([1, 2, 3])
        #expect(developed.fingerprint == ImageSettings().fingerprint)
        #expect(
            plain.contentHash(sourceDigest: digest, fileName: "a.jpg")
                == raw.contentHash(sourceDigest: digest, fileName: "a.jpg"))
        #expect(plain.contentHash(sourceDigest: digest, fileName: "a.jpg") == "54336ca1ef")
        #expect(
            plain.contentHash(sourceDigest: digest, fileName: "a.NEF")
                != raw.contentHash(sourceDigest: digest, fileName: "a.NEF"))
        #expect(developed.rawSuffix(for: "IMG_1.CR3") == ";raw=develop")
        #expect(developed.rawSuffix(for: "IMG_1.heic").isEmpty)
    }

    static var customised: ImageSettings {
        var settings = ImageSettings()
        settings.widths = [320, 1200]
        settings.jpegQuality = 75
        settings.webpQuality = 70
        settings.formats = [.jpeg]
        settings.progressive = false
        settings.background = RGBColor(red: 0x1d, green: 0x1c, blue: 0x1a)
        settings.privacy.exif = [.copyright]
        settings.privacy.publishOriginals = true
        return settings
    }

    /// A stored property that the fingerprint does not list would be in neither the cache key
    /// nor the rendition hash: changing it would serve stale renditions. This fails until a
    /// new property of ImageSettings or PrivacySettings gets its field.
    @Test func everyStoredPropertyIsInTheFingerprint() {
        let properties = Set(Mirror(reflecting: ImageSettings()).children.compactMap(\.label))
        let listed = Set(ImageSettings().fingerprintFields.map(\.property))
        #expect(properties == listed)
        let privacy = Set(Mirror(reflecting: PrivacySettings()).children.compactMap(\.label))
        #expect(privacy == ["exif", "publishOriginals"], "add the new one to canonicalDescription")
    }

    /// Each setting that shapes the renditions' bytes changes the fingerprint, hence both the
    /// rendition hash and the cache key.
    @Test func everySettingChangesTheFingerprint() {
        let base = ImageSettings()
        let changes: [String: (inout ImageSettings) -> Void] = [
            "widths": { $0.widths = [480] },
            "jpegQuality": { $0.jpegQuality = 60 },
            "webpQuality": { $0.webpQuality = 60 },
            "avifQuality": { $0.avifQuality = 50 },
            "formats": { $0.formats = [.jpeg, .webp] },
            "progressive": { $0.progressive = false },
            "background": { $0.background = RGBColor(red: 0, green: 0, blue: 0) },
            "privacy": { $0.privacy.publishOriginals = true },
            "privacy.exif": { $0.privacy.exif = [] },
            "hdr": { $0.hdr = .off },
        ]
        // Decides whether a photo is decoded at all, never the bytes of a rendition; `raw`
        // shapes RAW photos only, through their own suffix (below).
        let limitsOnly: Set<String> = ["maxMegapixels", "raw"]
        #expect(
            Set(changes.keys.map { String($0.split(separator: ".")[0]) }).union(limitsOnly)
                == Set(base.fingerprintFields.map(\.property)))
        var seen: Set<String> = [base.fingerprint]
        for (name, change) in changes {
            var changed = base
            change(&changed)
            #expect(seen.insert(changed.fingerprint).inserted, "\(name) must change the fingerprint")
        }
    }

    /// Raising or lowering `images.max_megapixels` changes no URL and no cache key.
    @Test func thePixelLimitIsNotInTheFingerprint() {
        var raised = ImageSettings()
        raised.maxMegapixels = 1000
        #expect(raised.fingerprint == ImageSettings().fingerprint)
    }

    /// A source whose colour galleryc-images-5 converts (CMYK, grey with a profile) gets new
    /// rendition URLs: browsers keep `_img/` files for ever, so the old, wrong ones must not
    /// be served again under the same name.
    @Test func revisedColourChangesTheRenditionHash() {
        let pipeline = ImagePipeline(settings: ImageSettings(), outputDirectory: URL(fileURLWithPath: "/tmp"))
        let digest = SHA256.hex([1, 2, 3])
        #expect(pipeline.contentHash(sourceDigest: digest, colourRevised: true) != "54336ca1ef")
        #expect(pipeline.contentHash(sourceDigest: digest, colourRevised: false) == "54336ca1ef")
    }
}
