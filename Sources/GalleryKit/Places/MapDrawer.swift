import Foundation

/// A place on a map: where it is marked, what it is called, how many photos were taken there
/// and its page.
struct MapMarker: Sendable, Hashable {
    var point: MapPoint
    var title: String
    var count: Int
    /// Site-relative link to the place's page; nil marks it without a link.
    var href: String?
}

/// What a map shows, and where a point lands on it: an equirectangular projection whose
/// east-west scale is true at the frame's middle latitude, framed on the markers with a
/// margin (at least ``minimumSpan`` degrees of latitude, so one town shows its valley),
/// fitted to ``width`` x ``height``. Longitudes are unwrapped around the markers' middle, so
/// places on both sides of the antimeridian sit side by side.
struct MapFrame: Sendable, Hashable {
    static let width = 800.0
    static let height = 500.0
    /// Degrees of latitude a map shows at least.
    static let minimumSpan = 1.5

    /// The middle of the frame, in degrees (`longitude` unwrapped).
    var latitude: Double
    var longitude: Double
    /// Map units per degree of latitude; per degree of longitude it is this times `stretch`.
    var scale: Double
    /// cos(latitude): the east-west scale.
    var stretch: Double

    /// The frame of `points` (not empty).
    init(points: [MapPoint]) {
        var mean = MapPoint.Mean()
        for point in points { mean.add(point) }
        let reference = mean.point.longitude
        let longitudes = points.map { Self.unwrap($0.longitude, around: reference) }
        let latitudes = points.map(\.latitude)
        var (south, north) = (latitudes.min() ?? 0, latitudes.max() ?? 0)
        var (west, east) = (longitudes.min() ?? 0, longitudes.max() ?? 0)
        let padding = max(
            (north - south) * 0.25, (east - west) * 0.25 * cos(mean.point.latitude * .pi / 180), 0)
        south = max(-85, south - padding)
        north = min(85, north + padding)
        west -= padding
        east += padding
        if north - south < Self.minimumSpan {
            let middle = (north + south) / 2
            (south, north) = (middle - Self.minimumSpan / 2, middle + Self.minimumSpan / 2)
        }
        latitude = (north + south) / 2
        longitude = (west + east) / 2
        stretch = max(0.2, cos(latitude * .pi / 180))
        let spanX = max((east - west) * stretch, 1e-9)
        let spanY = max(north - south, 1e-9)
        // Never wider than the world.
        scale = max(min(Self.width / spanX, Self.height / spanY), Self.width / (360 * stretch))
    }

    /// Where `point` lands, in map units from the top-left corner.
    func project(_ point: MapPoint) -> (x: Double, y: Double) {
        project(longitude: Self.unwrap(point.longitude, around: longitude), latitude: point.latitude)
    }

    func project(longitude: Double, latitude: Double) -> (x: Double, y: Double) {
        (
            Self.width / 2 + (longitude - self.longitude) * stretch * scale,
            Self.height / 2 - (latitude - self.latitude) * scale
        )
    }

    /// The longitudes the frame shows, unwrapped.
    var west: Double { longitude - Self.width / 2 / (stretch * scale) }
    var east: Double { longitude + Self.width / 2 / (stretch * scale) }
    var south: Double { latitude - Self.height / 2 / scale }
    var north: Double { latitude + Self.height / 2 / scale }

    static func unwrap(_ longitude: Double, around reference: Double) -> Double {
        var value = longitude
        while value - reference > 180 { value -= 360 }
        while value - reference < -180 { value += 360 }
        return value
    }
}

/// Draws a map as inline SVG at build time: no tiles, no script, no request to anyone. The
/// outlines come from the ``MapAtlas`` level whose tolerance a map unit can show, clipped to
/// the frame (a little beyond it, so no cut edge shows); one marker per place, its area
/// growing with the number of photos, each a link with a `<title>`. Colours are the theme's
/// (`.gk-map-*` classes in galleryc.css, light and dark), so no `style` attribute is needed
/// under a strict Content-Security-Policy.
struct MapDrawer: Sendable {
    let atlas: MapAtlas

    /// The map of `markers` (none drawn without markers), labelled `label`; `id` makes its
    /// title's id unique in the page.
    func svg(markers: [MapMarker], label: String, id: String) -> String? {
        guard !markers.isEmpty else { return nil }
        let frame = MapFrame(points: markers.map(\.point))
        let perUnit = 1 / frame.scale
        var chosen = atlas.levels.firstIndex { $0.tolerance <= perUnit } ?? atlas.levels.count - 1
        // A frame full of coast (the Aegean, Norway) drawn at its level could outgrow a phone's
        // budget: then the next coarser level draws it.
        while true {
            let drawn = draw(
                markers: markers, label: label, id: id, frame: frame, level: atlas.levels[chosen])
            if drawn.utf8.count <= Self.largest || chosen == 0 { return drawn }
            chosen -= 1
        }
    }

