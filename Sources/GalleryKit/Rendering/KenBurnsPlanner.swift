import Foundation

/// Where a Ken Burns image is shown. Each place has its own frame shape and a prefix in the
/// animation name, so one photo can move differently as a cover and in a story.
enum KenBurnsRole: String, Sendable, CaseIterable {
    /// An album cover on the home page (a 3:2 frame).
    case cover
    /// A slide of an album's hero slider (a 3:2 frame).
    case hero
    /// A full-screen photo of a `layout: story` album (assumed 16:10).
    case story

    var frameAspect: Double {
        switch self {
        case .cover, .hero: 3.0 / 2.0
        case .story: 16.0 / 10.0
        }
    }
}

/// Computes the Ken Burns plan of a photo in one place, with settings layered site < album <
/// photo (each level overrides only the keys it sets).
struct KenBurnsPlanner: Sendable {
    let siteSettings: KenBurnsSettings

    /// - Parameters:
    ///   - album: the album whose `kenburns:` applies (the covered album for a cover).
    func plan(_ photo: ProcessedPhoto, role: KenBurnsRole, album: Album) -> KenBurnsPlan {
        let settings = siteSettings.overridden(by: album.kenBurns).overridden(by: photo.source.kenBurns)
        return KenBurnsPlan(
            id: "\(role.rawValue)/\(photo.source.sourcePath)", photoWidth: photo.width,
            photoHeight: photo.height, frameAspect: role.frameAspect, focus: photo.focus,
            zoom: settings.zoom ?? 1.3, from: settings.from ?? .topLeading, to: settings.to,
            duration: settings.duration ?? 12, easing: settings.easing ?? .easeInOut)
    }
}
