/// Finds the XMP and IPTC-IIM a photo file carries and reads what describes the photo
/// (``DescriptiveMetadata``): JPEG APP1 XMP (`http://ns.adobe.com/xap/1.0/`) with its extended
/// XMP (APP1 `http://ns.adobe.com/xmp/extension/` chunks, put together by GUID and offset) and
/// APP13 `Photoshop 3.0` IPTC; PNG `iTXt` `XML:com.adobe.xmp` (uncompressed, as writers store
/// it, or zlib-compressed); WebP `XMP ` chunks; HEIF/AVIF `mime` items of type `application/rdf+xml`.
///
/// XMP wins over IPTC field by field (what the Metadata Working Group advises when both are
/// present and agree, and what every current tool writes first); IPTC fills what XMP lacks.
/// Walkers check every length against the data and move strictly forward.
enum EmbeddedMetadata {
    static let xmpPrefix = Array("http://ns.adobe.com/xap/1.0/\0".utf8)
    /// What comes before the TIFF data in a JPEG's APP1 Exif payload, and what libexif expects.
    static let exifPrefix = Array("Exif\0\0".utf8)
    static let extendedPrefix = Array("http://ns.adobe.com/xmp/extension/\0".utf8)
    static let photoshopPrefix = Array("Photoshop 3.0\0".utf8)

    /// What the file's own metadata says; nil when it says nothing galleryc reads.
    static func read(_ bytes: [UInt8]) -> DescriptiveMetadata? {
        let found: DescriptiveMetadata
        switch SniffedFormat.sniff(Array(bytes.prefix(64))) {
        case .jpeg: found = jpeg(bytes)
        case .png: found = png(bytes)
        case .webp: found = webP(bytes)
        case .heic, .avif:
            found =
                HEIFDecoder.xmpPackets(bytes, maxBytes: XMPParser.maxBytes).lazy
                .compactMap { XMPParser.parse($0)?.descriptive }.first ?? DescriptiveMetadata()
        default: found = DescriptiveMetadata()
        }
        return found.isEmpty ? nil : found
    }

    /// XMP, extended XMP and IPTC from the segments before the image data.
    static func jpeg(_ data: [UInt8]) -> DescriptiveMetadata {
        var main: XMPPacket?
        var chunks: [(guid: ArraySlice<UInt8>, total: Int, offset: Int, data: ArraySlice<UInt8>)] = []
        var photoshop: [UInt8] = []
        for segment in JPEGMarkers.headerSegments(in: data) {
            let payload = data[segment.payload]
            if segment.marker == 0xE1, payload.starts(with: xmpPrefix), main == nil {
                main = XMPParser.parse(payload.dropFirst(xmpPrefix.count))
            } else if segment.marker == 0xE1, payload.starts(with: extendedPrefix) {
                let header = payload.dropFirst(extendedPrefix.count)
                guard header.count > 40 else { continue }
                let start = header.startIndex
                let number = { (at: Int) in header[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
                chunks.append(
                    (
                        header[start..<start + 32], number(start + 32), number(start + 36),
                        header[(start + 40)...]
                    ))
            } else if segment.marker == 0xED, payload.starts(with: photoshopPrefix),
                photoshop.count + payload.count <= 1 << 20
            {
                // Photoshop splits a large resource block over several APP13 segments.
                photoshop += payload.dropFirst(photoshopPrefix.count)
            }
        }
        var result = main?.descriptive ?? DescriptiveMetadata()
        if let guid = main?.extendedGUID, let extended = extendedPacket(guid: guid, chunks: chunks) {
            result = result.filled(from: extended.descriptive)
        }
        if let iptc = IPTCRecord.fromPhotoshopResources(photoshop[...]) {
            result = result.filled(from: iptc.descriptive)
        }
        return result
    }

    /// The main XMP packet of a JPEG (its first APP1 `http://ns.adobe.com/xap/1.0/` segment),
    /// unparsed; nil when there is none before the image data.
    static func jpegXMPPacket(_ data: [UInt8]) -> ArraySlice<UInt8>? {
        JPEGMarkers.headerSegments(in: data).first {
            $0.marker == 0xE1 && data[$0.payload].starts(with: xmpPrefix)
        }
        .map { data[$0.payload].dropFirst(xmpPrefix.count) }
    }

    /// The extended XMP packet whose GUID the main packet names, when its chunks cover it whole.
    static func extendedPacket(
        guid: String, chunks: [(guid: ArraySlice<UInt8>, total: Int, offset: Int, data: ArraySlice<UInt8>)]
    ) -> XMPPacket? {
        let mine = chunks.filter { $0.guid.elementsEqual(guid.utf8) }
        guard let total = mine.first?.total, total > 0, total <= XMPParser.maxBytes,
            mine.allSatisfy({ $0.total == total })
        else { return nil }
        var buffer = [UInt8](repeating: 0, count: total)
        var covered: [Range<Int>] = []
        for chunk in mine {
            guard chunk.offset <= total, chunk.data.count <= total - chunk.offset else { return nil }
            buffer.replaceSubrange(chunk.offset..<chunk.offset + chunk.data.count, with: chunk.data)
            covered.append(chunk.offset..<chunk.offset + chunk.data.count)
        }
        var reach = 0
        for range in covered.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            guard range.lowerBound <= reach else { return nil }
            reach = max(reach, range.upperBound)
        }
        return reach == total ? XMPParser.parse(buffer) : nil
    }

    /// The first `iTXt` chunk keyed `XML:com.adobe.xmp`, up to `IEND`; a compressed one is
    /// inflated (to at most ``XMPParser/maxBytes``: a bigger one is left unread, as a bigger
    /// uncompressed packet is).
    static func png(_ data: [UInt8]) -> DescriptiveMetadata {
        let keyword = Array("XML:com.adobe.xmp".utf8)
        var position = 8
        while position + 12 <= data.count {
            let length = data[position..<position + 4].reduce(0) { $0 << 8 | Int($1) }
            guard length <= data.count - position - 12 else { break }
            let type = data[position + 4..<position + 8]
            let body = data[(position + 8)..<(position + 8 + length)]
            if type.elementsEqual("IEND".utf8) { break }
            if type.elementsEqual("iTXt".utf8), body.starts(with: keyword + [0]) {
                switch PNGText.read(body, type: type, limit: XMPParser.maxBytes)?.content {
                case .plain(let text):
                    return XMPParser.parse(data[text])?.descriptive ?? DescriptiveMetadata()
                case .inflated(let text):
                    return XMPParser.parse(text[...])?.descriptive ?? DescriptiveMetadata()
                case .uninflatable, nil: return DescriptiveMetadata()
                }
            }
            position += 12 + length
        }
        return DescriptiveMetadata()
    }

    /// The first `XMP ` chunk of a RIFF WebP file.
    static func webP(_ data: [UInt8]) -> DescriptiveMetadata {
        var position = 12
        while position + 8 <= data.count {
            let size = data[position + 4..<position + 8].reversed().reduce(0) { $0 << 8 | Int($1) }
            guard size <= data.count - position - 8 else { break }
            if data[position..<position + 4].elementsEqual("XMP ".utf8) {
                return XMPParser.parse(data[(position + 8)..<(position + 8 + size)])?.descriptive
                    ?? DescriptiveMetadata()
            }
            position += 8 + size + (size & 1)
        }
        return DescriptiveMetadata()
    }
}