    /// The most bytes of SVG a map may have before it is drawn coarser: about 60 KB gzipped
    /// (path data compresses about 3:1).
    static let largest = 170_000

    private func draw(markers: [MapMarker], label: String, id: String, frame: MapFrame, level: MapAtlas.Level)
        -> String
    {
        var out = "<svg class=\"gk-map\" viewBox=\"0 0 \(Int(MapFrame.width)) \(Int(MapFrame.height))\" "
        out += "aria-labelledby=\"\(id)-title\"><title id=\"\(id)-title\">\(Self.escape(label))</title>"
        out += "<g aria-hidden=\"true\"><rect class=\"gk-map-sea\" width=\"\(Int(MapFrame.width))\" "
        out += "height=\"\(Int(MapFrame.height))\"/>"
        for layer in [MapAtlas.Layer.land, .lakes, .regions, .countries] {
            let path = self.path(level.layers[layer] ?? [], rings: layer.isRings, frame: frame)
            guard !path.isEmpty else { continue }
            out += "<path class=\"gk-map-\(layer)\" d=\"\(path)\"/>"
        }
        out += "</g>"
        // Larger places first, so that a small one on top of a large one stays in reach.
        for marker in markers.sorted(by: { ($0.count, $1.title) > ($1.count, $0.title) }) {
            let (x, y) = frame.project(marker.point)
            let radius = min(18, 5 + 2.5 * Double(marker.count).squareRoot())
            let title =
                "<title>\(Self.escape(marker.title)), \(marker.count == 1 ? "1 photo" : "\(marker.count) photos")</title>"
            let circle =
                "<circle class=\"gk-map-marker\" cx=\"\(Self.number(x))\" cy=\"\(Self.number(y))\" r=\"\(Self.number(radius))\"/>"
            if let href = marker.href {
                out += "<a href=\"\(Self.escape(href))\">\(title)\(circle)</a>"
            } else {
                out += "<g>\(title)\(circle)</g>"
            }
        }
        return out + "</svg>"
    }

    /// The SVG path of the groups the frame shows, shifted by a turn where the frame crosses
    /// the antimeridian.
    private func path(_ groups: [MapAtlas.Group], rings: Bool, frame: MapFrame) -> String {
        let margin = 8.0
        let clip = (
            minX: -margin, minY: -margin, maxX: MapFrame.width + margin, maxY: MapFrame.height + margin
        )
        var out = ""
        for shift in [-360.0, 0, 360] {
            let (west, east) = (frame.west - shift, frame.east - shift)
            for group in groups
            where Double(group.east) * MapAtlas.unit >= west && Double(group.west) * MapAtlas.unit <= east
                && Double(group.north) * MapAtlas.unit >= frame.south
                && Double(group.south) * MapAtlas.unit <= frame.north
            {
                for part in group.parts where Self.overlaps(part, shift: shift, frame: frame) {
                    var points: [(Double, Double)] = []
                    points.reserveCapacity(part.count / 2)
                    var index = 0
                    while index + 1 < part.count {
                        points.append(
                            frame.project(
                                longitude: Double(part[index]) * MapAtlas.unit + shift,
                                latitude: Double(part[index + 1]) * MapAtlas.unit))
                        index += 2
                    }
                    if rings {
                        let clipped = Self.clipRing(points, to: clip)
                        if clipped.count >= 3 { out += Self.subpath(clipped, closed: true) }
                    } else {
                        for line in Self.clipLine(points, to: clip) where line.count >= 2 {
                            out += Self.subpath(line, closed: false)
                        }
                    }
                }
            }
        }
        return out
    }

    /// Whether any of the part is in the frame: a part wholly outside would clip to a sliver
    /// along the frame's edge.
    private static func overlaps(_ part: [Int32], shift: Double, frame: MapFrame) -> Bool {
        var (west, east, south, north) = (Int32.max, Int32.min, Int32.max, Int32.min)
        var index = 0
        while index + 1 < part.count {
            west = min(west, part[index])
            east = max(east, part[index])
            south = min(south, part[index + 1])
            north = max(north, part[index + 1])
            index += 2
        }
        return Double(east) * MapAtlas.unit + shift >= frame.west
            && Double(west) * MapAtlas.unit + shift <= frame.east
            && Double(north) * MapAtlas.unit >= frame.south && Double(south) * MapAtlas.unit <= frame.north
    }

