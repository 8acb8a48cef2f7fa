import Testing

@testable import GalleryKit

/// Rendering behaviour beyond the spec's own cases: our value type, numbers, truthiness.
@Suite struct TemplateRenderingTests {
    private func render(_ source: String, _ context: TemplateValue) throws -> String {
        try MustacheTemplate(source: source, name: "t.mustache").render(context, partials: [:])
    }

    @Test(
        arguments: [
            (.int(85), "85"),
            (.double(1.5), "1.5"),
            (.double(85), "85"),
            (.double(-0.25), "-0.25"),
            (.double(1e20), "1e+20"),
            (.bool(true), "true"),
            (.null, ""),
            ([1, 2], ""),
            ("a < b & \"c\" > 'd'", "a &lt; b &amp; &quot;c&quot; &gt; 'd'"),
        ] as [(TemplateValue, String)])
    func interpolatesValues(value: TemplateValue, expected: String) throws {
        #expect(try render("{{v}}", ["v": value]) == expected)
    }

    @Test func tripleAndAmpersandDoNotEscape() throws {
        #expect(try render("{{{v}}}|{{&v}}", ["v": "<b>"]) == "<b>|<b>")
    }

    @Test(
        arguments: [
            (.null, false), (false, false), (.array([]), false), ("", false),
            (true, true), (0, true), (0.0, true), ("0", true), (.dictionary([:]), true), (["x"], true),
        ] as [(TemplateValue, Bool)])
    func truthiness(value: TemplateValue, rendersSection: Bool) throws {
        #expect(try render("{{#v}}yes{{/v}}{{^v}}no{{/v}}", ["v": value]) == (rendersSection ? "yes" : "no"))
    }

    @Test func literalsBuildTheExpectedValues() {
        let value: TemplateValue = [
            "title": "Fjords", "count": 3, "ratio": 1.5, "draft": false, "cover": nil,
        ]
        #expect(
            value
                == .dictionary([
                    "title": .string("Fjords"), "count": .int(3), "ratio": .double(1.5),
                    "draft": .bool(false),
                    "cover": .null,
                ]))
        #expect(TemplateValue(nil as String?) == .null)
        #expect(TemplateValue("x" as String?) == .string("x"))
    }

    @Test func listsIterateWithTheParentContextVisible() throws {
        let context: TemplateValue = [
            "album": "Iceland",
            "photos": [["title": "Fjord"], ["title": "Geyser", "album": "override"]],
        ]
        #expect(
            try render("{{#photos}}{{album}}/{{title}};{{/photos}}", context)
                == "Iceland/Fjord;override/Geyser;")
    }

    @Test func renderingIsRepeatableAndIndependent() throws {
        let template = try MustacheTemplate(source: "{{#items}}<li>{{.}}</li>{{/items}}", name: "t")
        let items: TemplateValue = .array((0..<3).map { .int($0) })
        let first = try template.render(["items": items], partials: [:])
        #expect(first == "<li>0</li><li>1</li><li>2</li>")
        #expect(try template.render(["items": items], partials: [:]) == first)
        #expect(try template.render([:], partials: [:]) == "")
    }

    @Test func standalonePartialIndentsEveryLineButNotBlankOnes() throws {
        let card = try MustacheTemplate(source: "<figure>\n\n  <img>\n</figure>\n", name: "card")
        let page = try MustacheTemplate(source: "<main>\n    {{>card}}\n</main>\n", name: "page")
        #expect(
            try page.render([:], partials: ["card": card])
                == "<main>\n    <figure>\n\n      <img>\n    </figure>\n</main>\n")
    }
}
