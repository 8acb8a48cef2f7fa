extension ContextBuilder {
    /// The timeline's list (`timeline/`): `timelineList` (`title`, `count`), `years`, newest
    /// first, each with `name`, `href`, `count` and `months` (`name`, `href`, `count`), and
    /// `hasYears`.
    func timelinePage() -> PageRender {
        let root = TimelineIndex.rootAlbum
        var context = chrome(urlPath: root.urlPath, title: root.title, trail: [(site.config.title, "")])
        let years: [TemplateValue] = timeline.years.map { year in
            let months: [TemplateValue] = (timeline.monthsOfYear[year.year] ?? []).map { month in
                .dictionary([
                    "name": .string(DisplayFormat.monthName(month.month ?? 1)),
                    "href": .string(links.href(month.urlPath)),
                    "count": .string(DisplayFormat.count(month.photos.count, "photo")),
                ])
            }
            return .dictionary([
                "name": .string(year.title), "href": .string(links.href(year.urlPath)),
                "count": .string(DisplayFormat.count(year.photos.count, "photo")), "months": .array(months),
            ])
        }
        let total = timeline.years.reduce(0) { $0 + $1.photos.count }
        context["timelineList"] = .dictionary([
            "title": .string(root.title), "count": .string(DisplayFormat.count(total, "photo")),
        ])
        context["years"] = .array(years)
        context["hasYears"] = .bool(!years.isEmpty)
        return finish(context, styles: PageStyles(), album: nil)
    }
}
