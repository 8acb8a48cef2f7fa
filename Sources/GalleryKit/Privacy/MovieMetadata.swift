/// Reads where an MP4 or MOV file says it was recorded, from its atoms (boxes), in pure Swift:
/// QuickTime's `©xyz` user data, 3GPP's `loci`, the `com.apple.quicktime.location.ISO6709`
/// key of a `keys`/`ilst` metadata list, and timed-metadata tracks (`meta` handler, where a
/// phone can keep a location per frame). Used twice: on each source video, for the positions
/// no published page may spell out, and on each published video, which must carry none.
///
/// The same walk finds what pairs a movie with its still as one Live Photo (``Findings/contentIdentifier``,
/// ``Findings/duration``).
///
/// Only the boxes on the way are read (`moov` and what is inside it, never `mdat`), so a file
/// of gigabytes costs a few reads. Malformed boxes end the walk of their parent, never crash.
enum MovieMetadata {
    /// What the walk found.
    struct Findings: Sendable, Hashable {
        /// ISO 6709 strings (`+48.8582+002.2945+035.000/`), in the order found.
        var locations: [String] = []
        /// Names of the boxes or keys that held them, or that may hold locations (`©xyz`,
        /// `loci`, `com.apple.quicktime.location.ISO6709`, `timed metadata track`).
        var locationBoxes: [String] = []
        /// Apple's `com.apple.quicktime.content.identifier`: the UUID the still of a Live
        /// Photo carries too.
        var contentIdentifier: String?
        /// Seconds, from the movie header (`mvhd`); nil when it has none or declares none.
        var duration: Double?

        /// The names in ``locationBoxes``, each once, in the order found; empty when none.
        var distinctLocationBoxes: [String] {
            var boxes: [String] = []
            for box in locationBoxes where !boxes.contains(box) { boxes.append(box) }
            return boxes
        }

        /// The positions in ``locations`` that parse, attributed to `source`.
        func coordinates(source: String) -> [GPSCoordinate] {
            locations.compactMap { MovieMetadata.parseISO6709($0, source: source) }
        }
    }

    static let locationKey = "com.apple.quicktime.location.ISO6709"
    static let contentIdentifierKey = "com.apple.quicktime.content.identifier"
    /// Boxes whose children are boxes.
    private static let containers: Set<String> = ["moov", "trak", "mdia", "minf", "udta", "meta", "edts"]
    /// Payloads read at most (a metadata box is small; anything larger is skipped).
    private static let maxPayload = 1 << 20

    /// True when `head` (the first bytes of a file) starts an ISO base media file (MP4, MOV,
    /// 3GP, HEIF): an `ftyp` box, or QuickTime's older first atoms.
    static func isISOBaseMedia(_ head: [UInt8]) -> Bool {
        guard head.count >= 8 else { return false }
        return ["ftyp", "moov", "wide", "free", "mdat", "skip"].contains(
            String(decoding: head[4..<8], as: UTF8.self))
    }

    /// Walks the boxes of the file, or of the movie at `range` in it (a Motion Photo's, after
    /// its still).
    static func read(_ file: some MovieBytes, in range: Range<Int64>? = nil) throws(FileReadFailure)
        -> Findings
    {
        var findings = Findings()
        var budget = 100_000
        let range = range ?? 0..<file.size
        try walk(
            file, from: range.lowerBound, to: min(range.upperBound, file.size), path: [], findings: &findings,
            budget: &budget)
        return findings
    }

