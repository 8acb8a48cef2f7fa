internal import CColourProfiles
internal import CLCMS

/// Colour conversion to sRGB through lcms2, for the sources whose colour cannot travel as an
/// ICC profile next to RGB pixels (CMYK, YCCK, grey). Every lcms2 call in galleryc lives in
/// this file; ``SourceColour`` decides what to convert.
///
/// Each conversion makes its own transform (with perceptual intent, as Pillow's ImageCms and
/// most viewers use by default) inside the calling worker and frees it before returning, so
/// nothing is shared between threads but lcms2's default context, which is thread-safe.
enum ColourProfiles {
    /// Why a conversion could not be made.
    struct Failure: Error, Sendable, Equatable {
        var message: String
    }

    /// How the samples to convert are laid out.
    enum Layout: Sendable, Equatable {
        /// Grey, 1 or 2 bytes per sample (16-bit in native byte order), optionally with alpha.
        case gray(bytesPerSample: Int, alpha: Bool)
        /// CMYK, 8 bits; `inverted`: stored as 255 - ink, as Adobe's CMYK JPEGs are.
        case cmyk(inverted: Bool)

        var channels: Int {
            switch self {
            case .gray(_, let alpha): alpha ? 2 : 1
            case .cmyk: 4
            }
        }

        var bytesPerSample: Int {
            if case .gray(let bytes, _) = self { return bytes }
            return 1
        }

        fileprivate var format: cmsUInt32Number {
            switch self {
            case .gray(let bytes, let alpha): gk_cms_gray(Int32(bytes), alpha ? 1 : 0)
            case .cmyk(let inverted): gk_cms_cmyk(inverted ? 1 : 0)
            }
        }
    }

    /// The profile assumed for CMYK without one: FOGRA39 (coated offset paper), made from the
    /// FOGRA39L characterisation data (see `Sources/CColourProfiles/make-press-profile.sh`).
    static let pressCMYK: [UInt8] = Array(
        UnsafeBufferPointer(start: gk_press_cmyk_profile_ptr(), count: Int(gk_press_cmyk_profile_length)))

    /// The sRGB profile converted renditions are tagged with: lcms2's own (ICC v4, parametric
    /// curves, 3 KB at most), with a fixed creation date so that the same photo always gives
    /// the same bytes.
    static let sRGB: [UInt8] = {
        guard let profile = cmsCreate_sRGBProfile() else { return [] }
        defer { cmsCloseProfile(profile) }
        var length: cmsUInt32Number = 0
        guard cmsSaveProfileToMem(profile, nil, &length) != 0, length > 36 else { return [] }
        var bytes = [UInt8](repeating: 0, count: Int(length))
        guard bytes.withUnsafeMutableBytes({ cmsSaveProfileToMem(profile, $0.baseAddress, &length) }) != 0
        else { return [] }
        // Header bytes 24-35: the creation date and time (2024-01-01 00:00:00).
        bytes.replaceSubrange(24..<36, with: [0x07, 0xE8, 0, 1, 0, 1, 0, 0, 0, 0, 0, 0])
        return bytes
    }()

    /// Whether lcms2 can read `profile` as a profile of the colour space its header names.
    static func isReadable(_ profile: [UInt8]) -> Bool {
        guard let handle = open(profile) else { return false }
        cmsCloseProfile(handle)
        return true
    }

    /// Converts `samples` (`width` x `height`, tightly packed in `layout`) from `profile` to
    /// sRGB: 8-bit RGB, or RGBA (straight alpha, copied) when the layout has alpha. 16-bit
    /// samples are converted before they are rounded to 8 bits.
    static func toSRGB(
        _ samples: [UInt8], width: Int, height: Int, layout: Layout, profile: [UInt8]
    ) throws(Failure) -> PixelBuffer {
        let count = width * height
        guard samples.count == count * layout.channels * layout.bytesPerSample else {
            throw Failure(message: "sample buffer size mismatch")
        }
        guard let source = open(profile) else { throw Failure(message: "lcms2 cannot read the ICC profile") }
        defer { cmsCloseProfile(source) }
        guard let target = cmsCreate_sRGBProfile() else { throw Failure(message: "lcms2: no sRGB profile") }
        defer { cmsCloseProfile(target) }
        let alpha: Bool = if case .gray(_, true) = layout { true } else { false }
        let outChannels = alpha ? 4 : 3
        guard
            let transform = cmsCreateTransform(
                source, layout.format, target, gk_cms_rgb(alpha ? 1 : 0), cmsUInt32Number(INTENT_PERCEPTUAL),
                cmsUInt32Number(alpha ? cmsFLAGS_COPY_ALPHA : 0))
        else { throw Failure(message: "lcms2 cannot convert from this ICC profile to sRGB") }
        defer { cmsDeleteTransform(transform) }
        let bytes = [UInt8](unsafeUninitializedCapacity: count * outChannels) { target, written in
            samples.withUnsafeBytes { input in
                // In slices of at most 2^24 pixels: lcms2 counts pixels in 32 bits.
                var done = 0
                while done < count {
                    let slice = min(count - done, 1 << 24)
                    cmsDoTransform(
                        transform,
                        input.baseAddress?.advanced(by: done * layout.channels * layout.bytesPerSample),
                        target.baseAddress?.advanced(by: done * outChannels), cmsUInt32Number(slice))
                    done += slice
                }
            }
            written = count * outChannels
        }
        return PixelBuffer(width: width, height: height, channels: outChannels, bytes: bytes)
    }

    private static func open(_ profile: [UInt8]) -> cmsHPROFILE? {
        guard !profile.isEmpty else { return nil }
        return profile.withUnsafeBytes { cmsOpenProfileFromMem($0.baseAddress, cmsUInt32Number($0.count)) }
    }
}
