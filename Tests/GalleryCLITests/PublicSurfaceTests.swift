import Foundation
import Testing

/// GalleryCLI and GalleryServe are public only where another target uses them (ARCHITECTURE.md,
/// Targets): `main.swift` calls `GalleryCommandLine.main()`, GalleryCLI starts the preview with
/// GalleryServe's session. Anything else made public is a failing test: tests reach the rest
/// with `@testable import`, and a public declaration nobody outside uses is surface for nothing.
@Suite struct PublicSurfaceTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources")

    static let allowed: [String: Set<String>] = [
        "GalleryCLI": [
            "GalleryCommandLine.swift: public enum GalleryCommandLine {",
            "GalleryCommandLine.swift: public static func main() async -> Int32 {",
        ],
        "GalleryServe": [
            "PreviewServerOptions.swift: public struct PreviewServerOptions: Sendable {",
            "PreviewServerOptions.swift: public init(",
            "ServeError.swift: public enum ServeError: Error, Sendable, Equatable, CustomStringConvertible {",
            "ServeError.swift: public var description: String {",
            "SiteState.swift: public enum SiteState: Sendable {",
            "PreviewSession.swift: public final class PreviewSession: Sendable {",
            "PreviewSession.swift: public typealias Build =",
            "PreviewSession.swift: public init(options: PreviewServerOptions, debounce: Duration = .milliseconds(30), build: @escaping Build)",
            "PreviewSession.swift: public func run(",
        ],
    ]

    @Test(arguments: ["GalleryCLI", "GalleryServe"])
    func onlyWhatAnotherTargetUsesIsPublic(target: String) throws {
        let folder = Self.sources.appendingPathComponent(target)
        var found: Set<String> = []
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path)
        where name.hasSuffix(".swift") {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            for line in text.split(separator: "\n") {
                let code = line.trimmingCharacters(in: .whitespaces)
                if code.hasPrefix("public ") || code.hasPrefix("open ")
                    || code.contains(" public ") && !code.hasPrefix("//")
                {
                    found.insert("\(name): \(code)")
                }
            }
        }
        let allowed = Self.allowed[target] ?? []
        #expect(found.subtracting(allowed).sorted() == [], "public without a user in another target")
        #expect(
            allowed.subtracting(found).sorted() == [], "listed here but no longer public: update the list")
    }
}
