import Foundation

/// Where a story photo's caption goes: on the side of the frame away from the photo's focal
/// point, so the text never covers the subject. Written into the page stylesheet on the
/// story item (`.gk-story-item.gk-p-…`) as custom properties that `galleryc.css` places the
/// caption with (it is a grid item over the photo):
///
/// - `--gk-caption-block`: `start` (top) when the subject is in the lower half, else `end`;
/// - `--gk-caption-fade`: the direction of the shade behind it (`to top` for a top caption);
/// - `--gk-caption-inline`: on wide screens, where the caption is a narrower box, `end`
///   (right) when the subject is in the left half, else `start`.
struct StoryCaption: Sendable, Hashable {
    var atTop: Bool
    var atRight: Bool

    init(focus: FocalPoint) {
        atTop = focus.y > 0.5
        atRight = focus.x < 0.5
    }

    var declarations: String {
        "--gk-caption-block: \(atTop ? "start" : "end"); --gk-caption-fade: \(atTop ? "to top" : "to bottom"); "
            + "--gk-caption-inline: \(atRight ? "end" : "start");"
    }
}
