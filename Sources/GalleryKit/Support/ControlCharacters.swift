/// Characters no published page may hold: XML 1.0 forbids the C0 controls but tab, line feed
/// and carriage return, and U+FFFE and U+FFFF (a feed.xml with one is not well-formed, and
/// readers refuse the whole feed); HTML calls every C0 and C1 control and DEL a parse error.
/// A title from a file name or a YAML escape (`alt: "a\vb"`) can carry any of them.
enum ControlCharacters {
    static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D: false
        case 0x00..<0x20, 0x7F...0x9F, 0xFFFE, 0xFFFF: true
        default: false
        }
    }

    /// `text` without the forbidden characters, and how many there were.
    static func removed(from text: String) -> (text: String, count: Int) {
        guard text.unicodeScalars.contains(where: isForbidden) else { return (text, 0) }
        var scalars = String.UnicodeScalarView()
        var count = 0
        for scalar in text.unicodeScalars {
            if isForbidden(scalar) { count += 1 } else { scalars.append(scalar) }
        }
        return (String(scalars), count)
    }
}
