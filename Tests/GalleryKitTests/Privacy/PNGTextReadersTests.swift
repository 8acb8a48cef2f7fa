import Testing

@testable import GalleryKit

/// The privacy check reads PNG text with its own reader and its own inflate (``PNGTextChunk``,
/// ``ZlibInflater``), apart from the image stage's (``PNGText``, ``ImageCodecs``): here both
/// are held to the same files (``PNGTextFixtures``), and where they may differ the check is
/// the stricter.
@Suite struct PNGTextReadersTests {
    let scanner = GPSLeakScanner(sourceCoordinates: [])

    /// A location in any text chunk, stored or compressed either way, is a leak; the same chunk
    /// without it is clean; and where the chunk is XMP the image stage reads the same file.
    @Test(arguments: PNGTextFixtures.all)
    func everyFixtureIsReadByBoth(_ fixture: PNGTextFixtures.Fixture) throws {
        let tagged = fixture.png(PNGTextFixtures.packet(gps: true))
        let leak = try #require(scanner.scan(path: "photo.png", bytes: tagged))
        #expect(leak.reason == .xmpGPS)
        #expect(
            scanner.scan(path: "photo.png", bytes: fixture.png(PNGTextFixtures.packet(gps: false))) == nil)
        if fixture.isXMP {
            #expect(EmbeddedMetadata.read(tagged)?.title == "A PNG title")
        }
    }

    /// What writes a published PNG original (``OriginalRewriter``) is held to the same files:
    /// from each, tagged, it writes one the check finds clean, with the same pixels.
    @Test(arguments: PNGTextFixtures.all)
    func thePublishedOriginalOfEveryFixtureIsClean(_ fixture: PNGTextFixtures.Fixture) throws {
        let tagged = fixture.png(PNGTextFixtures.packet(gps: true))
        let rewritten = try #require(OriginalRewriter.rewritePNG(tagged))
        #expect(scanner.scan(path: "photo.png", bytes: rewritten) == nil)
        for type in ["tEXt", "zTXt", "iTXt"] {
            let name = Array(type.utf8)
            let found = rewritten.indices.dropLast(3).contains { Array(rewritten[$0..<$0 + 4]) == name }
            #expect(!found, "the original still has a \(type) chunk")
        }
        let before = try ImageCodecs.decodePNG(tagged, maxPixels: 1 << 20)
        let after = try ImageCodecs.decodePNG(rewritten, maxPixels: 1 << 20)
        #expect(before.pixels == after.pixels)
    }

    /// The two inflates agree on every stream: good ones, broken ones, cut ones, and at the
    /// limit and one byte under it.
    @Test func theTwoInflatesAgree() {
        let text = Array(PNGTextFixtures.packet(gps: true).utf8)
        let long = [UInt8](repeating: 0x41, count: 200_000)
        let streams: [[UInt8]] = [
            PNGTextFixtures.storedZlib(text), PNGTextFixtures.fixedHuffmanZlib(text),
            PNGTextFixtures.storedZlib(long), PNGTextFixtures.storedZlib([]),
            [0x78, 0x9C, 1, 2, 3], Array(PNGTextFixtures.storedZlib(long).dropLast(9)),
            Array(PNGTextFixtures.fixedHuffmanZlib(text).dropLast(4)), [],
        ]
        for stream in streams {
            for limit in [1 << 20, long.count, long.count - 1, text.count, text.count - 1] {
                let ours = ZlibInflater.inflate(stream[...], limit: limit)
                #expect(
                    ours == ImageCodecs.inflate(stream[...], limit: limit),
                    "\(stream.prefix(8)), limit \(limit)")
            }
        }
        #expect(ZlibInflater.inflate(PNGTextFixtures.storedZlib(long)[...], limit: long.count) == long)
        #expect(ZlibInflater.inflate(PNGTextFixtures.storedZlib(long)[...], limit: long.count - 1) == nil)
    }

    /// An `iTXt` whose compression flag is neither 0 nor 1 is out of the standard: a reader
    /// that inflates whatever is flagged would see its text, so the check inflates it too
    /// (the image stage's reader takes it for plain text, and finds no XMP in it).
    @Test func anITXtFlaggedOutOfTheStandardIsInflated() throws {
        let fixture = PNGTextFixtures.Fixture(
            type: "iTXt", keyword: "XML:com.adobe.xmp", packing: .fixedHuffman, flag: 2)
        let leak = try #require(
            scanner.scan(path: "photo.png", bytes: fixture.png(PNGTextFixtures.packet(gps: true))))
        #expect(leak.reason == .xmpGPS)
    }

    /// The uncompressed fields of a compressed chunk are searched too: a GPS property name as
    /// its keyword is a leak.
    @Test func theKeywordOfACompressedChunkIsSearched() throws {
        let fixture = PNGTextFixtures.Fixture(type: "zTXt", keyword: "GPSLatitude", packing: .fixedHuffman)
        let leak = try #require(scanner.scan(path: "photo.png", bytes: fixture.png("59.4")))
        #expect(leak.reason == .xmpGPS)
        let other = PNGTextFixtures.Fixture(type: "zTXt", keyword: "Altitude", packing: .fixedHuffman)
        #expect(scanner.scan(path: "photo.png", bytes: other.png("59.4")) == nil)
    }

    /// 16 MiB of inflated text for the whole file: two chunks of 9 MiB each inflate alone, but
    /// not together, and then the file fails the check as unreadable (never searched raw).
    @Test func theInflateBudgetIsTheWholeFiles() throws {
        let nine = PNGTextFixtures.storedZlib([UInt8](repeating: 0x20, count: 9 << 20))
        let one = PNGTextFixtures.png(with: [("zTXt", Array("a".utf8) + [0, 0] + nine)], checked: false)
        #expect(scanner.scan(path: "photo.png", bytes: one) == nil)
        let two = PNGTextFixtures.png(
            with: [
                ("zTXt", Array("a".utf8) + [0, 0] + nine), ("zTXt", Array("b".utf8) + [0, 0] + nine),
            ], checked: false)
        let leak = try #require(scanner.scan(path: "photo.png", bytes: two))
        #expect(leak.message.contains("cannot be inflated"))
        #expect(MetadataBlocks.inflateBudget == 16 << 20)
    }
}
