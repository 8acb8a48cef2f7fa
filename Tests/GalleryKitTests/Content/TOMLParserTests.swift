import Testing

@testable import GalleryKit

@Suite struct TOMLParserTests {
    /// Front matter as `hugo new` and hugo-theme-gallery write it.
    static let hugo = #"""
        title = "Animals"   # a comment
        date = 2023-04-01T10:00:00+02:00
        draft = false
        weight = 3
        description = 'Wild & <tame>'
        categories = ["animals", "nature"]
        [params]
          cover = true
          private = true
        [[resources]]
          src = "images/cat*.jpg"
          title = "Cat"
          [resources.params]
            cover = true
        [[resources]]
          src = "**.jpg"
          [resources.params]
            hidden = true
        """#

    func mapping(_ node: YAMLNode?) -> [(String, YAMLNode)] {
        guard case .mapping(let pairs) = node?.value else { return [] }
        return pairs.map { ($0.key.scalar ?? "", $0.value) }
    }

    func value(_ node: YAMLNode, _ path: String...) -> YAMLNode? {
        var current: YAMLNode? = node
        for key in path {
            if let index = Int(key) {
                guard case .sequence(let items) = current?.value, index < items.count else { return nil }
                current = items[index]
            } else {
                current = mapping(current).first { $0.0 == key }?.1
            }
        }
        return current
    }

    @Test func readsWhatHugoWrites() throws {
        let root = try TOMLParser.parse(Self.hugo, lineOffset: 1)
        #expect(
            mapping(root).map(\.0) == [
                "title", "date", "draft", "weight", "description", "categories", "params", "resources",
            ])
        #expect(value(root, "title")?.value == .scalar("Animals", plain: false))
        #expect(value(root, "title")?.line == 2 && value(root, "title")?.column == 9)
        #expect(value(root, "date")?.value == .scalar("2023-04-01T10:00:00+02:00", plain: true))
        #expect(value(root, "weight")?.value == .scalar("3", plain: true))
        #expect(value(root, "description")?.scalar == "Wild & <tame>")
        #expect(value(root, "categories", "1")?.scalar == "nature")
        #expect(value(root, "params", "private")?.value == .scalar("true", plain: true))
        #expect(value(root, "resources", "0", "src")?.scalar == "images/cat*.jpg")
        #expect(value(root, "resources", "0", "params", "cover")?.scalar == "true")
        #expect(value(root, "resources", "1", "params", "hidden")?.scalar == "true")
    }

    @Test func stringsNumbersAndTables() throws {
        let text = #"""
            a = "tab\tand \u00e9 \"q\""
            b = """
            first
            second \
              joined"""
            c = '''
            C:\raw\''''
            d = [1, 2.5, -3e2, 0x1F,  # comment
              1_000, inf, ]
            e = { x = 1, y.z = "w" }
            f.g = true
            "quoted key" = 1979-05-27
            h = 1979-05-27 07:32:00
            i = 07:32:00.5
            """#
        let root = try TOMLParser.parse(text)
        #expect(value(root, "a")?.scalar == "tab\tand é \"q\"")
        #expect(value(root, "b")?.scalar == "first\nsecond joined")
        #expect(value(root, "c")?.scalar == "C:\\raw\\'")
        #expect(value(root, "d", "3")?.scalar == "0x1F")
        #expect(value(root, "d", "5")?.scalar == "inf")
        #expect(value(root, "e", "y", "z")?.scalar == "w")
        #expect(value(root, "f", "g")?.scalar == "true")
        #expect(value(root, "quoted key")?.scalar == "1979-05-27")
        #expect(value(root, "h")?.scalar == "1979-05-27 07:32:00")
        #expect(value(root, "i")?.scalar == "07:32:00.5")
    }

    @Test(arguments: [
        ("title = Animals\n", 1, 9, "'Animals' is not a TOML value (strings need quotes)"),
        ("a = 1\na = 2\n", 2, 1, "duplicate key 'a'"),
        ("[p]\nx = 1\n[p]\n", 3, 2, "table 'p' is defined twice"),
        ("a = \"open\n", 1, 10, "unterminated string"),
        ("a = 1 b = 2\n", 1, 7, "expected the end of the line, found 'b'"),
        ("a = [1, 2\n", 2, 1, "expected ']'"),
        ("= 1\n", 1, 1, "expected a key"),
        ("a = \"\\q\"\n", 1, 8, "unknown escape '\\q'"),
        ("a = 1\n[a]\n", 2, 2, "'a' already has a value"),
    ])
    func errorsNameTheLineAndColumn(text: String, line: Int, column: Int, message: String) {
        let error = #expect(throws: SyntaxError.self) { try TOMLParser.parse(text) }
        #expect(error?.message == message)
        #expect(error?.line == line)
        #expect(error?.column == column)
    }

    @Test func anEmptyDocumentIsAnEmptyMapping() throws {
        #expect(mapping(try TOMLParser.parse("# only a comment\n\n")).isEmpty)
    }
}
