/// Finds source GPS coordinates written out in text (HTML, XML, JSON, CSS, JavaScript).
///
/// The rule, chosen so that a real leak is caught and a coincidence practically never is:
/// - A *number* is a run of at most three digits (0-180) not preceded by a digit or `.`. It
///   counts when written in decimal with at least three decimals (`48.858`, `-2.2945`), or in
///   degrees-minutes-seconds form with seconds (`48°51'29.6"N`, `48° 51′ 29″`) or with
///   decimal minutes to two decimals (`48°51.49'`). HTML entities (`&deg;`, `&prime;`,
///   `&quot;`, `&#176;`, `&nbsp;`), JSON escapes (`\u00b0`, `\"`) and Unicode primes count.
/// - A decimal number matches a coordinate component when its integer part and first three
///   decimals equal the component's, truncated or rounded to three decimals (so both
///   `48.858` and `48.8584` match 48.85844); a DMS number matches within 0.0005°. Signs are
///   ignored, so `-2.294`, `2.294 W` and `2.294` all match longitude -2.294.
/// - A leak is a latitude match and a longitude match of the same coordinate, in two
///   different numbers at most ``window`` bytes apart, in either order (GeoJSON writes
///   longitude first).
///
/// Why false positives stay unlikely: integers (`1600`, `width="960"`) never match; a lone
/// `0.123` never matches, because both halves of one coordinate must appear close together,
/// each to the thousandth of a degree (about one chance in a million per nearby pair of
/// three-decimal numbers). Coordinates within 0.0005° of (0, 0), which cameras without a fix
/// write, are not searched in text: CSS is full of `0.000`. Neither are impossible ones
/// (NaN, beyond ±90/±180).
struct CoordinateTextMatcher: Sendable {
    /// How far apart, in bytes, the latitude and longitude may be.
    static let window = 200

    private let coordinates: [GPSCoordinate]
    private let latitudeKeys: [Int: [Int]]
    private let longitudeKeys: [Int: [Int]]

    init(coordinates: [GPSCoordinate]) {
        let searched = Array(
            Set(
                coordinates.filter {
                    abs($0.latitude) <= 90 && abs($0.longitude) <= 180
                        && (abs($0.latitude) >= 0.0005 || abs($0.longitude) >= 0.0005)
                })
        ).sorted { ($0.source, $0.latitude, $0.longitude) < ($1.source, $1.latitude, $1.longitude) }
        var latitudeKeys: [Int: [Int]] = [:]
        var longitudeKeys: [Int: [Int]] = [:]
        for (index, coordinate) in searched.enumerated() {
            for key in Self.keys(coordinate.latitude) { latitudeKeys[key, default: []].append(index) }
            for key in Self.keys(coordinate.longitude) { longitudeKeys[key, default: []].append(index) }
        }
        self.coordinates = searched
        self.latitudeKeys = latitudeKeys
        self.longitudeKeys = longitudeKeys
    }

    /// The first source coordinate whose latitude and longitude both appear in `bytes`.
    func firstMatch(in bytes: [UInt8]) -> GPSCoordinate? {
        guard !coordinates.isEmpty else { return nil }
        var latitudeHits: [Int: [Int]] = [:]
        var longitudeHits: [Int: [Int]] = [:]
        var found: Int?
        NumberTokenizer.scan(bytes) { position, token in
            for (index, isLatitude) in candidates(for: token) {
                if isLatitude {
                    latitudeHits[index, default: []].append(position)
                } else {
                    longitudeHits[index, default: []].append(position)
                }
                let others = (isLatitude ? longitudeHits[index] : latitudeHits[index]) ?? []
                for other in others.reversed() {
                    if position - other > Self.window { break }
                    if other != position {
                        found = index
                        return true
                    }
                }
            }
            return false
        }
        return found.map { coordinates[$0] }
    }

    /// (coordinate index, is latitude) for every component the token matches.
    private func candidates(for token: NumberTokenizer.Token) -> [(Int, Bool)] {
        var result: [(Int, Bool)] = []
        switch token {
        case .decimal(let milli):
            for index in latitudeKeys[milli] ?? [] { result.append((index, true)) }
            for index in longitudeKeys[milli] ?? [] { result.append((index, false)) }
        case .angle(let value):
            let base = Int((value * 1000).rounded(.down))
            var seen = Set<Int>()
            for key in (base - 1)...(base + 1) {
                for index in latitudeKeys[key] ?? []
                where abs(abs(coordinates[index].latitude) - value) <= 0.0005
                    && seen.insert(2 * index).inserted
                {
                    result.append((index, true))
                }
                for index in longitudeKeys[key] ?? []
                where abs(abs(coordinates[index].longitude) - value) <= 0.0005
                    && seen.insert(2 * index + 1).inserted
                {
                    result.append((index, false))
                }
            }
        }
        return result
    }

    /// Thousandths of a degree of `|component|`, truncated and rounded.
    private static func keys(_ component: Double) -> Set<Int> {
        let scaled = abs(component) * 1000
        return [Int((scaled + 1e-7).rounded(.down)), Int(scaled.rounded())]
    }
}
