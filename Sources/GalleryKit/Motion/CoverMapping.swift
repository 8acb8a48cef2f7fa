/// Maps points of a photo to points of an element showing it with `object-fit: cover` and
/// `object-position: <position>` (fractions of the element's width and height).
struct CoverMapping {
    var photoWidth: Double
    var photoHeight: Double
    /// Element width / height.
    var frameAspect: Double
    var position: FocalPoint

    func elementPoint(_ p: FocalPoint) -> FocalPoint {
        let frameWidth = frameAspect
        let frameHeight = 1.0
        let scale = max(frameWidth / photoWidth, frameHeight / photoHeight)
        let shownWidth = photoWidth * scale
        let shownHeight = photoHeight * scale
        let left = (frameWidth - shownWidth) * position.x
        let top = (frameHeight - shownHeight) * position.y
        let x = (left + p.x * shownWidth) / frameWidth
        let y = (top + p.y * shownHeight) / frameHeight
        return FocalPoint(x: x, y: y)
    }
}
