import Foundation

/// An album page's photos as the layout places them.
struct PhotoList {
    var cards: [TemplateValue]
    /// The justified rows, when the photos are in rows.
    var layout: JustifiedLayout?
}

extension ContextBuilder {
    /// The photo cards of a list at the flow's current place, then the flow moved below it:
    /// justified tiles (`.natural` frames sized by their row) or uniform grid tiles (3:2 crops).
    /// Each image's `sizes` is the width its layout gives it; the ones in the first viewport
    /// load eagerly (those that may be the page's largest paint with high priority, see
    /// ``LoadingOrder``). A photo without a title is named by its place in the album:
    /// `firstPosition` is the first one's (from 1), `total` the album's count (a page of a
    /// paginated album holds a slice of it).
    func photoList(
        _ photos: [ProcessedPhoto], justified: Bool, flow: inout PageFlow, order: inout LoadingOrder,
        styles: inout PageStyles, firstPosition: Int = 1, total: Int? = nil
    ) -> PhotoList {
        let total = total ?? photos.count
        guard !photos.isEmpty else { return PhotoList(cards: [], layout: nil) }
        let sizes = ImageSizes(geometry: flow.geometry)
        if justified {
            let layout = JustifiedLayout(
                aspects: photos.map(\.aspectRatio), rowHeight: site.config.layouts.rowHeight,
                geometry: flow.geometry)
            styles.layout = layout.css(list: ".gk-justified")
            let tiles = PageFlow.screens.map { layout.tiles(column: flow.column($0), gap: flow.gap($0)) }
            let current = flow
            let cards = photos.enumerated().map { index, photo in
                let tile = { (screen: PageFlow.Screen) in
                    tiles[PageFlow.screens.firstIndex(of: screen) ?? 0][index]
                }
                let top = { (screen: PageFlow.Screen) in tile(screen).y }
                let area = current.areaInFirstViewport { screen in
                    let box = tile(screen)
                    return (box.y, box.width, box.height)
                }
                let card = photoCard(
                    photo, position: firstPosition + index, of: total, frame: .natural,
                    sizes: sizes.justifiedTile(layout, index: index),
                    loading: order.next(areaInFirstViewport: area), styles: &styles)
                // Far below the fold, the browser may skip a tile's rendering until it nears the
                // screen (`.gk-far`: content-visibility, its size from its aspect ratio).
                guard current.isFarBelow(top, screens: Self.farScreens), case .dictionary(var far) = card
                else {
                    return card
                }
                far["far"] = .bool(true)
                return .dictionary(far)
            }
            flow.advance {
                current.column($0) > 0 ? layout.height(column: current.column($0), gap: current.gap($0)) : 0
            }
            return PhotoList(cards: cards, layout: layout)
        }
        let extra = photos.contains { PhotoText($0).hasExplicitTitle } ? Self.photoCardText : 0
        let tops = PageFlow.screens.map {
            flow.gridTops(.photos, count: photos.count, extra: extra, $0)
        }
        let current = flow
        let cards = photos.enumerated().map { index, photo in
            let visible = current.isInFirstViewport { screen in
                tops[PageFlow.screens.firstIndex(of: screen) ?? 0][index]
            }
            return photoCard(
                photo, position: firstPosition + index, of: total, frame: .cover,
                sizes: sizes.gridTile(.photos, count: photos.count, photoAspect: photo.aspectRatio),
                loading: order.next(inFirstViewport: visible), styles: &styles)
        }
        flow.advance { current.gridHeight(.photos, count: photos.count, extra: extra, $0) }
        return PhotoList(cards: cards, layout: nil)
    }

    /// Justified tiles more than this many screens below the first, on every screen the
    /// first viewport is computed for, are `.gk-far`.
    static let farScreens = 2.0

    /// The height of a grid tile's title line under its photo.
    static let photoCardText = 34.0

    /// The space a section heading (`<h2>` and its margins) takes between two lists.
    static let sectionHeading = 90.0

    /// The number of characters of text in `html` (tags left out), for estimating its height.
    static func textLength(_ html: String) -> Int {
        var count = 0
        var inTag = false
        for character in html {
            if character == "<" {
                inTag = true
            } else if character == ">" {
                inTag = false
            } else if !inTag {
                count += 1
            }
        }
        return count
    }
}
