import Testing

@testable import GalleryKit

/// The official Mustache spec, every case of every module we claim (required modules plus
/// `~inheritance` and `~dynamic-names`).
@Suite struct MustacheSpecTests {
    @Test func everySpecFileIsLoaded() throws {
        for file in MustacheSpecCase.files {
            #expect(try !MustacheSpecCase.load(file).isEmpty, "\(file).json")
        }
        // 12 + 14 + 42 + 22 + 12 + 34 + 27 + 21 cases in the spec version we ship.
        #expect(MustacheSpecCase.all.count == 184)
    }

    @Test(arguments: MustacheSpecCase.all)
    func specCase(_ spec: MustacheSpecCase) throws {
        let template = try MustacheTemplate(source: spec.template, name: "template")
        var partials: [String: MustacheTemplate] = [:]
        for (name, source) in spec.partials ?? [:] {
            partials[name] = try MustacheTemplate(source: source, name: name)
        }
        let output = try template.render(spec.data, partials: partials)
        #expect(output == spec.expected)
    }
}
