import Foundation
import Testing

@testable import GalleryKit

/// XMP read with libxml2: the properties galleryc uses, in both RDF forms, and hostile packets.
@Suite struct XMPParserTests {
    static func packet(_ body: String, attributes: String = "") -> String {
        """
        <?xpacket begin="\u{FEFF}" id="W5M0MpCehiHzreSzNTczkc9d"?>
        <x:xmpmeta xmlns:x="adobe:ns:meta/">
         <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
          <rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/"
            xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmlns:lr="http://ns.adobe.com/lightroom/1.0/"
            xmlns:photoshop="http://ns.adobe.com/photoshop/1.0/" \(attributes)>
           \(body)
          </rdf:Description>
         </rdf:RDF>
        </x:xmpmeta>
        <?xpacket end="w"?>
        """
    }

    @Test func readsTitleDescriptionKeywordsAndRating() throws {
        let xml = Self.packet(
            """
            <dc:title><rdf:Alt><rdf:li xml:lang="de">Brücke</rdf:li><rdf:li xml:lang="x-default">The bridge</rdf:li></rdf:Alt></dc:title>
            <dc:description><rdf:Alt><rdf:li xml:lang="x-default">Fog over the river &amp; the town.</rdf:li></rdf:Alt></dc:description>
            <dc:subject><rdf:Bag><rdf:li>fog</rdf:li><rdf:li>River</rdf:li></rdf:Bag></dc:subject>
            <lr:hierarchicalSubject><rdf:Bag><rdf:li>Places|Germany|Dresden</rdf:li><rdf:li>river</rdf:li></rdf:Bag></lr:hierarchicalSubject>
            <dc:creator><rdf:Seq><rdf:li>Ann Example</rdf:li></rdf:Seq></dc:creator>
            """, attributes: #"xmp:Rating="4""#)
        let packet = try #require(XMPParser.parse(Array(xml.utf8)))
        #expect(packet.title == "The bridge")
        #expect(packet.description == "Fog over the river & the town.")
        #expect(packet.rating == 4)
        #expect(packet.creator == "Ann Example")
        let described = packet.descriptive
        // The leaf of each hierarchical keyword; `river` repeats `River` (case ignored).
        #expect(described.keywords == ["fog", "River", "Dresden"])
    }

    @Test func anAlternativeWithoutXDefaultGivesItsFirstItem() throws {
        let xml = Self.packet(
            #"<dc:title><rdf:Alt><rdf:li xml:lang="fr">Le pont</rdf:li><rdf:li xml:lang="en">Bridge</rdf:li></rdf:Alt></dc:title>"#
        )
        #expect(XMPParser.parse(Array(xml.utf8))?.title == "Le pont")
    }

    @Test func namespacesCountNotPrefixes() throws {
        let xml = """
            <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
            <rdf:Description xmlns:d="http://purl.org/dc/elements/1.1/" xmlns:title="urn:not-dublin-core">
            <title:title>wrong</title:title>
            <d:title><rdf:Alt><rdf:li xml:lang="x-default">right</rdf:li></rdf:Alt></d:title>
            </rdf:Description></rdf:RDF></x:xmpmeta>
            """
        #expect(XMPParser.parse(Array(xml.utf8))?.title == "right")
    }

    @Test func headlineIsTheTitleOnlyWithoutATitle() throws {
        let headline = Self.packet("", attributes: #"photoshop:Headline="Ring Nebula""#)
        #expect(XMPParser.parse(Array(headline.utf8))?.descriptive.title == "Ring Nebula")
    }

    @Test(arguments: ["9", "-2", "NaN", "high"]) func ratingsOutOfRangeAreNone(_ value: String) throws {
        let xml = Self.packet("", attributes: "xmp:Rating=\"\(value)\"")
        #expect(XMPParser.parse(Array(xml.utf8))?.rating == nil)
    }

    @Test func billionLaughsIsRefusedQuickly() throws {
        var entities = #"<!ENTITY lol "lol">"#
        for level in 1...9 {
            let previous = level == 1 ? "lol" : "lol\(level - 1)"
            entities += "<!ENTITY lol\(level) \"" + String(repeating: "&\(previous);", count: 10) + "\">"
        }
        let xml =
            "<?xml version=\"1.0\"?><!DOCTYPE x [\(entities)]>"
            + Self.packet(
                #"<dc:title><rdf:Alt><rdf:li xml:lang="x-default">&lol9;</rdf:li></rdf:Alt></dc:title>"#)
        let start = Date()
        #expect(XMPParser.parse(Array(xml.utf8)) == nil)
        #expect(Date().timeIntervalSince(start) < 1)
    }

    static func utf16(_ text: String, bigEndian: Bool) -> [UInt8] {
        var bytes: [UInt8] = bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]
        for unit in text.utf16 {
            let pair = [UInt8(unit >> 8), UInt8(unit & 0xFF)]
            bytes += bigEndian ? pair : pair.reversed()
        }
        return bytes
    }

    @Test(arguments: [false, true]) func aUTF16PacketReads(bigEndian: Bool) {
        let xml = Self.packet(
            #"<dc:title><rdf:Alt><rdf:li xml:lang="x-default">Zweiundzwanzig Züge</rdf:li></rdf:Alt></dc:title>"#
        )
        #expect(XMPParser.parse(Self.utf16(xml, bigEndian: bigEndian))?.title == "Zweiundzwanzig Züge")
    }

    @Test(arguments: [false, true]) func aDoctypeInUTF16IsRefusedToo(bigEndian: Bool) {
        let xml =
            "<?xml version=\"1.0\" encoding=\"UTF-16\"?><!DOCTYPE x [<!ENTITY a \"b\">]>"
            + Self.packet(
                #"<dc:title><rdf:Alt><rdf:li xml:lang="x-default">&a;</rdf:li></rdf:Alt></dc:title>"#)
        #expect(XMPParser.declaresDocumentType(Self.utf16(xml, bigEndian: bigEndian)[...]))
        #expect(XMPParser.parse(Self.utf16(xml, bigEndian: bigEndian)) == nil)
    }

    @Test func anExternalEntityIsNeverRead() throws {
        let secret = FileManager.default.temporaryDirectory.appendingPathComponent(
            "galleryc-xxe-\(UUID()).txt")
        try "SECRET-CONTENT".write(to: secret, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: secret) }
        let xml =
            "<?xml version=\"1.0\"?><!DOCTYPE x [<!ENTITY xxe SYSTEM \"\(secret.absoluteString)\">]>"
            + Self.packet(
                #"<dc:title><rdf:Alt><rdf:li xml:lang="x-default">&xxe;</rdf:li></rdf:Alt></dc:title>"#)
        let packet = XMPParser.parse(Array(xml.utf8))
        #expect(packet?.title?.contains("SECRET") != true)
        #expect(packet == nil)
    }

    @Test func anUndeclaredEntityReadsAsNothingNotAsItsName() throws {
        // No DTD at all: libxml2 reports the reference; the text of the title is not invented.
        let xml = Self.packet(
            #"<dc:title><rdf:Alt><rdf:li xml:lang="x-default">a&nbsp;b</rdf:li></rdf:Alt></dc:title>"#)
        #expect(XMPParser.parse(Array(xml.utf8))?.title?.contains("nbsp") != true)
    }

    @Test func aPacketOverTheLimitIsRefused() throws {
        let padding = String(repeating: " ", count: XMPParser.maxBytes)
        let xml =
            Self.packet(#"<dc:title><rdf:Alt><rdf:li xml:lang="x-default">big</rdf:li></rdf:Alt></dc:title>"#)
            + padding
        #expect(XMPParser.parse(Array(xml.utf8)) == nil)
        // The same packet under the limit reads.
        #expect(XMPParser.parse(Array((xml.prefix(2000)).utf8))?.title == "big")
    }

    @Test(arguments: [
        "", "<", "not xml at all", "<x:xmpmeta xmlns:x=\"adobe:ns:meta/\">", "\u{0}\u{1}\u{2}",
        "<a><b><c></a>",
    ])
    func brokenPacketsReadAsNil(_ text: String) {
        #expect(XMPParser.parse(Array(text.utf8)) == nil)
    }

    @Test func deepNestingDoesNotCrash() {
        let depth = 5000
        let xml = String(repeating: "<a>", count: depth) + String(repeating: "</a>", count: depth)
        #expect(XMPParser.parse(Array(xml.utf8)) == nil)
    }
}
