import Foundation

/// Samples as a decoder gave them, before their colour is made something a browser shows right.
struct DecodedSamples: Sendable {
    var width: Int
    var height: Int
    /// 1 (grey), 2 (grey + alpha), 3 (RGB), 4 (RGBA, or CMYK when `cmyk`).
    var channels: Int
    /// 1, or 2 for 16-bit grey (native byte order).
    var bytesPerSample: Int = 1
    var cmyk = false
    /// CMYK stored as 255 - ink (an Adobe marker says so).
    var cmykInverted = false
    var bytes: [UInt8]
    var iccProfile: [UInt8]?
}

/// What an ICC profile's header says its data colour space is (bytes 16-19).
enum ProfileSpace: Sendable, Equatable {
    case rgb, gray, cmyk
    /// Another signature (Lab, a device link...), or a header too short to say.
    case other(String)

    init(_ profile: [UInt8]) {
        guard profile.count >= 20 else {
            self = .other("unknown")
            return
        }
        let signature = String(decoding: profile[16..<20], as: UTF8.self)
        switch signature {
        case "RGB ": self = .rgb
        case "GRAY": self = .gray
        case "CMYK": self = .cmyk
        default: self = .other(signature.trimmingCharacters(in: [" ", "\0"]))
        }
    }

    /// "an RGB", "a grey", "a CMYK", "a Lab": for messages.
    var described: String {
        switch self {
        case .rgb: "an RGB"
        case .gray: "a grey"
        case .cmyk: "a CMYK"
        case .other(let name): "a '\(name)'"
        }
    }
}

/// Makes decoded samples into RGB(A) pixels and the profile that describes them.
///
/// RGB sources keep their own ICC profile (carried into every rendition: lossless for wide
/// gamut). Everything else is converted to sRGB with lcms2 (``ColourProfiles``) and tagged
/// with a small sRGB profile: CMYK and YCCK through their embedded profile, or without one
/// through FOGRA39 (``ColourProfiles/pressCMYK``); grey with a grey profile through it, 16-bit
/// grey before it is rounded to 8 bits. 16-bit RGB with its own profile (a wide-gamut PNG from
/// an editor) is converted at 16 bits to Display P3 and tagged so: 8 bits of ProPhoto band,
/// 8 bits of P3 keep most of the gamut, and P3's curve is the one the resampler linearises. Grey without a profile is sRGB grey, copied to the
/// three channels, untagged as before. A profile that does not fit the pixels (a CMYK profile
/// on RGB, an RGB profile on grey) is never carried: browsers ignore or misapply such pairs;
/// it is left out with a notice, and the pixels are read as sRGB. A profile whose header names
/// no colour space galleryc knows is carried with RGB pixels, as before.
enum SourceColour {
    /// The pixels (RGB or straight RGBA, 8 bits), the profile to tag renditions with (nil:
    /// sRGB, untagged) and what was not right with the source's colour.
    struct Normalised: Sendable {
        var pixels: PixelBuffer
        var iccProfile: [UInt8]?
        var notices: [ImageNotice]
        /// Converted, or a profile left out: what galleryc-images-4 did differently.
        var revised: Bool {
            iccProfile == ColourProfiles.sRGB || iccProfile == ColourProfiles.displayP3 || !notices.isEmpty
        }
    }

