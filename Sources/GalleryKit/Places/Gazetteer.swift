import Foundation

/// galleryc's offline list of the world's populated places: GeoNames' cities of 1,000 people or
/// more, with their first-level region and country (CC BY 4.0), made into `Geodata/places.bin`
/// by `Geodata/make-places.py`, which documents the format. Nothing is looked up online.
///
/// The places sit in a grid of 1° cells, so the nearest place to a position is found among a
/// few cells, across the antimeridian and near the poles too. Loading 155,000 places takes a
/// few milliseconds; a lookup, a few microseconds.
///
/// Each place has a reach that grows with its population (√population / 250 km, 1 to 25.5
/// km): a city is more than its point. ``nearest(latitude:longitude:within:byReach:)`` can
/// measure distances in reaches, so that a photo at the Eiffel Tower (4 km from Paris's point,
/// 3.5 km from Neuilly's) is in Paris, and one in Neuilly's centre is still in Neuilly.
struct Gazetteer: Sendable {
    /// The file is not a gazetteer of this version, or is cut short.
    typealias Damaged = GeodataDamaged

    /// A place found near a position.
    struct Match: Sendable, Hashable {
        var name: String
        /// The first-level region (`Auvergne-Rhône-Alpes`); empty when GeoNames has none.
        var region: String
        var country: String
        /// ISO 3166-1 alpha-2 (`FR`).
        var countryCode: String
        /// Great-circle distance from the position.
        var kilometres: Double
        /// Where a map marks the town (a quarter of a city: the city), its region and its
        /// country: public points of GeoNames, never the position that was looked up. A
        /// region's and a country's are the middle of their towns.
        var town: MapPoint
        var regionCentre: MapPoint
        var countryCentre: MapPoint
    }

    /// Mean Earth radius (IUGG), in kilometres.
    static let earthRadius = 6371.0088
    /// Kilometres along a meridian per degree of latitude.
    static let kilometresPerDegree = earthRadius * Double.pi / 180

    private static let rows = 180
    private static let columns = 360

    private let bytes: [UInt8]
    private let countryCodes: [String]
    private let countryNames: [String]
    private let regionCountries: [Int]
    private let regionNames: [String]
    /// Where each name's length byte is in `bytes`.
    private let nameOffsets: [Int]
    private let latitudes: [Int32]
    private let longitudes: [Int32]
    private let regionOfPlace: [UInt16]
    private let nameOfPlace: [UInt32]
    /// Each place's reach, in tenths of a kilometre.
    private let reachOfPlace: [UInt8]
    /// The city each quarter is named after, by the quarter's index.
    private let cityOfSection: [Int32: Int32]
    private let regionCentres: [MapPoint]
    private let countryCentres: [MapPoint]
    /// The places of cell `c` are `cellPlaces[cellStart[c]..<cellStart[c + 1]]`.
    private let cellStart: [Int32]
    private let cellPlaces: [Int32]

    /// How many places it holds.
    var count: Int { latitudes.count }

    /// Reads a `places.bin`.
    init(bytes: [UInt8]) throws(Damaged) {
        var reader = GeodataReader(bytes: bytes)
        try reader.expect(magic: "GKPL", version: 2, what: "gazetteer")
        var codes: [String] = []
        var countries: [String] = []
        for _ in 0..<(try reader.count()) {
            codes.append(String(decoding: try reader.take(2), as: UTF8.self))
            countries.append(try reader.text())
        }
        var regionCountries: [Int] = []
        var regionNames: [String] = []
        for _ in 0..<(try reader.count()) {
            let country = Int(try reader.u16())
            guard country < codes.count else { throw Damaged(reason: "a region of no country") }
            regionCountries.append(country)
            regionNames.append(try reader.text())
        }
        var nameOffsets: [Int] = []
        let nameCount = try reader.count()
        nameOffsets.reserveCapacity(nameCount)
        for _ in 0..<nameCount {
            nameOffsets.append(reader.offset)
            try reader.skipText()
        }
        let placeCount = try reader.count()
        guard reader.remaining >= placeCount * 15 + 4 else {
            throw Damaged(reason: "the places are cut short")
        }
        var latitudes = [Int32](repeating: 0, count: placeCount)
        var longitudes = [Int32](repeating: 0, count: placeCount)
        var regionOfPlace = [UInt16](repeating: 0, count: placeCount)
        var nameOfPlace = [UInt32](repeating: 0, count: placeCount)
        var reachOfPlace = [UInt8](repeating: 10, count: placeCount)
        var cellOfPlace = [Int32](repeating: 0, count: placeCount)
        var cellCounts = [Int32](repeating: 0, count: Self.rows * Self.columns + 1)
        var regionSums = [MapPoint.Mean](repeating: MapPoint.Mean(), count: regionNames.count)
        var countrySums = [MapPoint.Mean](repeating: MapPoint.Mean(), count: codes.count)
        for index in 0..<placeCount {
            let latitude = try reader.i32()
            let longitude = try reader.i32()
            let region = try reader.u16()
            let name = try reader.u32()
            let reach = try reader.byte()
            guard abs(latitude) <= 9_000_000, abs(longitude) <= 18_000_000, Int(region) < regionNames.count,
                Int(name) < nameCount
            else { throw Damaged(reason: "place \(index) is out of range") }
            latitudes[index] = latitude
            longitudes[index] = longitude
            regionOfPlace[index] = region
            nameOfPlace[index] = name
            reachOfPlace[index] = max(10, reach)
            let point = MapPoint(latitude: Double(latitude) / 1e5, longitude: Double(longitude) / 1e5)
            regionSums[Int(region)].add(point)
            countrySums[regionCountries[Int(region)]].add(point)
            let cell = Self.cell(latitude: point.latitude, longitude: point.longitude)
            cellOfPlace[index] = Int32(cell)
            cellCounts[cell + 1] += 1
        }
        let sectionCount = try reader.count()
        guard reader.remaining == sectionCount * 8 else {
            throw Damaged(reason: "the sections are cut short")
        }
        var cityOfSection: [Int32: Int32] = [:]
        for _ in 0..<sectionCount {
            let (section, city) = (try reader.u32(), try reader.u32())
            guard Int(section) < placeCount, Int(city) < placeCount else {
                throw Damaged(reason: "a section of no place")
            }
            cityOfSection[Int32(section)] = Int32(city)
        }
        for cell in 0..<(Self.rows * Self.columns) { cellCounts[cell + 1] += cellCounts[cell] }
        var next = cellCounts
        var cellPlaces = [Int32](repeating: 0, count: placeCount)
        for index in 0..<placeCount {
            let cell = Int(cellOfPlace[index])
            cellPlaces[Int(next[cell])] = Int32(index)
            next[cell] += 1
        }
        self.bytes = bytes
        self.countryCodes = codes
        self.countryNames = countries
        self.regionCountries = regionCountries
        self.regionNames = regionNames
        self.nameOffsets = nameOffsets
        self.latitudes = latitudes
        self.longitudes = longitudes
        self.regionOfPlace = regionOfPlace
        self.nameOfPlace = nameOfPlace
        self.reachOfPlace = reachOfPlace
        self.cityOfSection = cityOfSection
        self.regionCentres = regionSums.map(\.point)
        self.countryCentres = countrySums.map(\.point)
        self.cellStart = cellCounts
        self.cellPlaces = cellPlaces
    }

