/// The ways a degree, minute and second sign and a space are written in HTML, XML, JSON and
/// plain UTF-8 text, for ``NumberTokenizer``'s degrees-minutes-seconds reader.
enum AngleMarks {
    static let degree: [[UInt8]] = marks([
        "°", "º", "˚", "&deg;", "&#176;", "&#xb0;", "&#xB0;", "&#186;", "\\u00b0", "\\u00B0",
    ])
    static let minute: [[UInt8]] = marks([
        "'", "′", "’", "´", "&#39;", "&#039;", "&#x27;", "&apos;", "&prime;", "&rsquo;", "&#8242;",
        "&#x2032;", "\\u2032", "\\u0027", "\\u2019",
    ])
    /// `''` comes before nothing shorter that it starts with, so it is tried as a whole.
    static let second: [[UInt8]] = marks([
        "''", "\"", "″", "”", "&quot;", "&#34;", "&#034;", "&#x22;", "&Prime;", "&rdquo;", "&#8243;",
        "&#x2033;", "\\\"", "\\u2033", "\\u0022", "\\u201d",
    ])
    static let space: [[UInt8]] = marks([
        " ", "\t", "\n", "\r", "\u{A0}", "\u{2009}", "\u{202F}", "&nbsp;", "&#160;", "&#xa0;", "&#xA0;",
    ])
    /// The most spaces skipped in a row (`48 &nbsp; °` is fine; a page of blanks is not an angle).
    static let maxSpaces = 4

    private static func marks(_ strings: [String]) -> [[UInt8]] { strings.map { Array($0.utf8) } }

    /// The offset just after the first of `marks` found at `offset`, or nil.
    static func match(_ marks: [[UInt8]], _ text: UnsafeBufferPointer<UInt8>, _ offset: Int) -> Int? {
        guard offset < text.count else { return nil }
        for mark in marks where mark[0] == text[offset] && offset + mark.count <= text.count {
            var same = true
            for index in 1..<mark.count where text[offset + index] != mark[index] {
                same = false
                break
            }
            if same { return offset + mark.count }
        }
        return nil
    }

    /// The offset after up to ``maxSpaces`` spaces starting at `offset`.
    static func skipSpace(_ text: UnsafeBufferPointer<UInt8>, _ offset: Int) -> Int {
        var position = offset
        for _ in 0..<maxSpaces {
            guard let next = match(space, text, position) else { break }
            position = next
        }
        return position
    }
}
