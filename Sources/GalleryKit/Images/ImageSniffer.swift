/// What the first bytes of a file say it is.
enum SniffedFormat: Sendable, Equatable {
    case jpeg, png, gif, webp, heic, avif, tiff, bmp, pdf, jpegXL, jpeg2000
    /// JPEG 2000 Part 6 (``MediaFileType/jpm``): the JP2 signature, then the `jpm ` brand.
    case jpm
    case unknown

    /// Reads the magic numbers at the start of `data`.
    static func sniff(_ data: [UInt8]) -> SniffedFormat {
        func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
            data.count >= offset + prefix.count && Array(data[offset..<offset + prefix.count]) == prefix
        }
        let ascii = { (text: String) in Array(text.utf8) }
        if starts([0xFF, 0xD8, 0xFF]) { return .jpeg }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if starts(ascii("GIF87a")) || starts(ascii("GIF89a")) { return .gif }
        if starts(ascii("RIFF")) && starts(ascii("WEBP"), at: 8) { return .webp }
        if starts(ascii("ftyp"), at: 4) {
            if starts(ascii("avif"), at: 8) || starts(ascii("avis"), at: 8) { return .avif }
            let brands = ["heic", "heix", "hevc", "heim", "heis", "mif1", "msf1"]
            if brands.contains(where: { starts(ascii($0), at: 8) }) { return .heic }
        }
        if starts([0x49, 0x49, 0x2A, 0]) || starts([0x4D, 0x4D, 0, 0x2A]) { return .tiff }
        if starts(ascii("BM")) && data.count > 26 { return .bmp }
        if starts(ascii("%PDF")) { return .pdf }
        // JPEG XL: a bare codestream (FF 0A) or the ISOBMFF container ("JXL " box).
        if starts([0xFF, 0x0A]) || starts([0, 0, 0, 0x0C, 0x4A, 0x58, 0x4C, 0x20, 0x0D, 0x0A, 0x87, 0x0A]) {
            return .jpegXL
        }
        // JPEG 2000: the JP2 container's signature box, or a bare codestream (SOC + SIZ). A JPM
        // file (Part 6) has the same signature box; its file type box says `jpm `.
        let signature: [UInt8] = [0, 0, 0, 0x0C, 0x6A, 0x50, 0x20, 0x20, 0x0D, 0x0A, 0x87, 0x0A]
        if starts(signature) && starts(ascii("ftypjpm "), at: 16) { return .jpm }
        if starts(signature) || starts([0xFF, 0x4F, 0xFF, 0x51]) { return .jpeg2000 }
        return .unknown
    }

    /// The file type of the content folder's list (``MediaFileType``) this format is; nil for
    /// a PDF (not a media file) and for unknown bytes.
    var fileType: MediaFileType? {
        switch self {
        case .jpeg: .jpeg
        case .png: .png
        case .gif: .gif
        case .webp: .webP
        case .heic: .heic
        case .avif: .avif
        case .tiff: .tiff
        case .bmp: .bmp
        case .jpegXL: .jpegXL
        case .jpeg2000: .jpeg2000
        case .jpm: .jpm
        case .pdf, .unknown: nil
        }
    }

    /// The name used in messages ("a GIF file").
    var name: String {
        switch self {
        case .pdf: "PDF"
        case .unknown: "unknown"
        default: fileType?.name ?? "unknown"
        }
    }

    /// File extensions that honestly announce this format.
    var extensions: Set<String> {
        self == .pdf ? ["pdf"] : fileType?.extensions ?? []
    }
}
