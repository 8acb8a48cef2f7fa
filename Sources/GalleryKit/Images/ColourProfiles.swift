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
    /// How the samples to convert are laid out.
    enum Layout: Sendable, Equatable {
        /// Grey, 1 or 2 bytes per sample (16-bit in native byte order), optionally with alpha.
        case gray(bytesPerSample: Int, alpha: Bool)
        /// CMYK, 8 bits; `inverted`: stored as 255 - ink, as Adobe's CMYK JPEGs are.
        case cmyk(inverted: Bool)
        /// RGB, 16 bits in native byte order, optionally with alpha.
        case rgb16(alpha: Bool)

        var channels: Int {
            switch self {
            case .gray(_, let alpha): alpha ? 2 : 1
            case .cmyk: 4
            case .rgb16(let alpha): alpha ? 4 : 3
            }
        }

        var bytesPerSample: Int {
            switch self {
            case .gray(let bytes, _): bytes
            case .cmyk: 1
            case .rgb16: 2
            }
        }

        var hasAlpha: Bool {
            switch self {
            case .gray(_, let alpha), .rgb16(let alpha): alpha
            case .cmyk: false
            }
        }

        fileprivate var format: cmsUInt32Number {
            switch self {
            case .gray(let bytes, let alpha): gk_cms_gray(Int32(bytes), alpha ? 1 : 0)
            case .cmyk(let inverted): gk_cms_cmyk(inverted ? 1 : 0)
            case .rgb16(let alpha): gk_cms_rgb(2, alpha ? 1 : 0)
            }
        }
    }

    /// Where a conversion goes.
    enum Target: Sendable, Equatable {
        case sRGB
        /// Display P3 (P3 primaries, D65, the sRGB curve): for 16-bit wide-gamut sources, which
        /// keep most of their gamut in 8 bits this way, and which the resampler then averages
        /// in true linear light (it decodes the sRGB curve).
        case displayP3

        /// The profile renditions are tagged with.
        var profile: [UInt8] {
            switch self {
            case .sRGB: ColourProfiles.sRGB
            case .displayP3: ColourProfiles.displayP3
            }
        }
    }

    /// The profile assumed for CMYK without one: FOGRA39 (coated offset paper), made from the
    /// FOGRA39L characterisation data (see `Sources/CColourProfiles/make-press-profile.sh`).
    static let pressCMYK: [UInt8] = Array(
        UnsafeBufferPointer(start: gk_press_cmyk_profile_ptr(), count: Int(gk_press_cmyk_profile_length)))

    /// The sRGB profile converted renditions are tagged with: lcms2's own (ICC v4, parametric
    /// curves, 588 bytes), with a fixed creation date so that the same photo always gives the
    /// same bytes.
    static let sRGB: [UInt8] = saved(cmsCreate_sRGBProfile())

    /// Display P3 as lcms2 builds it from its primaries and the sRGB curve (ICC v4).
    static let displayP3: [UInt8] = saved(makeDisplayP3())

    private static func makeDisplayP3() -> cmsHPROFILE? {
        var white = cmsCIExyY(x: 0.3127, y: 0.3290, Y: 1)
        var primaries = cmsCIExyYTRIPLE(
            Red: cmsCIExyY(x: 0.680, y: 0.320, Y: 1), Green: cmsCIExyY(x: 0.265, y: 0.690, Y: 1),
            Blue: cmsCIExyY(x: 0.150, y: 0.060, Y: 1))
        // The sRGB curve as ICC parametric type 4: Y = (aX + b)^g for X >= d, else cX.
        var parameters: [cmsFloat64Number] = [2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045]
        guard let curve = cmsBuildParametricToneCurve(nil, 4, &parameters) else { return nil }
        defer { cmsFreeToneCurve(curve) }
        var curves: [OpaquePointer?] = [curve, curve, curve]
        guard let profile = cmsCreateRGBProfile(&white, &primaries, &curves) else { return nil }
        if let description = cmsMLUalloc(nil, 1) {
            cmsMLUsetASCII(description, "en", "US", "Display P3 (galleryc)")
            cmsWriteTag(profile, cmsSigProfileDescriptionTag, UnsafeRawPointer(description))
            cmsMLUfree(description)
        }
        return profile
    }

    /// `profile` saved to bytes (and closed), its creation date fixed at 2024-01-01.
    private static func saved(_ profile: cmsHPROFILE?) -> [UInt8] {
        guard let profile else { return [] }
        defer { cmsCloseProfile(profile) }
        var length: cmsUInt32Number = 0
        guard cmsSaveProfileToMem(profile, nil, &length) != 0, length > 36 else { return [] }
        var bytes = [UInt8](repeating: 0, count: Int(length))
        guard bytes.withUnsafeMutableBytes({ cmsSaveProfileToMem(profile, $0.baseAddress, &length) }) != 0
        else { return [] }
        // Header bytes 24-35: the creation date and time.
        bytes.replaceSubrange(24..<36, with: [0x07, 0xE8, 0, 1, 0, 1, 0, 0, 0, 0, 0, 0])
        return bytes
    }

    /// Whether lcms2 can read `profile` as a profile of the colour space its header names.
    static func isReadable(_ profile: [UInt8]) -> Bool {
        guard let handle = open(profile) else { return false }
        cmsCloseProfile(handle)
        return true
    }

    /// Converts `samples` (`width` x `height`, tightly packed in `layout`) from `profile` to
    /// `target`: 8-bit RGB, or RGBA (straight alpha, copied) when the layout has alpha. 16-bit
    /// samples are converted before they are rounded to 8 bits.
    static func convert(
        _ samples: [UInt8], width: Int, height: Int, layout: Layout, profile: [UInt8], to target: Target
    ) throws(CodecFailure) -> PixelBuffer {
        let count = width * height
        guard samples.count == count * layout.channels * layout.bytesPerSample else {
            throw .failed(.colour, "sample buffer size mismatch")
        }
        guard let source = open(profile) else { throw .damaged(.colour, "lcms2 cannot read the ICC profile") }
        defer { cmsCloseProfile(source) }
        guard let destination = open(target.profile) else {
            throw .failed(.colour, "lcms2: no target profile")
        }
        defer { cmsCloseProfile(destination) }
        let alpha = layout.hasAlpha
        let outChannels = alpha ? 4 : 3
        guard
            let transform = cmsCreateTransform(
                source, layout.format, destination, gk_cms_rgb(1, alpha ? 1 : 0),
                cmsUInt32Number(INTENT_PERCEPTUAL),
                cmsUInt32Number(alpha ? cmsFLAGS_COPY_ALPHA : 0))
        else { throw .damaged(.colour, "lcms2 cannot convert from this ICC profile") }
        defer { cmsDeleteTransform(transform) }
        let bytes = [UInt8](unsafeUninitializedCapacity: count * outChannels) { output, written in
            samples.withUnsafeBytes { input in
                // In slices of at most 2^24 pixels: lcms2 counts pixels in 32 bits.
                var done = 0
                while done < count {
                    let slice = min(count - done, 1 << 24)
                    cmsDoTransform(
                        transform,
                        input.baseAddress?.advanced(by: done * layout.channels * layout.bytesPerSample),
                        output.baseAddress?.advanced(by: done * outChannels), cmsUInt32Number(slice))
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
