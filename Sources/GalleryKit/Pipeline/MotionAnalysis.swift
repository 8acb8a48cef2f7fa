/// What the motion layer computes from each photo's preview, in the image worker that made it.
enum MotionAnalysis {
    /// Part of the cache key: bump when the placeholder or focal point would come out different.
    static let version = "motion-1"

    /// Adds the inline placeholder, the dominant colour and, unless the sidecar set `focus:`,
    /// the focal point found by saliency analysis.
    @Sendable static func finish(_ result: ImageResult) -> ProcessedPhoto {
        var photo = result.photo
        let placeholder = Placeholder.make(from: result.preview)
        photo.placeholder = placeholder.dataURL
        photo.dominantColor = placeholder.dominantColor
        if photo.source.focus == nil {
            photo.focus = FocalPointDetector.detect(in: result.preview)
        }
        return photo
    }
}
