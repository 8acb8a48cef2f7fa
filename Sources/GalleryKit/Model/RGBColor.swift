/// An opaque sRGB colour, written `#rrggbb` (or `#rgb`) in site.yml.
struct RGBColor: Sendable, Hashable, CustomStringConvertible {
    var red: UInt8
    var green: UInt8
    var blue: UInt8

    init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// `#rrggbb`, `#rgb`, or either without the `#`; any letter case. Nil for anything else.
    init?(hex text: String) {
        var digits = Substring(text)
        if digits.hasPrefix("#") { digits = digits.dropFirst() }
        guard digits.allSatisfy(\.isHexDigit), digits.count == 3 || digits.count == 6 else { return nil }
        let full = digits.count == 3 ? String(digits.flatMap { [$0, $0] }) : String(digits)
        guard let value = UInt32(full, radix: 16) else { return nil }
        self.init(
            red: UInt8(truncatingIfNeeded: value >> 16), green: UInt8(truncatingIfNeeded: value >> 8),
            blue: UInt8(truncatingIfNeeded: value))
    }

    /// `#rrggbb`, lowercase.
    var description: String {
        let digits = [red, green, blue].map { byte in
            let text = String(byte, radix: 16)
            return byte < 16 ? "0" + text : text
        }
        return "#" + digits.joined()
    }
}
