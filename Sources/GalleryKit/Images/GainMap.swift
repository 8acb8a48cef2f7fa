/// HDR gain maps in JPEG, read from a source and written into each JPEG rendition.
///
/// An Ultra HDR JPEG (Google's format: Pixels, Galaxies, Lightroom's and Photoshop's HDR
/// export; the same layout carries ISO 21496-1's metadata) is an ordinary SDR JPEG, the
/// primary image, followed by a second JPEG, the gain map: a smaller picture of how much
/// brighter each part of the photo is in HDR, on a log scale. Browsers that show HDR (Chrome
/// and Edge 116+, Safari 26) combine the two on an HDR screen; every other reader sees the SDR
/// photo. What ties them together, all of it galleryc's own code (libultrahdr is not in
/// Debian 12):
/// - the primary's APP2 `MPF\0` segment (CIPA DC-007 Multi-Picture Format): a TIFF structure
///   whose MP Index IFD lists each image (attributes, size, and offset from the MPF segment's
///   TIFF header; 0 for the primary);
/// - the primary's APP1 XMP: `hdrgm:Version="1.0"` (Adobe's gain map namespace) and a
///   `Container:Directory` naming the gain map item (`Item:Semantic="GainMap"`, its length);
/// - the gain map's own APP1 XMP with the values a reader needs (`hdrgm:GainMapMin`,
///   `GainMapMax`, `Gamma`, `OffsetSDR`, `OffsetHDR`, `HDRCapacityMin`, `HDRCapacityMax`,
///   `BaseRenditionIsHDR`) and/or its APP2 `urn:iso:std:iso:ts:21496:-1` segment (the same in
///   ISO 21496-1's binary form; the primary then carries that segment's version-only form).
///
/// A source is read by its MPF (the gain map is the first other image whose own segments
/// carry gain map metadata). Each rendition gets the gain map resized to the rendition at the
/// source's gain-map scale (a quarter-size map stays a quarter size), oriented as the photo
/// is, encoded as a JPEG with the source's gain map metadata segments copied unchanged (the
/// values do not depend on the size), and is assembled as above: the SDR rendition is the
/// one galleryc makes anyway.
struct GainMap: Sendable {
    /// The gain map, upright as the photo is shown, RGB (a grey map's three channels equal).
    var pixels: PixelBuffer
    /// The gain map JPEG's metadata segments, copied into each rendition's gain map.
    var segments: [Segment]
    /// The primary's ISO 21496-1 segment (its version), when the source has one.
    var primarySegments: [Segment]

    /// One JPEG marker segment: marker and payload.
    struct Segment: Sendable, Hashable {
        var marker: UInt8
        var payload: [UInt8]

        var bytes: [UInt8] {
            let length = payload.count + 2
            return [0xFF, marker, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
        }
    }

    static let hdrgmNamespace = "http://ns.adobe.com/hdr-gain-map/1.0/"
    static let mpfPrefix = Array("MPF\0".utf8)
    static let isoPrefix = Array("urn:iso:std:iso:ts:21496:-1\0".utf8)
    /// JPEG quality of the gain maps written (libultrahdr's default is 85 too).
    static let quality = 85

    /// The gain map JPEG of an Ultra HDR source (the bytes of the second image the MPF lists
    /// whose segments carry gain map metadata); nil when `data` is none.
    static func gainMapJPEG(in data: [UInt8]) -> ArraySlice<UInt8>? {
        guard
            let mpf = JPEGMarkers.headerSegments(in: data).first(where: {
                $0.marker == 0xE2 && data[$0.payload].starts(with: mpfPrefix)
            })
        else { return nil }
        let images = mpfImages(Array(data[mpf.payload]), tiffStart: mpf.payload.lowerBound + mpfPrefix.count)
        for image in images.dropFirst() {
            guard image.offset > 0, image.size > 4, image.offset + image.size <= data.count,
                data[image.offset] == 0xFF, data[image.offset + 1] == 0xD8
            else { continue }
            let candidate = data[image.offset..<image.offset + image.size]
            if !metadataSegments(of: Array(candidate)).isEmpty { return candidate }
        }
        return nil
    }

    /// The gain map of `data` decoded and turned by `orientation` (the photo's EXIF
    /// orientation), with its metadata; nil when `data` is no Ultra HDR JPEG.
    /// - Throws: ``CodecFailure`` when the gain map is damaged: the photo is then published
    ///   without it by the caller.
    static func read(_ data: [UInt8], orientation: Int, maxPixels: Int) throws(CodecFailure) -> GainMap? {
        guard let jpeg = gainMapJPEG(in: data).map(Array.init) else { return nil }
        let decoded = try ImageCodecs.decodeJPEG(
            jpeg, scale: 8, maxPixels: maxPixels, maxScans: ImagePipeline.maxScans)
        return GainMap(
            pixels: PixelOperations.orient(decoded.pixels, orientation: orientation),
            segments: metadataSegments(of: jpeg), primarySegments: isoSegments(of: data))
    }

