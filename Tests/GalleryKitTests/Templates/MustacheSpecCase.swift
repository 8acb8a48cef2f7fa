import Foundation
import Testing

@testable import GalleryKit

/// One test of the official Mustache spec, read from Tests/Fixtures/mustache-spec.
struct MustacheSpecCase: Decodable, Sendable, CustomTestStringConvertible {
    var name: String
    var data: TemplateValue
    var template: String
    var partials: [String: String]?
    var expected: String
    /// `file: name`, set after decoding.
    var label = ""

    private enum CodingKeys: String, CodingKey {
        case name, data, template, partials, expected
    }

    var testDescription: String { label }

    /// The spec files this engine must pass, in full.
    static let files = [
        "comments", "delimiters", "interpolation", "inverted", "partials", "sections",
        "~inheritance", "~dynamic-names",
    ]

    static var fixtures: URL {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/mustache-spec")
    }

    /// Every case of every file; empty if the fixtures cannot be read (a separate test
    /// checks the count, so that cannot pass silently).
    static let all: [MustacheSpecCase] = files.flatMap { (try? load($0)) ?? [] }

    static func load(_ file: String) throws -> [MustacheSpecCase] {
        struct SpecFile: Decodable { var tests: [MustacheSpecCase] }
        let data = try Data(contentsOf: fixtures.appendingPathComponent("\(file).json"))
        var cases = try JSONDecoder().decode(SpecFile.self, from: data).tests
        var seen: [String: Int] = [:]
        for index in cases.indices {
            let count = seen[cases[index].name, default: 0] + 1
            seen[cases[index].name] = count
            let suffix = count > 1 ? " (\(count))" : ""
            cases[index].label = "\(file): \(cases[index].name)\(suffix)"
        }
        return cases
    }
}

extension TemplateValue: Decodable {
    /// Decodes JSON: integers stay integers, other numbers become doubles.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int.self) {
            self = .int(value)
        } else if let value = try? container.decode(Double.self) {
            self = .double(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([TemplateValue].self) {
            self = .array(value)
        } else {
            self = .dictionary(try container.decode([String: TemplateValue].self))
        }
    }
}
