/// Reads site.yml's `privacy:` mapping: `exif:` (a list of ``ExifGroup`` names, `[]` or `none`
/// for no EXIF at all) and `publish_originals:`.
enum PrivacyReader {
    static let keys = ["exif", "publish_originals"]

    static func read(_ fields: FieldReader, into settings: inout PrivacySettings, reporter: IssueReporter) {
        if let value = fields.bool("publish_originals") { settings.publishOriginals = value }
        guard let node = fields.node("exif") else { return }
        let items: [YAMLNode]
        switch node.value {
        case .scalar(let text, _) where text.lowercased() == "none":
            settings.exif = []
            return
        case .scalar: items = [node]
        case .sequence(let nodes): items = nodes
        case .mapping:
            reporter.report(
                .wrongType(key: "privacy.exif", expected: expected, found: node.summary), at: node)
            return
        }
        var groups = Set<ExifGroup>()
        for item in items {
            guard let word = item.scalar?.lowercased() else {
                reporter.report(
                    .wrongType(key: "privacy.exif", expected: expected, found: item.summary), at: item)
                return
            }
            if let reason = ExifGroup.refused[word] {
                reporter.report(.refusedMetadata(word, reason: reason), at: item)
            } else if let group = ExifGroup(rawValue: word) {
                groups.insert(group)
            } else {
                reporter.report(
                    .wrongType(key: "privacy.exif", expected: expected, found: item.summary), at: item)
                return
            }
        }
        settings.exif = groups
    }

    private static var expected: String {
        "a list of " + FieldReader.oneOf(ExifGroup.allCases.map(\.rawValue)) + ", or none"
    }
}