    typealias Box = (minX: Double, minY: Double, maxX: Double, maxY: Double)

    /// Sutherland-Hodgman against the four sides of `box`.
    static func clipRing(_ ring: [(Double, Double)], to box: Box) -> [(Double, Double)] {
        var points = ring
        let sides: [((Double, Double)) -> Double] = [
            { $0.0 - box.minX }, { box.maxX - $0.0 }, { $0.1 - box.minY }, { box.maxY - $0.1 },
        ]
        for inside in sides {
            guard let last = points.last else { return [] }
            var result: [(Double, Double)] = []
            var previous = last
            for point in points {
                let (a, b) = (inside(previous), inside(point))
                if b >= 0 {
                    if a < 0 { result.append(cross(previous, point, a, b)) }
                    result.append(point)
                } else if a >= 0 {
                    result.append(cross(previous, point, a, b))
                }
                previous = point
            }
            points = result
        }
        return points
    }

    /// The pieces of a line inside `box` (Liang-Barsky on each segment).
    static func clipLine(_ line: [(Double, Double)], to box: Box) -> [[(Double, Double)]] {
        var pieces: [[(Double, Double)]] = []
        var current: [(Double, Double)] = []
        for index in 1..<max(1, line.count) {
            let (start, end) = (line[index - 1], line[index])
            guard let (from, to) = clipSegment(start, end, to: box) else {
                if current.count >= 2 { pieces.append(current) }
                current = []
                continue
            }
            if let last = current.last, last == from {
                current.append(to)
            } else {
                if current.count >= 2 { pieces.append(current) }
                current = [from, to]
            }
            if to != end {
                pieces.append(current)
                current = []
            }
        }
        if current.count >= 2 { pieces.append(current) }
        return pieces
    }

    private static func clipSegment(_ a: (Double, Double), _ b: (Double, Double), to box: Box)
        -> ((Double, Double), (Double, Double))?
    {
        let (dx, dy) = (b.0 - a.0, b.1 - a.1)
        var (low, high) = (0.0, 1.0)
        for (p, q) in [
            (-dx, a.0 - box.minX), (dx, box.maxX - a.0), (-dy, a.1 - box.minY), (dy, box.maxY - a.1),
        ] {
            if p == 0 {
                if q < 0 { return nil }
                continue
            }
            let t = q / p
            if p < 0 { low = max(low, t) } else { high = min(high, t) }
            if low > high { return nil }
        }
        let from = low == 0 ? a : (a.0 + low * dx, a.1 + low * dy)
        let to = high == 1 ? b : (a.0 + high * dx, a.1 + high * dy)
        return (from, to)
    }

    private static func cross(_ a: (Double, Double), _ b: (Double, Double), _ da: Double, _ db: Double) -> (
        Double, Double
    ) {
        let t = da / (da - db)
        return (a.0 + t * (b.0 - a.0), a.1 + t * (b.1 - a.1))
    }

    /// `M12.3 4.5l...` with relative steps of a tenth of a unit; steps under half a unit are
    /// dropped (invisible, and they would only add bytes).
    private static func subpath(_ points: [(Double, Double)], closed: Bool) -> String {
        guard let first = points.first else { return "" }
        var x = (first.0 * 10).rounded()
        var y = (first.1 * 10).rounded()
        var out = "M\(tenths(x)) \(tenths(y))"
        var steps = 0
        for point in points.dropFirst() {
            let (nx, ny) = ((point.0 * 10).rounded(), (point.1 * 10).rounded())
            guard abs(nx - x) >= 5 || abs(ny - y) >= 5 else { continue }
            out += (steps == 0 ? "l" : " ") + tenths(nx - x) + " " + tenths(ny - y)
            (x, y) = (nx, ny)
            steps += 1
        }
        guard steps > 0 else { return "" }
        return out + (closed ? "z" : "")
    }

    /// `12.3`, `-4`, from a number of tenths.
    private static func tenths(_ value: Double) -> String {
        let whole = Int(value)
        let sign = whole < 0 ? "-" : ""
        let magnitude = abs(whole)
        return magnitude % 10 == 0 ? "\(sign)\(magnitude / 10)" : "\(sign)\(magnitude / 10).\(magnitude % 10)"
    }

    static func number(_ value: Double) -> String {
        tenths((value * 10).rounded())
    }

    static func escape(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(character)
            }
        }
        return out
    }
}