    /// The source's gain map JPEG for a published original: its image data as it is (its
    /// orientation is the original's), its segments rewritten like the original's, with its
    /// gain map metadata put back; and the primary's ISO 21496-1 segment. Nil when there is
    /// none or it is damaged.
    static func originalGainMap(in data: [UInt8]) -> (gainMap: [UInt8], extra: [UInt8])? {
        guard let jpeg = gainMapJPEG(in: data).map(Array.init),
            let cleaned = OriginalRewriter.rewriteJPEG(jpeg, exif: nil)
        else { return nil }
        return (
            inserting(metadataSegments(of: jpeg).flatMap(\.bytes), into: cleaned),
            isoSegments(of: data).flatMap(\.bytes)
        )
    }

    /// `primary` (an SDR rendition `width` × `height` of a photo shown `photoWidth` ×
    /// `photoHeight`) as an Ultra HDR JPEG with this gain map resized to it.
    func ultraHDR(primary: [UInt8], photoWidth: Int, photoHeight: Int) throws(CodecFailure) -> [UInt8] {
        guard let size = JPEGMarkers.declaredSize(in: primary) else { return primary }
        let width = max(
            1, Int((Double(size.width) * Double(pixels.width) / Double(max(1, photoWidth))).rounded()))
        let height = max(
            1, Int((Double(size.height) * Double(pixels.height) / Double(max(1, photoHeight))).rounded()))
        let resized =
            (width, height) == (pixels.width, pixels.height)
            ? pixels : try PixelOperations.resize(pixels, width: width, height: height)
        let encoded = try ImageCodecs.encodeJPEG(
            resized, quality: Self.quality, progressive: false, iccProfile: nil, exif: nil)
        let gainMap = Self.inserting(segments.flatMap(\.bytes), into: encoded)
        return Self.assemble(primary: primary, gainMap: gainMap, extra: primarySegments.flatMap(\.bytes))
    }

    /// The Ultra HDR file: `primary` with its XMP (`hdrgm:Version`, the container directory),
    /// `extra` segments and MPF segment after its own leading APPn segments, then `gainMap`.
    static func assemble(primary: [UInt8], gainMap: [UInt8], extra: [UInt8]) -> [UInt8] {
        let xmp = Segment(
            marker: 0xE1,
            payload: EmbeddedMetadata.xmpPrefix + Array(primaryXMP(gainMapLength: gainMap.count).utf8))
        let at = leadingAppSegmentsEnd(primary)
        let before = Array(primary[..<at]) + xmp.bytes + extra
        // The MPF segment: FF E2, length, `MPF\0`, then the TIFF header whose offset the
        // entries count from.
        let tiffStart = before.count + 4 + mpfPrefix.count
        let mpfLength = 4 + mpfPrefix.count + 8 + 2 + 3 * 12 + 4 + 32
        let primaryLength = primary.count + xmp.bytes.count + extra.count + mpfLength
        let mpf = Segment(
            marker: 0xE2,
            payload: mpfPrefix
                + mpfIndex(
                    primaryLength: primaryLength, gainMapLength: gainMap.count,
                    gainMapOffset: primaryLength - tiffStart))
        return before + mpf.bytes + Array(primary[at...]) + gainMap
    }

