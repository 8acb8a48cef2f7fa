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
        #expect(throws: SyntaxError(message: "unknown alias '*nope'", line: 1, column: 4)) {
            try YAMLParser.parse("a: *nope\n")
        }
    }

    @Test func aliasBombIsStopped() {
        var yaml = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
        for level in 1...8 {
            let refs = Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ")
            yaml += "a\(level): &a\(level) [\(refs)]\n"
        }
        #expect(throws: SyntaxError.self) { try YAMLParser.parse(yaml) }
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

    /// 50,000 nested block sequences overflowed the stack (the tree was freed recursively), and
    /// 20,000 levels of `[[[...]]]` took 30 s in libyaml's scanner; both stop at the depth limit
    /// with the position of the level that went too deep.
    @Test(arguments: [
        String(repeating: "- ", count: 50_000) + "x\n",
        String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + "\n",
        String(repeating: "{a: ", count: 50_000) + "x" + String(repeating: "}", count: 50_000) + "\n",
    ])
    func deepNestingIsRefusedAtTheLimit(yaml: String) {
        let error = #expect(throws: SyntaxError.self) { try YAMLParser.parse(yaml, lineOffset: 1) }
        #expect(error?.message == "nested more than \(YAMLParser.maxDepth) levels deep")
        #expect(error?.line == 2)
    }

    @Test func nestingUpToTheLimitIsFine() throws {
        let depth = YAMLParser.maxDepth
        let yaml = String(repeating: "[", count: depth) + "x" + String(repeating: "]", count: depth)
        #expect(try YAMLParser.parse(yaml) != nil)
    }
}