    /// The place nearest to the position, if one is within `kilometres`; `byReach` measures
    /// each place's distance in its reaches (the place is still within `kilometres`).
    func nearest(latitude: Double, longitude: Double, within kilometres: Double, byReach: Bool = false)
        -> Match?
    {
        guard latitude.isFinite, longitude.isFinite, abs(latitude) <= 90, kilometres > 0 else { return nil }
        let longitude = Self.wrapped(longitude)
        let radius = kilometres / Self.kilometresPerDegree
        let south = max(-90, latitude - radius)
        let north = min(90, latitude + radius)
        var best: (index: Int, kilometres: Double, score: Double)?
        for row in Self.row(south)...Self.row(north) {
            // The widest longitude span a point of this row within the radius can have is set
            // by the row's latitude nearest a pole (or the position's own, if nearer).
            let rowSouth = max(Double(row) - 90, south)
            let rowNorth = min(Double(row) - 89, north)
            let poleward = max(abs(rowSouth), abs(rowNorth), abs(latitude))
            let cosine = cos(poleward * Double.pi / 180)
            let span = cosine > 1e-9 ? radius / cosine + 1 : 360
            let columns =
                span >= 180
                ? 0...(Self.columns - 1) : Self.column(longitude - span)...Self.column(longitude + span)
            for column in columns {
                let cell = row * Self.columns + ((column % Self.columns) + Self.columns) % Self.columns
                for slot in Int(cellStart[cell])..<Int(cellStart[cell + 1]) {
                    let index = Int(cellPlaces[slot])
                    let distance = Self.kilometres(
                        latitude, longitude, Double(latitudes[index]) / 1e5, Double(longitudes[index]) / 1e5)
                    let score = byReach ? distance / (Double(reachOfPlace[index]) / 10) : distance
                    if distance <= kilometres, score < best?.score ?? .infinity {
                        best = (index, distance, score)
                    }
                }
            }
        }
        guard let best else { return nil }
        let region = Int(regionOfPlace[best.index])
        let country = regionCountries[region]
        let town = Int(cityOfSection[Int32(best.index)] ?? Int32(best.index))
        return Match(
            name: name(Int(nameOfPlace[best.index])), region: regionNames[region],
            country: countryNames[country], countryCode: countryCodes[country], kilometres: best.kilometres,
            town: MapPoint(
                latitude: Double(latitudes[town]) / 1e5, longitude: Double(longitudes[town]) / 1e5),
            regionCentre: regionCentres[region], countryCentre: countryCentres[country])
    }

    /// Great-circle distance (haversine, on the mean sphere).
    static func kilometres(
        _ latitude1: Double, _ longitude1: Double, _ latitude2: Double, _ longitude2: Double
    )
        -> Double
    {
        let (phi1, phi2) = (latitude1 * Double.pi / 180, latitude2 * Double.pi / 180)
        let dPhi = phi2 - phi1
        let dLambda = (longitude2 - longitude1) * Double.pi / 180
        let h = sin(dPhi / 2) * sin(dPhi / 2) + cos(phi1) * cos(phi2) * sin(dLambda / 2) * sin(dLambda / 2)
        return 2 * earthRadius * asin(min(1, h.squareRoot()))
    }

    private func name(_ index: Int) -> String {
        let offset = nameOffsets[index]
        let length = Int(bytes[offset])
        return String(decoding: bytes[(offset + 1)..<(offset + 1 + length)], as: UTF8.self)
    }

    /// Longitude in [-180, 180).
    private static func wrapped(_ longitude: Double) -> Double {
        let shifted = (longitude + 180).truncatingRemainder(dividingBy: 360)
        return (shifted < 0 ? shifted + 360 : shifted) - 180
    }

    private static func row(_ latitude: Double) -> Int {
        min(rows - 1, max(0, Int((latitude + 90).rounded(.down))))
    }

    private static func column(_ longitude: Double) -> Int {
        Int((longitude + 180).rounded(.down))
    }

    private static func cell(latitude: Double, longitude: Double) -> Int {
        let column = ((self.column(wrapped(longitude)) % columns) + columns) % columns
        return row(latitude) * columns + column
    }
}
