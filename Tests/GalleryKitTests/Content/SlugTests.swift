import Testing

@testable import GalleryKit

@Suite struct SlugTests {
    @Test(arguments: [
        ("test?<special> chars#", "test-special-chars"),
        ("hélicoïde", "helicoide"),
        ("accentué", "accentue"),
        ("Æsir ßtraße", "aesir-sstrasse"),
        ("DSC_0142", "dsc-0142"),
        ("Hubble ultra deep field", "hubble-ultra-deep-field"),
        ("  --Ünïcödé--  ", "unicode"),
        ("Ørsted Łódź", "orsted-lodz"),
        ("ﬁsh", "fish"),
        ("写真", ""),
        ("11", "11"),
    ])
    func makesSlugs(name: String, slug: String) {
        #expect(Slug.make(from: name) == slug)
    }

    @Test func fallbackWhenNothingIsLeft() {
        #expect(Slug.make(from: "???", fallback: "photo") == "photo")
        #expect(Slug.make(from: "写真", fallback: "album") == "album")
    }

    @Test func longNamesAreCutAtAWordWhereTheyCan() {
        // 255 bytes, the longest ext4 allows: renditions add `-1600.webp` to the slug.
        #expect(Slug.make(from: String(repeating: "a", count: 251)) == String(repeating: "a", count: 100))
        let words = Slug.make(from: String(repeating: "abc ", count: 60))
        #expect(words.count == 99 && words.hasSuffix("c"), "a hyphen at the cut is dropped: \(words)")
    }

    /// The ASCII fast path gives what the character-by-character path gives, on every kind
    /// of ASCII name (all 128 code points, runs of separators, the length cut).
    @Test func asciiNamesSlugAsEveryNameDoes() {
        var generator = SystemRandomNumberGenerator()
        func ascii(_ code: UInt8) -> String { String(UnicodeScalar(code)) }
        var names = (0..<128).map { ascii(UInt8($0)) + "Ab" + ascii(UInt8($0)) }
        names += ["IMG_0042", "  2024 -- Trip  ", "a\r\nb", "", "--", String(repeating: "ab ", count: 50)]
        for _ in 0..<500 {
            let length = Int.random(in: 0..<130, using: &generator)
            let codes = (0..<length).map { _ in UInt8.random(in: 0..<128, using: &generator) }
            names.append(codes.map(ascii).joined())
        }
        for name in names {
            let fast = Slug.makeASCII(from: name, fallback: "photo")
            #expect(fast == Slug.makeUnicode(from: name, fallback: "photo"), "\(name.debugDescription)")
        }
    }

    @Test func allocatorNumbersCollisionsInOrderAndNotes() {
        let (reporter, collector) = collectingReporter("a/A.jpg")
        var allocator = SlugAllocator(reserved: ["assets"])
        #expect(allocator.allocate(for: "a", fallback: "photo", reporter: reporter) == "a")
        #expect(allocator.allocate(for: "A", fallback: "photo", reporter: reporter) == "a-2")
        #expect(allocator.allocate(for: "a-2", fallback: "photo", reporter: reporter) == "a-2-2")
        #expect(allocator.allocate(for: "Assets", fallback: "album", reporter: reporter) == "assets-2")
        #expect(
            collector.diagnostics.rendered.contains(
                "a/A.jpg: note: the URL name 'a' is already used in this folder; using 'a-2'"))
    }

    @Test func naturalOrder() {
        let names = ["10.jpg", "2.jpg", "b.jpg", "A.jpg", "1.jpg", "a.jpg", "img12.jpg", "img2.jpg"]
        #expect(
            names.sorted(by: NaturalOrder.less)
                == ["1.jpg", "2.jpg", "10.jpg", "A.jpg", "a.jpg", "b.jpg", "img2.jpg", "img12.jpg"])
    }

    /// Sorting by keys cut once gives the order of the pairwise comparison, on names with
    /// leading zeros, mixed case, accents (composed and not), spaces and long digit runs.
    @Test func sortingByKeysIsThePairwiseOrder() {
        let names = [
            "IMG_0010.jpg", "img_10.jpg", "IMG_9.JPG", "photo 2.jpg", "Photo 2.jpg", "photo 02.jpg",
            "\u{e9}t\u{e9}.jpg", "e\u{301}te\u{301}.jpg", "Zebra.png", "zebra.png", "a10b2.jpg", "a10b10.jpg",
            "99999999999999999999.jpg", "1e5.jpg", "", "-.jpg", "a.jpg",
        ]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20 {
            let shuffled = names.shuffled(using: &generator)
            #expect(NaturalOrder.sorted(shuffled) == names.sorted(by: NaturalOrder.less))
        }
        for a in names {
            for b in names where a != b {
                #expect(NaturalOrder.less(a, b) != NaturalOrder.less(b, a), "\(a) \(b): a total order")
            }
        }
    }
}
