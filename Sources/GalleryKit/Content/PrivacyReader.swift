/// Reads site.yml's `privacy:` mapping: `exif:` (a list of ``ExifGroup`` names, `[]` or `none`
/// for no EXIF at all), `publish_originals:` and `hide_places_within:`.
enum PrivacyReader {
    static let keys = ["exif", "publish_originals", "hide_places_within"]
    static let circleKeys = ["lat", "lon", "km"]

    /// `hide_places_within: [{lat: 45.9, lon: 6.87, km: 2}]`: photos taken in these circles get
    /// no place name. A circle missing a value is an error, and then the one circle returned
    /// covers the Earth: with `--keep-going`, no photo is named rather than the photographer's
    /// home.
    static func hiddenPlaces(_ fields: FieldReader, reporter: IssueReporter) -> [PlaceExclusion]? {
        guard let node = fields.node("hide_places_within") else { return nil }
        let expected = "a list of circles like {lat: 45.92, lon: 6.87, km: 2}"
        let items: [YAMLNode]
        switch node.value {
        case .sequence(let nodes): items = nodes
        case .mapping: items = [node]
        case .scalar:
            reporter.report(
                .wrongType(key: "privacy.hide_places_within", expected: expected, found: node.summary),
                at: node)
            return nil
        }
        var circles: [PlaceExclusion] = []
        for item in items {
            let circle = FieldReader(
                item, knownKeys: circleKeys, reporter: reporter, prefix: "privacy.hide_places_within.",
                frontMatter: false)
            guard let latitude = circle.double("lat", in: -90...90),
                let longitude = circle.double("lon", in: -180...180),
                let kilometres = circle.double("km", in: 0...20_000)
            else {
                reporter.report(.incompleteHiddenPlace, at: item)
                return [PlaceExclusion(latitude: 0, longitude: 0, kilometres: .infinity)]
            }
            circles.append(PlaceExclusion(latitude: latitude, longitude: longitude, kilometres: kilometres))
        }
        return circles
    }

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