    /// The MP Index IFD, big-endian: MPFVersion `0100`, NumberOfImages 2, MPEntry (16 bytes
    /// per image: attributes, size, offset, two dependent-image entries). The primary is a
    /// baseline MP primary image (0x030000) at offset 0; the gain map is an undefined type.
    static func mpfIndex(primaryLength: Int, gainMapLength: Int, gainMapOffset: Int) -> [UInt8] {
        func u16(_ value: Int) -> [UInt8] { [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
        func u32(_ value: Int) -> [UInt8] { u16(value >> 16) + u16(value) }
        var bytes = Array("MM".utf8) + u16(42) + u32(8) + u16(3)
        bytes += u16(0xB000) + u16(7) + u32(4) + Array("0100".utf8)
        bytes += u16(0xB001) + u16(4) + u32(1) + u32(2)
        bytes += u16(0xB002) + u16(7) + u32(32) + u32(8 + 2 + 3 * 12 + 4)
        bytes += u32(0)
        bytes += u32(0x03_0000) + u32(primaryLength) + u32(0) + u16(0) + u16(0)
        bytes += u32(0) + u32(gainMapLength) + u32(gainMapOffset) + u16(0) + u16(0)
        return bytes
    }

    /// The primary's XMP: the gain map namespace's version and the container directory.
    static func primaryXMP(gainMapLength: Int) -> String {
        """
        <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">\
        <rdf:Description rdf:about="" xmlns:hdrgm="\(hdrgmNamespace)" \
        xmlns:Container="http://ns.google.com/photos/1.0/container/" \
        xmlns:Item="http://ns.google.com/photos/1.0/container/item/" hdrgm:Version="1.0">\
        <Container:Directory><rdf:Seq>\
        <rdf:li rdf:parseType="Resource"><Container:Item Item:Semantic="Primary" Item:Mime="image/jpeg"/></rdf:li>\
        <rdf:li rdf:parseType="Resource"><Container:Item Item:Semantic="GainMap" Item:Mime="image/jpeg" \
        Item:Length="\(gainMapLength)"/></rdf:li>\
        </rdf:Seq></Container:Directory></rdf:Description></rdf:RDF></x:xmpmeta>
        """
    }

    /// `segments` put into `jpeg` after its leading APPn segments.
    static func inserting(_ segments: [UInt8], into jpeg: [UInt8]) -> [UInt8] {
        let at = leadingAppSegmentsEnd(jpeg)
        return Array(jpeg[..<at]) + segments + Array(jpeg[at...])
    }

    /// Where the segments after SOI stop being APPn (APP0 JFIF, APP1 EXIF, APP2 ICC first, as
    /// readers expect them).
    private static func leadingAppSegmentsEnd(_ jpeg: [UInt8]) -> Int {
        var offset = 2
        while let segment = JPEGMarkers.segment(in: jpeg, at: offset), (0xE0...0xEF).contains(segment.marker)
        {
            offset = segment.end
        }
        return offset
    }

    /// A gain map JPEG's metadata: its XMP that names the gain map namespace, its ISO 21496-1 segment.
    private static func metadataSegments(of jpeg: [UInt8]) -> [Segment] {
        let namespace = Array(hdrgmNamespace.utf8)
        return segments(of: jpeg) {
            ($0 == 0xE1 && $1.starts(with: EmbeddedMetadata.xmpPrefix) && $1.firstRange(of: namespace) != nil)
                || ($0 == 0xE2 && $1.starts(with: isoPrefix))
        }
    }

    /// A JPEG's ISO 21496-1 segments (a primary's carries the version).
    private static func isoSegments(of jpeg: [UInt8]) -> [Segment] {
        segments(of: jpeg) { $0 == 0xE2 && $1.starts(with: isoPrefix) }
    }

    /// The segments before a JPEG's image data that `keep` (marker, payload) says to keep.
    private static func segments(of jpeg: [UInt8], keep: (UInt8, ArraySlice<UInt8>) -> Bool) -> [Segment] {
        JPEGMarkers.headerSegments(in: jpeg).filter { keep($0.marker, jpeg[$0.payload]) }
            .map { Segment(marker: $0.marker, payload: Array(jpeg[$0.payload])) }
    }

    /// The images an MPF segment lists: absolute offset and size; the first is the primary.
    private static func mpfImages(_ payload: [UInt8], tiffStart: Int) -> [(offset: Int, size: Int)] {
        let tiff = Array(payload.dropFirst(mpfPrefix.count))
        guard tiff.count >= 8 else { return [] }
        let big = tiff[0] == 0x4D
        guard big || tiff[0] == 0x49 else { return [] }
        func number(_ at: Int, _ count: Int) -> Int? {
            guard at >= 0, at + count <= tiff.count else { return nil }
            let bytes = tiff[at..<at + count]
            return (big ? Array(bytes) : bytes.reversed()).reduce(0) { $0 << 8 | Int($1) }
        }
        guard let ifd = number(4, 4), let count = number(ifd, 2) else { return [] }
        for index in 0..<min(count, 64) {
            let entry = ifd + 2 + index * 12
            guard number(entry, 2) == 0xB002, let length = number(entry + 4, 4), let at = number(entry + 8, 4)
            else { continue }
            return (0..<min(length / 16, 16)).compactMap { image in
                guard let size = number(at + image * 16 + 4, 4), let offset = number(at + image * 16 + 8, 4)
                else { return nil }
                return (image == 0 ? 0 : tiffStart + offset, size)
            }
        }
        return []
    }
}