    static func normalise(_ samples: DecodedSamples) throws(CodecFailure) -> Normalised {
        let profile = samples.iccProfile.flatMap { $0.isEmpty ? nil : $0 }
        let space = profile.map(ProfileSpace.init)
        if samples.cmyk {
            var notices: [ImageNotice] = []
            var chosen = ColourProfiles.pressCMYK
            if let profile, let space {
                if space == .cmyk && ColourProfiles.isReadable(profile) {
                    chosen = profile
                } else {
                    notices.append(
                        .profileIgnored(ignoredText(space, readable: space == .cmyk, pixels: "CMYK")))
                }
            }
            let pixels = try convert(
                samples, layout: .cmyk(inverted: samples.cmykInverted), profile: chosen, to: .sRGB)
            return Normalised(pixels: pixels, iccProfile: ColourProfiles.sRGB, notices: notices)
        }
        if samples.bytesPerSample == 2 && samples.channels >= 3 {
            // 16-bit RGB with its RGB profile: to Display P3 before quantising.
            let layout = ColourProfiles.Layout.rgb16(alpha: samples.channels == 4)
            if let profile, ColourProfiles.isReadable(profile) {
                let pixels = try convert(samples, layout: layout, profile: profile, to: .displayP3)
                return Normalised(pixels: pixels, iccProfile: ColourProfiles.displayP3, notices: [])
            }
            return Normalised(
                pixels: PixelOperations.rgb16ToRGB(
                    samples.bytes, width: samples.width, height: samples.height,
                    alpha: samples.channels == 4),
                iccProfile: nil,
                notices: [.profileIgnored("the embedded RGB ICC profile cannot be read; it was left out")])
        }
        if samples.channels <= 2 {
            let layout = ColourProfiles.Layout.gray(
                bytesPerSample: samples.bytesPerSample, alpha: samples.channels == 2)
            if let profile, space == .gray, ColourProfiles.isReadable(profile) {
                let pixels = try convert(samples, layout: layout, profile: profile, to: .sRGB)
                return Normalised(pixels: pixels, iccProfile: ColourProfiles.sRGB, notices: [])
            }
            let notices = space.map {
                [ImageNotice.profileIgnored(ignoredText($0, readable: $0 == .gray, pixels: "grey"))]
            }
            return Normalised(pixels: expandGray(samples), iccProfile: nil, notices: notices ?? [])
        }
        let pixels = PixelBuffer(
            width: samples.width, height: samples.height, channels: samples.channels, bytes: samples.bytes)
        guard let space, space == .gray || space == .cmyk else {
            return Normalised(pixels: pixels, iccProfile: profile, notices: [])
        }
        return Normalised(
            pixels: pixels, iccProfile: nil,
            notices: [.profileIgnored(ignoredText(space, readable: true, pixels: "RGB"))])
    }

    /// RGB(A) pixels and the profile that came with them (WebP, HEIF): carried as before,
    /// unless its header says it is a grey or CMYK profile, which is left out with a notice.
    static func normalise(rgb pixels: PixelBuffer, iccProfile: [UInt8]?) -> Normalised {
        guard let profile = iccProfile, !profile.isEmpty else {
            return Normalised(pixels: pixels, iccProfile: nil, notices: [])
        }
        let space = ProfileSpace(profile)
        if space != .gray && space != .cmyk {
            return Normalised(pixels: pixels, iccProfile: profile, notices: [])
        }
        return Normalised(
            pixels: pixels, iccProfile: nil,
            notices: [.profileIgnored(ignoredText(space, readable: true, pixels: "RGB"))])
    }

    private static func ignoredText(_ space: ProfileSpace, readable: Bool, pixels: String) -> String {
        readable
            ? "the embedded ICC profile is \(space.described) profile on \(pixels) pixels; it was left out"
            : "the embedded \(pixels) ICC profile cannot be read; it was left out"
    }

    private static func convert(
        _ samples: DecodedSamples, layout: ColourProfiles.Layout, profile: [UInt8],
        to target: ColourProfiles.Target
    ) throws(CodecFailure) -> PixelBuffer {
        try ColourProfiles.convert(
            samples.bytes, width: samples.width, height: samples.height, layout: layout, profile: profile,
            to: target)
    }

    /// Grey (with or without alpha) copied into RGB(A), read as sRGB grey.
    private static func expandGray(_ samples: DecodedSamples) -> PixelBuffer {
        PixelOperations.grayToRGB(
            samples.bytes, width: samples.width, height: samples.height,
            bytesPerSample: samples.bytesPerSample, alpha: samples.channels == 2)
    }
}
