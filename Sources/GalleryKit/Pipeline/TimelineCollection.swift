import Foundation

/// Puts the photos of listed, public albums on the timeline (`timeline: true`): each under
/// the year and month of its EXIF date, else of its album's date (the nearest album up that
/// has one); a photo with neither is on no timeline page. Within a period, photos are oldest
/// first, photos taken at the same moment in site order. Dates are read as written (UTC
/// calendar, as everywhere in galleryc).
///
/// A content folder or page already at `timeline/` keeps that URL: no timeline, and a warning.
enum TimelineCollection {
    static func collect(
        _ site: Site, derivatives: [String: PhotoDerivatives], diagnostics: DiagnosticCollector
    ) -> TimelineIndex {
        guard site.config.timeline else { return TimelineIndex() }
        var dated: [(date: Date, order: Int, photo: PhotoSource)] = []
        func walk(_ album: Album, inherited: Date?) {
            let albumDate = album.date ?? inherited
            if !album.unlisted, album.isPublic {
                for photo in album.photos {
                    guard let made = derivatives[photo.sourcePath], !made.renditions.isEmpty,
                        let date = made.exif.dateTaken ?? albumDate
                    else { continue }
                    dated.append((date, dated.count, photo))
                }
            }
            for child in album.albums where !child.unlisted { walk(child, inherited: albumDate) }
        }
        walk(site.root, inherited: nil)
        guard !dated.isEmpty else { return TimelineIndex() }
        let taken = site.contentPath(under: TimelineIndex.urlPath)
        if let taken {
            diagnostics.emit(
                .warning, SourceLocation(file: site.config.sourcePath ?? "."),
                "timeline: true, but /\(taken) is already a page or album of the site, so no timeline "
                    + "is written (rename it, or set `timeline: false` in site.yml)")
            return TimelineIndex()
        }
        dated.sort { ($0.date, $0.order) < ($1.date, $1.order) }
        var byYear: [Int: [PhotoSource]] = [:]
        var byMonth: [Int: [Int: [PhotoSource]]] = [:]
        for (date, _, photo) in dated {
            let (year, month) = DisplayFormat.yearAndMonth(date)
            byYear[year, default: []].append(photo)
            byMonth[year, default: [:]][month, default: []].append(photo)
        }
        let years = byYear.keys.sorted(by: >).map { year in
            TimelinePeriod(year: year, month: nil, title: String(year), photos: byYear[year] ?? [])
        }
        var monthsOfYear: [Int: [TimelinePeriod]] = [:]
        for (year, months) in byMonth {
            monthsOfYear[year] = months.keys.sorted().map { month in
                TimelinePeriod(
                    year: year, month: month, title: "\(DisplayFormat.monthName(month)) \(year)",
                    photos: months[month] ?? [])
            }
        }
        return TimelineIndex(years: years, monthsOfYear: monthsOfYear)
    }
}
