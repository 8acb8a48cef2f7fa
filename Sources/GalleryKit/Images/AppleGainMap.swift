import Foundation

/// Apple's HDR gain map (iPhones 12 and later, iOS 14.1 to 17), converted to an Ultra HDR
/// gain map so that a HEIC's JPEG renditions show in HDR as an Ultra HDR JPEG's do
/// (``GainMap`` writes them).
///
/// What an iPhone stores, as Apple documents it ("Applying Apple HDR effect to your photos"):
/// - the gain map, an auxiliary image of the primary whose `auxC` type is
///   `urn:com:apple:photo:2020:aux:hdrgainmap`: one grey channel, half the photo's width and
///   height, its values linear light encoded with the Rec. 709 transfer function;
/// - the headroom, the brightest HDR white over SDR white, from two Apple MakerNote entries,
///   0x0021 (`maker33`, exiftool's HDRHeadroom) and 0x0030 (`maker48`, HDRGain), by Apple's
///   piecewise formula (``headroom(makerNote:)``); a file without 0x0021 has no usable gain
///   map (its photo is published SDR), a missing 0x0030 counts as 0 (as Chrome's Skia reads it);
/// - the HDR pixel is `sdr × (1 + (headroom − 1) × g)` in linear light, `g` the gain map's
///   linear value.
///
/// Ultra HDR stores log2 of that factor instead, scaled between `GainMapMin` and `GainMapMax`.
/// With `GainMapMin` 0, `GainMapMax` and `HDRCapacityMax` log2(headroom), gamma 1 and both
/// offsets 0, the conversion is exact up to 8-bit rounding and is one table of 256 values
/// (``ultraHDRValues(headroom:)``): Ultra HDR's `sdr × 2^(e × log2 headroom)` equals Apple's
/// `sdr × (1 + (headroom − 1) × g)` when `e = log2(1 + (headroom − 1) × g) / log2 headroom`.
/// The factor multiplies the three channels alike, so it holds in sRGB as in Display P3.
///
/// Orientation: the gain map is decoded as stored and turned by the photo's EXIF orientation,
/// which an iPhone writes to agree with the primary's `irot` (libheif turns the primary by its
/// `irot`; whether an iPhone gives the gain map an `irot` of its own no longer matters). A gain
/// map whose shape then differs from the photo's is left out.
///
/// Not read: iOS 18's ISO 21496-1 gain map (a `tmap` derived item), which Debian 12's libheif
/// 1.15 does not list; those photos are published SDR.
enum AppleGainMap {
    static let auxiliaryType = "urn:com:apple:photo:2020:aux:hdrgainmap"

    /// The gain map of an iPhone HEIC (`data`), converted and turned by `orientation` to fit a
    /// photo shown `photoWidth` × `photoHeight`; nil when it has none or no headroom.
    /// - Throws: ``CodecFailure`` when the gain map is damaged: the photo is then published
    ///   without it by the caller.
    static func read(_ data: [UInt8], orientation: Int, photoWidth: Int, photoHeight: Int, maxPixels: Int)
        throws(CodecFailure) -> GainMap?
    {
        guard let tiff = HEIFDecoder.exifTIFF(data),
            let headroom = headroom(makerNote: ExifReader.appleMakerNote(EmbeddedMetadata.exifPrefix + tiff)),
            let stored = try HEIFDecoder.auxiliaryImage(data, type: auxiliaryType, maxPixels: maxPixels)
        else { return nil }
        let table = ultraHDRValues(headroom: headroom)
        // The first channel: a grey map's three are equal.
        let channels = stored.channels
        let rgb = [UInt8](unsafeUninitializedCapacity: stored.width * stored.height * 3) { target, written in
            for index in 0..<stored.width * stored.height {
                let encoded = table[Int(stored.bytes[index * channels])]
                target[index * 3] = encoded
                target[index * 3 + 1] = encoded
                target[index * 3 + 2] = encoded
            }
            written = stored.width * stored.height * 3
        }
        let pixels = PixelOperations.orient(
            PixelBuffer(width: stored.width, height: stored.height, channels: 3, bytes: rgb),
            orientation: orientation)
        let shape = Double(pixels.width) / Double(pixels.height)
        let photoShape = Double(photoWidth) / Double(max(1, photoHeight))
        guard abs(shape - photoShape) <= 0.02 * photoShape else { return nil }
        return GainMap(pixels: pixels, segments: [metadata(headroom: headroom)], primarySegments: [])
    }

    /// The headroom Apple's formula gives for MakerNote entries 0x0021 and 0x0030; nil without
    /// 0x0021 or when it brightens nothing (1 or less).
    static func headroom(makerNote: [UInt16: ExifEntry]) -> Double? {
        let value = { (tag: UInt16) in makerNote[tag].flatMap { ExifValue($0, bigEndian: true).number } }
        guard let maker33 = value(0x0021), maker33.isFinite else { return nil }
        let maker48 = value(0x0030) ?? 0
        guard maker48.isFinite else { return nil }
        let stops =
            maker33 < 1
            ? (maker48 <= 0.01 ? -20 * maker48 + 1.8 : -0.101 * maker48 + 1.601)
            : (maker48 <= 0.01 ? -70 * maker48 + 3 : -0.303 * maker48 + 2.303)
        // A hundredth of a stop and less shows nothing; it also keeps log2(headroom) off 0.
        return stops > 0.01 ? pow(2, stops) : nil
    }

    /// The Ultra HDR value (0...255) of each 8-bit Apple gain map value, for `headroom` > 1.
    static func ultraHDRValues(headroom: Double) -> [UInt8] {
        let capacity = log2(headroom)
        return (0..<256).map { value in
            let encoded = Double(value) / 255
            // Rec. 709's transfer function inverted: linear below 0.081, a power above.
            let linear = encoded < 0.081 ? encoded / 4.5 : pow((encoded + 0.099) / 1.099, 1 / 0.45)
            let factor = 1 + (headroom - 1) * linear
            return UInt8(max(0, min(255, (log2(factor) / capacity * 255).rounded())))
        }
    }

    /// The converted gain map's metadata, an APP1 XMP segment in the `hdrgm` namespace (the
    /// form ``GainMap`` copies into each rendition's gain map).
    static func metadata(headroom: Double) -> GainMap.Segment {
        let stops = decimalText(log2(headroom), digits: 6)
        let xmp = """
            <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">\
            <rdf:Description rdf:about="" xmlns:hdrgm="\(GainMap.hdrgmNamespace)" hdrgm:Version="1.0" \
            hdrgm:GainMapMin="0" hdrgm:GainMapMax="\(stops)" hdrgm:Gamma="1" hdrgm:OffsetSDR="0" \
            hdrgm:OffsetHDR="0" hdrgm:HDRCapacityMin="0" hdrgm:HDRCapacityMax="\(stops)" \
            hdrgm:BaseRenditionIsHDR="False"/></rdf:RDF></x:xmpmeta>
            """
        return GainMap.Segment(marker: 0xE1, payload: EmbeddedMetadata.xmpPrefix + Array(xmp.utf8))
    }
}
