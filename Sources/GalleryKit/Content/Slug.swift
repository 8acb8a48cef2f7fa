import Foundation

/// URL-safe names for photos, albums and pages.
enum Slug {
    /// Letters that Unicode decomposition does not reduce to ASCII.
    private static let transliterations: [Character: String] = [
        "æ": "ae", "ß": "ss", "ø": "o", "œ": "oe", "ð": "d", "þ": "th", "ł": "l", "đ": "d",
        "ı": "i", "ħ": "h", "ŋ": "ng", "ĸ": "q", "ſ": "s",
    ]

    /// Lowercase ASCII letters and digits separated by single hyphens: accents are dropped
    /// (`é` -> `e`), a few letters are spelled out (`Æ` -> `ae`, `ß` -> `ss`) and every other
    /// run of characters becomes one `-`, trimmed at both ends.
    ///
    /// - Parameters:
    ///   - name: a file or folder name, usually without its extension.
    ///   - fallback: returned when nothing URL-safe is left (`"photo"`, `"album"`).
    /// - Returns: the slug, e.g. `test-special-chars` for `test?<special> chars#`, at most
    ///   ``maxLength`` characters.
    static func make(from name: String, fallback: String = "") -> String {
        makeASCII(from: name, fallback: fallback) ?? makeUnicode(from: name, fallback: fallback)
    }

    /// ``make(from:fallback:)`` for a name of ASCII only (the common case, and 10,000 of them
    /// in a big site): the same slug, byte by byte (``AlphanumericWords``), without Unicode
    /// decomposition; nil for any other name.
    static func makeASCII(from name: String, fallback: String) -> String? {
        guard var slug = AlphanumericWords.hyphenated(name) else { return nil }
        if slug.utf8.count > maxLength {
            slug = String(slug.prefix(maxLength))
            while slug.hasSuffix("-") { slug.removeLast() }
        }
        return slug.isEmpty ? fallback : slug
    }

    /// ``make(from:fallback:)`` for any name, character by character.
    static func makeUnicode(from name: String, fallback: String) -> String {
        var result = ""
        var pendingHyphen = false
        let decomposed = name.lowercased().decomposedStringWithCompatibilityMapping
        for character in decomposed {
            let pieces: String
            if let spelled = transliterations[character] {
                pieces = spelled
            } else {
                pieces = String(String.UnicodeScalarView(character.unicodeScalars.filter(isKept)))
            }
            if pieces.isEmpty {
                if !character.unicodeScalars.allSatisfy(isCombiningMark) { pendingHyphen = true }
                continue
            }
            if pendingHyphen && !result.isEmpty { result += "-" }
            pendingHyphen = false
            result += pieces
        }
        if result.count > maxLength {
            result = String(result.prefix(maxLength))
            while result.hasSuffix("-") { result.removeLast() }
        }
        return result.isEmpty ? fallback : result
    }

    /// The longest slug: a file system allows 255 bytes a name, and a rendition's name adds
    /// its width and extension (`-1600.webp`) and the slug allocator a number (`-2`) to it.
    /// A photo named with 255 bytes would otherwise give renditions no disk can store.
    static let maxLength = 100

    private static func isKept(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar)
    }

    private static func isCombiningMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: true
        default: false
        }
    }
}
