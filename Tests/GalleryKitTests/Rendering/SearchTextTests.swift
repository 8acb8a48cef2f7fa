import Testing

@testable import GalleryKit

/// How search reads words, which `search.js` must read the same way: folded (case, accents, a
/// few letters spelled out), split at what is not a letter or digit, one-letter words left out.
@Suite struct SearchTextTests {
    @Test(arguments: [
        ("Île-de-France", "ile-de-france"), ("STRAẞE", "strasse"), ("Ærø", "aero"), ("İstanbul", "istanbul"),
        ("Łódź", "lodz"), ("Þingvellir", "thingvellir"), ("ΟΔΟΣ", "οδοσ"), ("Crème Brûlée", "creme brulee"),
    ])
    func foldsCaseAndAccents(_ text: String, _ folded: String) {
        #expect(SearchText.fold(text) == folded)
    }

    @Test func splitsIntoWordsOfTwoLettersOrMore() {
        #expect(
            SearchText.terms("Saint-Malo, 2023: a café at 5 o'clock!") == [
                "saint", "malo", "2023", "cafe", "at", "clock",
            ])
        #expect(SearchText.terms(String(repeating: "x", count: 41) + " ok") == ["ok"])
        // Scripts without spaces are one run, found by its beginning.
        #expect(SearchText.terms("東京タワー, Tokyo") == ["東京タワー", "tokyo"])
        #expect(SearchText.terms("") == [])
    }

    @Test func aTermIsInTheFileOfItsFirstTwoCharacters() {
        #expect(SearchText.fileKey("ile") == "il")
        #expect(SearchText.fileKey("2023") == "20")
        #expect(SearchText.fileKey("東京") == "_6771_4eac")
        #expect(SearchText.fileKey("οδος") == "_3bf_3b4")
    }

    @Test func captionsAreReadWithoutTheirMarkup() {
        let text = SearchText.text(
            fromHTML: "<p>Fish &amp; chips&#33; <em>at</em> Tromsø&#x2019;s &bogus pier</p>")
        #expect(SearchText.terms(text) == ["fish", "chips", "at", "tromso", "bogus", "pier"])
        #expect(text.contains("Fish & chips!"))
        #expect(SearchText.text(fromHTML: "no markup") == "no markup")
    }
}
