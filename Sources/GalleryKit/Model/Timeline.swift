/// A year or a month of the timeline (`timeline/2023/`, `timeline/2023/04/`) and the photos
/// taken then, oldest first.
struct TimelinePeriod: Sendable, Hashable {
    var year: Int
    /// 1-12; nil for the whole year.
    var month: Int?
    /// `2023`, `April 2023`.
    var title: String
    var photos: [PhotoSource]

    /// `timeline/2023/` or `timeline/2023/04/`.
    var urlPath: String {
        let yearPath = TimelineIndex.urlPath + String(year) + "/"
        guard let month else { return yearPath }
        return yearPath + (month < 10 ? "0" : "") + String(month) + "/"
    }

    /// The period drawn as an album, so that its page is an album page (justified rows, split
    /// by `page_size`). Its source path starts with a dot, which no content folder can have.
    var album: Album {
        Album(sourcePath: "." + urlPath.dropLast(), urlPath: urlPath, title: title, photos: photos)
    }
}

/// The timeline (`timeline: true`): every photo of the listed public albums by the month it
/// was taken; empty when off or when no photo has a date.
struct TimelineIndex: Sendable, Hashable {
    /// Where the list of years and months is published.
    static let urlPath = "timeline/"

    /// Newest year first.
    var years: [TimelinePeriod] = []
    /// The months of each year, by year, oldest month first.
    var monthsOfYear: [Int: [TimelinePeriod]] = [:]

    init(years: [TimelinePeriod] = [], monthsOfYear: [Int: [TimelinePeriod]] = [:]) {
        self.years = years
        self.monthsOfYear = monthsOfYear
    }

    var isEmpty: Bool { years.isEmpty }

    /// Every year and month, the years first.
    var periods: [TimelinePeriod] {
        years + years.flatMap { monthsOfYear[$0.year] ?? [] }
    }

    /// The page that lists the years and months, drawn as an album.
    static var rootAlbum: Album { Album(sourcePath: ".timeline", urlPath: urlPath, title: "Timeline") }
}
