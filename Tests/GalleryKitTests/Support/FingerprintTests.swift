import Foundation
import Testing

@testable import GalleryKit

/// A fingerprint is kept between builds (in the site manifest, beside each page): the same
/// fields must give the same fingerprint in every version, or an upgrade renders every page.
@Suite struct FingerprintTests {
    /// The text a fingerprint hashes, written out by hand: each field as
    /// `label=<UTF-8 length>:<text>` and a newline, the text tagged by its type.
    private static func written(_ fields: [(String, String)]) -> String {
        fields.map { "\($0.0)=\($0.1.utf8.count):\($0.1)\n" }.joined()
    }

    @Test func aFingerprintIsTheDigestOfItsFieldsAsText() {
        let long = String(repeating: "Ω long caption ", count: 9_000)  // past one flush of 64 KiB
        let made = Fingerprint.of { print in
            print.add("title", "Le café · Zürich")
            print.add("alt", nil as String?)
            print.add("count", 12)
            print.add("none", nil as Int?)
            print.add("ratio", 0.1 + 0.2)
            print.add("draft", true)
            print.add("tags", ["Paris", "", "été"])
            print.add("empty", [String]())
            print.add("missing", nil as [String]?)
            print.add("caption", long)
            print.add("after", "the end")
        }
        let text = Self.written([
            ("title", "sLe café · Zürich"), ("alt", "-"), ("count", "i12"), ("none", "-"),
            ("ratio", "d\((0.1 + 0.2).bitPattern)"), ("draft", "t"),
            ("tags", "a3:5:Paris0:5:été"), ("empty", "a0:"), ("missing", "-"),
            ("caption", "s" + long), ("after", "sthe end"),
        ])
        #expect(made == String(SHA256.hex(text).prefix(32)))
        #expect(made.count == 32)
    }

    /// Two different runs of fields never write the same text: the lengths keep them apart.
    @Test func fieldsDoNotRunIntoEachOther() {
        let one = Fingerprint.of { print in
            print.add("a", "x")
            print.add("b", "y")
        }
        let other = Fingerprint.of { print in print.add("a", "x\nb=2:sy") }
        #expect(one != other)
        #expect(Fingerprint.of { $0.add("l", ["ab", "c"]) } != Fingerprint.of { $0.add("l", ["a", "bc"]) })
    }
}