    private static func walk(
        _ file: some MovieBytes, from start: Int64, to end: Int64, path: [String], findings: inout Findings,
        budget: inout Int
    ) throws(FileReadFailure) {
        var offset = start
        var keys: [String] = []
        while offset + 8 <= end, budget > 0 {
            budget -= 1
            let header = try file.read(at: offset, count: 16)
            guard header.count >= 8 else { return }
            var size = Int64(header[0..<4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) })
            var headerSize: Int64 = 8
            if size == 1 {
                guard header.count == 16 else { return }
                size = Int64(bitPattern: header[8..<16].reduce(UInt64(0)) { $0 << 8 | UInt64($1) })
                headerSize = 16
            } else if size == 0 {
                size = end - offset
            }
            guard size >= headerSize, offset + size <= end else { return }
            let type = fourCC(header[4..<8])
            let body = offset + headerSize
            let bodyEnd = offset + size
            switch type {
            case "©xyz", "loci":
                findings.locationBoxes.append(type)
                if type == "©xyz", let text = try userDataText(file, from: body, to: bodyEnd) {
                    findings.locations.append(text)
                }
                if type == "loci", let text = try locationInformation(file, from: body, to: bodyEnd) {
                    findings.locations.append(text)
                }
            case "keys":
                keys = try keyNames(file, from: body, to: bodyEnd)
            case "mvhd" where path == ["moov"]:
                findings.duration = try movieDuration(file, at: body)
            case "ilst":
                try items(file, from: body, to: bodyEnd, keys: keys, findings: &findings, budget: &budget)
            case "hdlr" where path.last == "mdia":
                // A track whose handler is `meta` carries timed metadata (a location per frame).
                let payload = try file.read(at: body, count: 12)
                if payload.count == 12, fourCC(payload[8..<12]) == "meta" {
                    findings.locationBoxes.append("timed metadata track")
                }
            case _ where containers.contains(type):
                var childStart = body
                if type == "meta" {
                    // ISO's `meta` is a full box (4 bytes of version and flags); QuickTime's is not.
                    let peek = try file.read(at: body, count: 8)
                    if peek.count == 8, fourCC(peek[4..<8]) != "hdlr",
                        peek[0..<4].allSatisfy({ $0 == 0 })
                    {
                        childStart = body + 4
                    }
                }
                try walk(
                    file, from: childStart, to: bodyEnd, path: path + [type], findings: &findings,
                    budget: &budget)
            default:
                break
            }
            offset += size
        }
    }

    /// A box type: four bytes read as ISO 8859-1, so QuickTime's `©xyz` (0xA9 'x' 'y' 'z') reads
    /// as written.
    static func fourCC(_ bytes: ArraySlice<UInt8>) -> String {
        String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
    }

    /// The duration a movie header declares: version 0 has a 32-bit time scale at 12 and
    /// duration at 16; version 1 64-bit times, the scale at 20 and the duration at 24.
    private static func movieDuration(_ file: some MovieBytes, at start: Int64) throws(FileReadFailure)
        -> Double?
    {
        let bytes = try file.read(at: start, count: 32)
        guard bytes.count == 32 else { return nil }
        let number = { (from: Int, count: Int) in
            bytes[from..<from + count].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        }
        let (scale, duration) =
            bytes[0] == 1 ? (number(20, 4), number(24, 8)) : (number(12, 4), number(16, 4))
        guard scale > 0, duration > 0, duration != UInt64(UInt32.max), duration != UInt64.max else {
            return nil
        }
        return Double(duration) / Double(scale)
    }

    /// QuickTime user-data text: a 16-bit length, a 16-bit language, the text.
    private static func userDataText(_ file: some MovieBytes, from start: Int64, to end: Int64)
        throws(FileReadFailure) -> String?
    {
        let bytes = try file.read(at: start, count: Int(min(end - start, Int64(maxPayload))))
        guard bytes.count >= 4 else { return nil }
        let length = Int(bytes[0]) << 8 | Int(bytes[1])
        let text = bytes[4..<min(bytes.count, 4 + length)]
        return String(decoding: text, as: UTF8.self)
    }

    /// 3GPP's `loci` (TS 26.244; what ffmpeg writes for an MP4's `location`) as ISO 6709 text:
    /// version and flags, a language, a name (UTF-8, or UTF-16 after its byte-order mark) and
    /// its terminator, a role, then longitude, latitude and altitude as signed 16.16 numbers.
    private static func locationInformation(_ file: some MovieBytes, from start: Int64, to end: Int64)
        throws(FileReadFailure) -> String?
    {
        let bytes = try file.read(at: start, count: Int(min(end - start, 4096)))
        guard bytes.count > 6 else { return nil }
        var at = 6
        if bytes.count >= 8, bytes[6] == 0xFE, bytes[7] == 0xFF {
            at = 8
            while at + 1 < bytes.count, bytes[at] != 0 || bytes[at + 1] != 0 { at += 2 }
            at += 2
        } else {
            while at < bytes.count, bytes[at] != 0 { at += 1 }
            at += 1
        }
        at += 1  // the role
        guard at + 8 <= bytes.count else { return nil }
        func fixed(_ index: Int) -> Double {
            Double(Int32(bitPattern: bytes[index..<index + 4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }))
                / 65536
        }
        let (longitude, latitude) = (fixed(at), fixed(at + 4))
        guard abs(latitude) <= 90, abs(longitude) <= 180 else { return nil }
        return iso6709(latitude, wholeDigits: 2) + iso6709(longitude, wholeDigits: 3) + "/"
    }

    /// `+45.87859`, `-006.88739`: a sign, the whole degrees padded, five decimals.
    private static func iso6709(_ value: Double, wholeDigits: Int) -> String {
        let hundredThousandths = Int((abs(value) * 100_000).rounded())
        let whole = String(hundredThousandths / 100_000)
        let fraction = String(hundredThousandths % 100_000)
        return (value < 0 ? "-" : "+") + String(repeating: "0", count: max(0, wholeDigits - whole.count))
            + whole
            + "." + String(repeating: "0", count: 5 - fraction.count) + fraction
    }

    /// The names in a `keys` box: version and flags, a count, then (size, namespace, name).
    private static func keyNames(_ file: some MovieBytes, from start: Int64, to end: Int64)
        throws(FileReadFailure) -> [String]
    {
        let bytes = try file.read(at: start, count: Int(min(end - start, Int64(maxPayload))))
        guard bytes.count >= 8 else { return [] }
        let count = bytes[4..<8].reduce(0) { $0 << 8 | Int($1) }
        var names: [String] = []
        var at = 8
        while names.count < count, at + 8 <= bytes.count {
            let size = bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) }
            guard size >= 8, at + size <= bytes.count else { break }
            names.append(String(decoding: bytes[at + 8..<at + size], as: UTF8.self))
            at += size
        }
        return names
    }

    /// `ilst` items: each box's type is a 1-based index into `keys`; its `data` box holds the
    /// value (8 bytes of type and locale, then the text).
    private static func items(
        _ file: some MovieBytes, from start: Int64, to end: Int64, keys: [String], findings: inout Findings,
        budget: inout Int
    ) throws(FileReadFailure) {
        let bytes = try file.read(at: start, count: Int(min(end - start, Int64(maxPayload))))
        var at = 0
        while at + 8 <= bytes.count, budget > 0 {
            budget -= 1
            let size = bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) }
            guard size >= 8, at + size <= bytes.count else { return }
            let index = bytes[at + 4..<at + 8].reduce(0) { $0 << 8 | Int($1) }
            let name =
                index >= 1 && index <= keys.count
                ? keys[index - 1] : fourCC(bytes[at + 4..<at + 8])
            // The first child is `data`: size, type, 4 bytes of type code, 4 of locale, the text.
            let data = at + 8
            var text: String?
            if data + 16 <= at + size, fourCC(bytes[data + 4..<data + 8]) == "data" {
                let dataSize = bytes[data..<data + 4].reduce(0) { $0 << 8 | Int($1) }
                text = String(
                    decoding: bytes[data + 16..<min(at + size, data + max(16, dataSize))], as: UTF8.self)
            }
            if name == contentIdentifierKey, findings.contentIdentifier == nil, text?.isEmpty == false {
                findings.contentIdentifier = text
            }
            if name == locationKey || name == "©xyz" {
                findings.locationBoxes.append(name)
                if let text { findings.locations.append(text) }
            }
            at += size
        }
    }

    /// The latitude and longitude of an ISO 6709 string (`+48.8582+002.2945+035.000/`, or
    /// with degrees and minutes run together, `+4851.49+00217.67/`), nil when it does not parse.
    static func parseISO6709(_ text: String, source: String = "") -> GPSCoordinate? {
        var parts: [String] = []
        for character in text {
            if character == "+" || character == "-" {
                parts.append(String(character))
            } else if character == "/" {
                break
            } else if !parts.isEmpty, character.isNumber || character == "." {
                parts[parts.count - 1].append(character)
            } else if !character.isWhitespace {
                return nil
            }
        }
        guard parts.count >= 2 else { return nil }
        func degrees(_ part: String, degreeDigits: Int) -> Double? {
            let sign: Double = part.hasPrefix("-") ? -1 : 1
            let digits = part.dropFirst()
            let whole = digits.prefix { $0 != "." }
            guard let value = Double(digits) else { return nil }
            // ±DD.D, ±DDMM.M or ±DDMMSS.S (ISO 6709's three forms, told apart by their digits).
            switch whole.count - degreeDigits {
            case 0: return sign * value
            case 2:
                let minutes = value.truncatingRemainder(dividingBy: 100)
                return sign * ((value - minutes) / 100 + minutes / 60)
            case 4:
                let seconds = value.truncatingRemainder(dividingBy: 100)
                let rest = (value - seconds) / 100
                let minutes = rest.truncatingRemainder(dividingBy: 100)
                return sign * ((rest - minutes) / 100 + minutes / 60 + seconds / 3600)
            default: return nil
            }
        }
        guard let latitude = degrees(parts[0], degreeDigits: 2),
            let longitude = degrees(parts[1], degreeDigits: 3),
            abs(latitude) <= 90, abs(longitude) <= 180
        else { return nil }
        return GPSCoordinate(latitude: latitude, longitude: longitude, source: source)
    }
}

/// What ``MovieMetadata`` walks: a file on disk, or bytes already read (a published JPEG,
/// searched for a movie appended to it).
protocol MovieBytes {
    var size: Int64 { get }
    /// Up to `count` bytes from `offset`; fewer at the end.
    func read(at offset: Int64, count: Int) throws(FileReadFailure) -> [UInt8]
}

extension FileReader: MovieBytes {}

/// Bytes in memory as ``MovieBytes``.
struct MovieBytesInMemory: MovieBytes {
    let bytes: [UInt8]
    var size: Int64 { Int64(bytes.count) }

    func read(at offset: Int64, count: Int) throws(FileReadFailure) -> [UInt8] {
        guard offset >= 0, offset < size, count > 0 else { return [] }
        return Array(bytes[Int(offset)..<Int(min(size, offset + Int64(count)))])
    }
}
