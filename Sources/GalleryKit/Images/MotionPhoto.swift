/// The movie half of a moving photo, as the still's file tells it.
///
/// Motion Photos (Google's format, written by Pixels since 2018 and Galaxies since the S20,
/// and by other Android phones): a JPEG or HEIC with an MP4 appended after the still's own
/// bytes (in a HEIC as the payload of a last top-level `mpvd` box, which HEIF readers skip). The still's XMP points at it, in one of two ways, both read here:
/// - version 1 (`GCamera:MotionPhoto="1"`): a `Container:Directory`, the still first
///   (`Item:Semantic="Primary"`, its length implied), then the items after it, each with its
///   `Item:Length` and `Item:Padding`; the movie is the item with `Item:Semantic="MotionPhoto"`
///   (or a `video/` `Item:Mime`), counted back from the end of the file;
/// - the older Micro Video (`GCamera:MicroVideo="1"`): `GCamera:MicroVideoOffset`, the bytes
///   from the movie's first to the end of the file.
///
/// Either is checked against the file: the bytes at the offset must open an ISO base media
/// file (an `ftyp` box of a plausible size), else the photo is an ordinary still. Samsung's
/// own trailer (`MotionPhoto_Data`, before the version-1 XMP) is not read.
///
/// A Live Photo's still (an iPhone's HEIC or JPEG beside its `.MOV`) says which movie is its
/// own through Apple's content identifier, read by ``contentIdentifier(of:)``.
enum MotionPhoto {
    /// Where the movie is in `data` (the whole file), or nil when it is no Motion Photo.
    static func locate(in data: [UInt8]) -> EmbeddedMovie? {
        guard let packet = packets(in: data).first(where: { $0.motionPhoto || !$0.containerItems.isEmpty })
        else { return nil }
        let size = Int64(data.count)
        var candidates: [(offset: Int64, length: Int64?)] = []
        let items = packet.containerItems
        if let index = items.indices.dropFirst().first(where: {
            items[$0].semantic == "MotionPhoto" || items[$0].mime.hasPrefix("video/")
        }) {
            let lengths = items[index...].reduce(Int64(0)) { $0 + max(0, $1.length) }
            let paddings = items[index...].reduce(Int64(0)) { $0 + max(0, $1.padding) }
            let length = items[index].length > 0 ? items[index].length : nil
            candidates += [(size - lengths - paddings, length), (size - lengths, length)]
        }
        if let offset = packet.microVideoOffset, offset > 0 {
            candidates.append((size - offset, offset))
        }
        for (offset, length) in candidates where isMovie(data, at: offset) {
            let available = size - offset
            return EmbeddedMovie(offset: offset, length: min(length ?? available, available))
        }
        return nil
    }

    /// True when an ISO base media file starts at `offset`: past the still's first bytes, an
    /// `ftyp` box whose declared size fits in what is left.
    static func isMovie(_ data: [UInt8], at offset: Int64) -> Bool {
        guard offset >= 16, offset + 16 <= Int64(data.count) else { return false }
        let start = Int(offset)
        let boxSize = data[start..<start + 4].reduce(0) { $0 << 8 | Int($1) }
        return data[start + 4..<start + 8].elementsEqual("ftyp".utf8) && boxSize >= 8
            && Int64(boxSize) <= Int64(data.count) - offset
    }

    /// The XMP packets of a JPEG (its main APP1 packet) or HEIC, parsed only when they mention
    /// Google's camera or container namespaces (every other photo is spared a second parse);
    /// a HEIC's only when it has an `mpvd` box, so that no other HEIC is read by libheif twice.
    private static func packets(in data: [UInt8]) -> [XMPPacket] {
        let marks = [
            Array("ns.google.com/photos/1.0/camera".utf8), Array("ns.google.com/photos/1.0/container".utf8),
        ]
        let raw: [ArraySlice<UInt8>]
        switch SniffedFormat.sniff(Array(data.prefix(64))) {
        case .jpeg: raw = EmbeddedMetadata.jpegXMPPacket(data).map { [$0] } ?? []
        case .heic where hasTopLevelBox("mpvd", in: data):
            raw = HEIFDecoder.xmpPackets(data, maxBytes: XMPParser.maxBytes).map { $0[...] }
        default: raw = []
        }
        return raw.filter { packet in marks.contains { packet.firstRange(of: $0) != nil } }
            .compactMap { XMPParser.parse($0) }
    }

    /// True when one of the top-level boxes of the ISO base media file `data` is of `type`
    /// (box headers only: a 32-bit size, or 1 and a 64-bit size, or 0 for "to the end").
    static func hasTopLevelBox(_ type: String, in data: [UInt8]) -> Bool {
        let wanted = Array(type.utf8)
        var offset = 0
        while offset + 8 <= data.count {
            if data[offset + 4..<offset + 8].elementsEqual(wanted) { return true }
            var size = data[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            if size == 1, offset + 16 <= data.count {
                size = Int(
                    truncatingIfNeeded: data[offset + 8..<offset + 16].reduce(UInt64(0)) {
                        $0 << 8 | UInt64($1)
                    })
            }
            guard size >= 8, size <= data.count - offset else { return false }
            offset += size
        }
        return false
    }

    /// Apple's content identifier in a still's MakerNote (EXIF of a JPEG, or of a HEIC's
    /// primary image), without decoding it; nil when it has none.
    static func contentIdentifier(of file: FileReader) throws(FileReadFailure) -> String? {
        let head = try file.read(count: Int(min(file.size, 1 << 18)))
        switch SniffedFormat.sniff(Array(head.prefix(64))) {
        case .jpeg:
            return JPEGMarkers.exifPayload(in: head).flatMap(ExifReader.appleContentIdentifier)
        case .heic:
            guard file.size <= 256 << 20 else { return nil }
            let data = file.size == head.count ? head : try file.readWhole()
            guard let tiff = HEIFDecoder.exifTIFF(data) else { return nil }
            return ExifReader.appleContentIdentifier(EmbeddedMetadata.exifPrefix + tiff)
        default:
            return nil
        }
    }
}
