import Testing

@testable import GalleryKit

/// Every kind of template error, as the user reads it: file:line:column and the message.
@Suite struct TemplateErrorTests {
    private func parseError(_ source: String) -> String? {
        do {
            _ = try MustacheTemplate(source: source, name: "Templates/album.mustache")
            return nil
        } catch {
            return error.description
        }
    }

    @Test(arguments: [
        (
            "<ul>\n  {{#photos}}\n    <li>{{title}}</li>\n",
            "Templates/album.mustache:2:3: error: unclosed section 'photos' opened here"
        ),
        (
            "{{^empty}}none",
            "Templates/album.mustache:1:1: error: unclosed inverted section 'empty' opened here"
        ),
        (
            "a\n{{<layout}}{{$body}}x{{/body}}",
            "Templates/album.mustache:2:1: error: unclosed parent 'layout' opened here"
        ),
        ("{{$title}}x", "Templates/album.mustache:1:1: error: unclosed block 'title' opened here"),
        (
            "ok\n\n  {{/x}}",
            "Templates/album.mustache:3:3: error: unexpected closing tag 'x': no section is open"
        ),
        (
            "{{#a}}\n{{#b}}\n{{/a}}",
            "Templates/album.mustache:3:1: error: closing tag 'a' does not match section 'b' opened at 2:1"
        ),
        ("<p>{{title</p>", "Templates/album.mustache:1:4: error: unclosed tag: expected '}}'"),
        ("<p>{{{title}}</p>", "Templates/album.mustache:1:4: error: unclosed tag: expected '}}}'"),
        ("x {{=<% %>=}} <%name", "Templates/album.mustache:1:15: error: unclosed tag: expected '%>'"),
        ("a {{ }} b", "Templates/album.mustache:1:3: error: empty tag: expected a name"),
        ("{{#}}{{/}}", "Templates/album.mustache:1:1: error: empty tag: expected a name"),
        (
            "{{photo title}}",
            "Templates/album.mustache:1:1: error: invalid tag name 'photo title': names cannot contain spaces"
        ),
        ("{{a..b}}", "Templates/album.mustache:1:1: error: invalid name 'a..b': empty part in a dotted name"),
        (
            "{{=<%>=}}",
            "Templates/album.mustache:1:1: error: invalid set-delimiter tag: expected '{{=<open> <close>=}}'"
        ),
        (
            "é{{=a=b =}}",
            "Templates/album.mustache:1:2: error: invalid set-delimiter tag: expected '{{=<open> <close>=}}'"
        ),
    ])
    func parseErrorsNameFileLineAndColumn(source: String, expected: String) {
        #expect(parseError(source) == expected)
    }

    @Test func errorCarriesStructuredLocation() throws {
        let error = try #require(
            throws: TemplateError.self,
            performing: { try MustacheTemplate(source: "\n\n   {{#photos}}", name: "templates/x.mustache") })
        #expect(error.location == SourceLocation(file: "templates/x.mustache", line: 3, column: 4))
        #expect(error.message == "unclosed section 'photos' opened here")
        #expect(error.severity == .error)
    }

    @Test func endlessPartialRecursionIsAnErrorNotACrash() throws {
        let loop = try MustacheTemplate(source: "x\n {{>loop}}", name: "Templates/loop.mustache")
        let error = try #require(
            throws: TemplateError.self, performing: { try loop.render([:], partials: ["loop": loop]) })
        #expect(
            error.description
                == "Templates/loop.mustache:2:2: error: partial 'loop' nested more than 200 levels deep: endless recursion?"
        )
    }

    @Test func missingPartialRendersEmptyOutsideALibrary() throws {
        let template = try MustacheTemplate(source: "[{{>nope}}][{{<gone}}{{/gone}}]", name: "t")
        #expect(try template.render([:], partials: [:]) == "[][]")
    }
}
