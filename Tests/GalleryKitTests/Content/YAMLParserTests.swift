import Testing

@testable import GalleryKit

@Suite struct YAMLParserTests {
    @Test func buildsTreeWithOneBasedMarks() throws {
        let node = try #require(try YAMLParser.parse("title: Iceland\nhero:\n  - a.jpg\n  - \"b.jpg\"\n"))
        guard case .mapping(let pairs) = node.value else {
            Issue.record("expected a mapping")
            return
        }
        #expect(pairs.map { $0.key.scalar } == ["title", "hero"])
        #expect(pairs[0].value.scalar == "Iceland")
        #expect(pairs[0].value.line == 1 && pairs[0].value.column == 8)
        guard case .sequence(let items) = pairs[1].value.value else {
            Issue.record("expected a list")
            return
        }
        #expect(items.map(\.scalar) == ["a.jpg", "b.jpg"])
        #expect(items[1].line == 4 && items[1].column == 5)
        #expect(items[0].value == .scalar("a.jpg", plain: true))
        #expect(items[1].value == .scalar("b.jpg", plain: false))
    }

    @Test func lineOffsetMovesMarksIntoTheFile() throws {
        let node = try #require(try YAMLParser.parse("a: 1\nb: 2\n", lineOffset: 1))
        guard case .mapping(let pairs) = node.value else { return }
        #expect(pairs[1].key.line == 3)
    }

    @Test func anchorsAndAliasesAreExpanded() throws {
        let node = try #require(try YAMLParser.parse("base: &b {jpeg: 80}\nother: *b\n"))
        guard case .mapping(let pairs) = node.value else { return }
        #expect(pairs[1].value.value == pairs[0].value.value)
        #expect(pairs[1].value.line == 2)
    }

    @Test func unknownAliasIsAnError() {
        #expect(throws: YAMLSyntaxError(message: "unknown alias '*nope'", line: 1, column: 4)) {
            try YAMLParser.parse("a: *nope\n")
        }
    }

    @Test func aliasBombIsStopped() {
        var yaml = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
        for level in 1...8 {
            let refs = Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ")
            yaml += "a\(level): &a\(level) [\(refs)]\n"
        }
        #expect(throws: YAMLSyntaxError.self) { try YAMLParser.parse(yaml) }
    }

    @Test func syntaxErrorHasLibyamlPositionPlusOne() {
        do {
            _ = try YAMLParser.parse("title: ok\nbad: [1, 2\n", lineOffset: 1)
            Issue.record("expected an error")
        } catch {
            #expect(error.line == 4)
            #expect(error.column == 1)
            #expect(error.message.contains("flow sequence"))
        }
    }

    @Test func tabIndentationIsReportedWhereItIs() {
        do {
            _ = try YAMLParser.parse("images:\n\twidths: [1]\n")
            Issue.record("expected an error")
        } catch {
            #expect(error.line == 2)
            #expect(error.column == 1)
            #expect(error.message.contains("cannot start any token"))
        }
    }

    @Test func emptyTextHasNoDocument() throws {
        #expect(try YAMLParser.parse("") == nil)
        #expect(try YAMLParser.parse("# only a comment\n") == nil)
    }
}
