/// What a URL path may carry as it is, and how anything else is written: RFC 3986's `pchar`
/// and `/` (letters, digits, `-._~!$&'()*+,;=:@/`), every other byte as `%` and two hex digits.
/// One rule for the links galleryc writes (`LinkBuilder`) and the `base_url` it accepts
/// (`BaseURL`).
enum URLPathText {
    /// True for a byte a URL path carries unescaped (`%` is not one: it starts an escape).
    static func isAllowed(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default:
            "-._~/!$&'()*+,;=:@".utf8.contains(byte)
        }
    }

    /// `%XX` for `byte`, upper-case hex.
    static func escape(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return "%" + String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 0x0F)])
    }

    /// Every byte of `path` that is not allowed, escaped; `%` too.
    static func percentEncoded(_ path: String) -> String {
        var out = ""
        for byte in path.utf8 {
            if isAllowed(byte) {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                out += escape(byte)
            }
        }
        return out
    }
}
