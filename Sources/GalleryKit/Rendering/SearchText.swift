import Foundation

/// How search reads words, the same at build time (here) and in the visitor's browser
/// (`Templates/assets/search.js`, which must stay in step with it):
///
/// - folded: lower case, then canonical decomposition without the non-spacing marks, so
///   "Île-de-France", "ILE" and "île" are the same; a few letters that are not a base letter
///   and a mark are spelled out (ß ss, æ ae, œ oe, ø o, ł l, đ d, ð d, þ th, ı i, ς σ);
/// - split into words: runs of letters, digits and (spacing) marks; everything else
///   separates, so "Saint-Malo" is "saint" and "malo";
/// - a word of one character is not a search term (every "a" and "5" of every caption would
///   weigh on the index), nor is one of more than ``longestTerm`` characters (a URL).
///
/// Scripts without spaces between words (Chinese, Japanese, Thai) are not cut into words:
/// such a run is one term, found by its beginning.
enum SearchText {
    /// The longest term indexed, in Unicode scalars.
    static let longestTerm = 40

    /// The letters folded to other letters, beside the marks decomposition removes.
    private static let spelledOut: [Unicode.Scalar: String] = [
        "ß": "ss", "æ": "ae", "œ": "oe", "ø": "o", "ł": "l", "đ": "d", "ð": "d", "þ": "th", "ı": "i",
        // The final sigma: lower case in one language runtime, the sigma in another.
        "ς": "σ",
    ]

    /// `text` folded: lower case, without accents.
    static func fold(_ text: String) -> String {
        var folded = String.UnicodeScalarView()
        for scalar in text.lowercased().decomposedStringWithCanonicalMapping.unicodeScalars
        where scalar.properties.generalCategory != .nonspacingMark {
            for letter in spelledOut[scalar]?.unicodeScalars ?? String(scalar).unicodeScalars {
                folded.append(letter)
            }
        }
        return String(folded)
    }

    /// The search terms of `text`: folded words of 2 to ``longestTerm`` characters, in order,
    /// repeats included.
    static func terms(_ text: String) -> [String] {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return asciiTerms(text) }
        var terms: [String] = []
        var word = String.UnicodeScalarView()
        var length = 0
        func end() {
            if length >= 2, length <= longestTerm { terms.append(String(word)) }
            word = String.UnicodeScalarView()
            length = 0
        }
        for scalar in fold(text).unicodeScalars {
            if isWordScalar(scalar) {
                word.append(scalar)
                length += 1
            } else {
                end()
            }
        }
        end()
        return terms
    }

    /// ``terms(_:)`` of ASCII text, byte by byte: most captions are, and Foundation's
    /// decomposition costs a 10,000-photo site a large share of its no-change rebuild.
    private static func asciiTerms(_ text: String) -> [String] {
        var terms: [String] = []
        var word: [UInt8] = []
        func end() {
            if word.count >= 2, word.count <= longestTerm {
                terms.append(String(decoding: word, as: UTF8.self))
            }
            word.removeAll(keepingCapacity: true)
        }
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                word.append(byte)
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): word.append(byte + 32)
            default: end()
            }
        }
        end()
        return terms
    }

    /// Letters, digits and marks: what `[\p{L}\p{N}\p{M}]` matches in the browser.
    private static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
            .decimalNumber, .letterNumber, .otherNumber, .nonspacingMark, .spacingMark, .enclosingMark:
            return true
        default:
            return false
        }
    }

    /// The name of the file that holds `term` (`t-<key>.json`): its first two characters,
    /// each a letter `a`-`z` or digit as it is, any other as `_` and its hexadecimal code
    /// point: `ile` is in `t-il.json`, `東京` in `t-_6771_4eac.json`.
    static func fileKey(_ term: String) -> String {
        var key = ""
        for scalar in term.unicodeScalars.prefix(2) {
            if ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) {
                key.unicodeScalars.append(scalar)
            } else {
                key += "_" + String(scalar.value, radix: 16)
            }
        }
        return key
    }

    /// The words of an HTML fragment (a caption as galleryc renders its Markdown): the tags
    /// taken out, the entities cmark writes decoded.
    static func text(fromHTML html: String) -> String {
        let bytes = Array(html.utf8)
        guard bytes.contains(UInt8(ascii: "<")) || bytes.contains(UInt8(ascii: "&")) else { return html }
        var text: [UInt8] = []
        text.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "<") {
                // A tag: a space instead, so that the words either side stay apart.
                while index < bytes.count, bytes[index] != UInt8(ascii: ">") { index += 1 }
                text.append(UInt8(ascii: " "))
            } else if byte == UInt8(ascii: "&"),
                let semicolon = bytes[(index + 1)...].prefix(12).firstIndex(of: UInt8(ascii: ";"))
            {
                text += decoded(entity: String(decoding: bytes[(index + 1)..<semicolon], as: UTF8.self)).utf8
                index = semicolon
            } else {
                text.append(byte)
            }
            index += 1
        }
        return String(decoding: text, as: UTF8.self)
    }

    private static func decoded(entity name: String) -> String {
        switch name {
        case "amp": return "&"
        case "lt": return "<"
        case "gt": return ">"
        case "quot": return "\""
        case "apos": return "'"
        case "nbsp": return " "
        default:
            let number: UInt32? =
                name.hasPrefix("#x") || name.hasPrefix("#X")
                ? UInt32(name.dropFirst(2), radix: 16) : name.hasPrefix("#") ? UInt32(name.dropFirst()) : nil
            return number.flatMap(Unicode.Scalar.init).map { String(Character($0)) } ?? " "
        }
    }
}
